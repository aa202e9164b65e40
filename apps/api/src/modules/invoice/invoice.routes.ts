import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clearInvoiceSchema,
  creditNoteCreateSchema,
  dashboardQuerySchema,
  dashboardResponse,
  deletedResponse,
  idParamsSchema,
  idempotencyHeadersSchema,
  invoiceCreateSchema,
  invoiceCreatedResponse,
  invoiceListAllResponse,
  invoiceListQuerySchema,
  invoiceListResponse,
  invoiceNumberResponse,
  invoiceResponse,
  invoiceStateResponse,
  invoiceUpdateSchema,
  newInvoiceScreenResponse,
} from '@faktura/shared';
import type { Db } from '../../db/connection';
import { idempotent } from '../../http/idempotency';
import { allInvoicesJson } from './invoice.all';
import * as credit from './invoice.credit';
import * as lifecycle from './invoice.lifecycle';
import * as queries from './invoice.queries';
import * as service from './invoice.service';

const tags = ['invoice'];
const stateResponse = invoiceStateResponse;
/** The Idempotency-Key header, in the OpenAPI document (checked by `idempotent`). */
const headers = idempotencyHeadersSchema;

export const invoiceRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  (app) => {
    // streamed in chunks (invoice.all.ts): the schema documents the answer, the stream writes it
    app.get('/api/v1/invoice', { schema: { tags, response: { 200: invoiceListAllResponse } } }, async (request, reply) =>
      // a stream is sent as it is (no serializer), so it is not the typed body
      reply.type('application/json; charset=utf-8').send(allInvoicesJson(db, request.language) as never),
    );

    app.get(
      '/api/v1/invoice/list',
      { schema: { tags, querystring: invoiceListQuerySchema, response: { 200: invoiceListResponse } } },
      async (request) => {
        const { overdue, notInvoicedThisMonth, ...rest } = request.query;
        return queries.listInvoices(
          db,
          { ...rest, overdue: overdue !== undefined, notInvoicedThisMonth: notInvoicedThisMonth !== undefined },
          request.language,
        );
      },
    );

    app.get(
      '/api/v1/invoice/:id',
      { schema: { tags, params: idParamsSchema, response: { 200: invoiceResponse } } },
      async (request) => ({ data: await service.getInvoice(db, request.params.id, request.language) }),
    );

    app.post(
      '/api/v1/invoice',
      { schema: { tags, headers, body: invoiceCreateSchema, response: { 201: invoiceCreatedResponse } } },
      async (request, reply) =>
        idempotent(db, request, reply, 201, (finish) =>
          service.createInvoice(db, request.operator, request.body, finish),
        ),
    );

    app.put(
      '/api/v1/invoice/:id',
      { schema: { tags, headers, params: idParamsSchema, body: invoiceUpdateSchema, response: { 200: invoiceNumberResponse } } },
      async (request, reply) =>
        idempotent(db, request, reply, 200, (finish) =>
          service.updateInvoice(db, request.params.id, request.body, request.operator, finish),
        ),
    );

    app.delete(
      '/api/v1/invoice/:id',
      { schema: { tags, headers, params: idParamsSchema, response: { 200: deletedResponse } } },
      async (request, reply) =>
        idempotent(db, request, reply, 200, (finish) =>
          lifecycle.deleteInvoice(db, request.params.id, request.operator, finish),
        ),
    );

    app.post(
      '/api/v1/invoice/:id/issue',
      { schema: { tags, headers, params: idParamsSchema, response: { 200: stateResponse } } },
      async (request, reply) =>
        idempotent(db, request, reply, 200, (finish) =>
          lifecycle.issueInvoice(db, request.params.id, request.operator, finish),
        ),
    );

    app.post(
      '/api/v1/invoice/:id/clear',
      { schema: { tags, headers, params: idParamsSchema, body: clearInvoiceSchema.nullish(), response: { 200: stateResponse } } },
      async (request, reply) =>
        idempotent(db, request, reply, 200, (finish) =>
          lifecycle.clearInvoice(db, request.params.id, request.body?.paymentDate, request.operator, finish),
        ),
    );

    app.post(
      '/api/v1/invoice/:id/unclear',
      { schema: { tags, headers, params: idParamsSchema, response: { 200: stateResponse } } },
      async (request, reply) =>
        idempotent(db, request, reply, 200, (finish) =>
          lifecycle.unclearInvoice(db, request.params.id, request.operator, finish),
        ),
    );

    app.post(
      '/api/v1/invoice/:id/credit-note',
      {
        schema: {
          tags,
          summary: 'Issue a credit note (odobrenje) for an issued invoice: the given lines, or all that remain (storno)',
          headers,
          params: idParamsSchema,
          body: creditNoteCreateSchema,
          response: { 201: invoiceCreatedResponse },
        },
      },
      async (request, reply) =>
        idempotent(db, request, reply, 201, (finish) =>
          credit.createCreditNote(db, request.operator, request.params.id, request.body, finish),
        ),
    );

    app.get('/screen/v1/invoice/new', { schema: { tags, response: { 200: newInvoiceScreenResponse } } }, async (request) => ({
      data: await queries.newInvoiceScreen(db, request.operator, request.language),
    }));

    app.get(
      '/api/v1/dashboard',
      { schema: { tags: ['dashboard'], querystring: dashboardQuerySchema, response: { 200: dashboardResponse } } },
      async (request) => ({ data: await queries.dashboard(db, request.query.year, request.language) }),
    );
    return Promise.resolve();
  };

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { contract } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { idempotent } from '../../http/idempotency';
import { route } from '../../http/route';
import { allInvoicesJson } from './invoice.all';
import * as credit from './invoice.credit';
import * as reissue from './invoice.reissue';
import * as lifecycle from './invoice.lifecycle';
import * as payments from './invoice.payments';
import * as queries from './invoice.queries';
import * as service from './invoice.service';

const invoice = contract.invoice;

/** What the invoice module learns from other modules through ports, wired in app.ts. */
export interface InvoicePorts {
  /** Each payment's report to the Tax Administration (the fiscalization module, decision 030). */
  paymentReports: payments.PaymentReports;
}

/**
 * The list's query parameters the route passes on by name. A parameter the contract gains fails the
 * typecheck here until the route passes it on too (it would otherwise be accepted and ignored).
 */
type PassedOn = 'year' | 'q' | 'state' | 'overdue' | 'notInvoicedThisMonth' | 'fiscalStatus' | 'delivery' | 'page' | 'pageSize';
type NotPassedOn = Exclude<keyof z.output<typeof contract.invoice.list.query>, PassedOn>;
const everyListFilterPassedOn: [NotPassedOn] extends [never] ? true : NotPassedOn = true;
void everyListFilterPassedOn;

export const invoiceRoutes =
  (db: Db, ports: InvoicePorts): FastifyPluginAsyncZod =>
  (app) => {
    // streamed in chunks (invoice.all.ts): the schema documents the answer, the stream writes it
    route(app, invoice.all, async (request, reply) =>
      // a stream is sent as it is (no serializer), so it is not the typed body
      reply.type('application/json; charset=utf-8').send(allInvoicesJson(db) as never),
    );

    // the list and the detail: the hottest reads, written by their compiled schema (issue 33 item 2)
    route(
      app,
      invoice.list,
      async (request) => {
        // each filter by name: a rest pattern and a spread copied the query twice per request
        // (`PassedOn` below makes a filter added to the contract fail the typecheck until it is here)
        const query = request.query;
        return queries.listInvoices(db, {
          year: query.year,
          q: query.q,
          state: query.state,
          overdue: query.overdue !== undefined,
          notInvoicedThisMonth: query.notInvoicedThisMonth !== undefined,
          fiscalStatus: query.fiscalStatus,
          deliveryStatus: query.delivery,
          page: query.page,
          pageSize: query.pageSize,
        });
      },
      { compiledAnswer: true },
    );

    route(app, invoice.get, async (request) => ({ data: await service.getInvoice(db, request.params.id) }), { compiledAnswer: true });

    route(app, invoice.create, async (request, reply) =>
      idempotent(db, request, reply, 201, (finish) => service.createInvoice(db, request.operator, request.body, finish)),
    );

    route(app, invoice.update, async (request, reply) =>
      idempotent(db, request, reply, 200, (finish) =>
        service.updateInvoice(db, request.params.id, request.body, request.operator, finish),
      ),
    );

    route(app, invoice.remove, async (request, reply) =>
      idempotent(db, request, reply, 200, (finish) => lifecycle.deleteInvoice(db, request.params.id, request.operator, finish)),
    );

    route(app, invoice.issue, async (request, reply) =>
      idempotent(db, request, reply, 200, (finish) => lifecycle.issueInvoice(db, request.params.id, request.operator, finish)),
    );

    route(app, invoice.clear, async (request, reply) =>
      idempotent(db, request, reply, 200, (finish) =>
        lifecycle.clearInvoice(db, request.params.id, request.body?.paymentDate, request.operator, finish),
      ),
    );

    route(app, invoice.unclear, async (request, reply) =>
      idempotent(db, request, reply, 200, (finish) => lifecycle.unclearInvoice(db, request.params.id, request.operator, finish)),
    );

    route(app, invoice.creditNote, async (request, reply) =>
      idempotent(db, request, reply, 201, (finish) =>
        credit.createCreditNote(db, request.operator, request.params.id, request.body, finish),
      ),
    );

    route(app, invoice.reissue, async (request, reply) =>
      idempotent(db, request, reply, 201, (finish) => reissue.reissueInvoice(db, request.operator, request.params.id, finish)),
    );

    route(app, invoice.payments, async (request) => ({
      data: await payments.listPayments(db, ports.paymentReports, request.params.id),
    }));

    route(app, invoice.recordPayment, async (request, reply) =>
      idempotent(db, request, reply, 201, (finish) =>
        payments.recordPayment(db, ports.paymentReports, request.params.id, request.body, request.operator, finish),
      ),
    );

    route(app, invoice.deletePayment, async (request, reply) =>
      idempotent(db, request, reply, 200, (finish) =>
        payments.deletePayment(db, request.params.id, request.params.paymentId, request.operator, finish),
      ),
    );

    route(app, invoice.newScreen, async (request) => ({
      data: await queries.newInvoiceScreen(db, request.operator),
    }));

    route(app, contract.dashboard.get, async (request) => ({
      data: await queries.dashboard(db, request.query.year),
    }));
    return Promise.resolve();
  };

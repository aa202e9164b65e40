import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  companyCreateSchema,
  deletedResponse,
  companyListResponse,
  companyResponse,
  companyUpdateSchema,
  idParamsSchema,
  lineItemListResponse,
} from '@faktura/shared';
import type { Db } from '../../db/connection';
import * as service from './company.service';

const tags = ['company'];

export const companyRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  (app) => {
    app.get('/api/v1/company', { schema: { tags, response: { 200: companyListResponse } } }, async (request) => ({
      data: await service.listCompanies(db, request.language),
    }));

    app.get(
      '/api/v1/company/:id',
      { schema: { tags, params: idParamsSchema, response: { 200: companyResponse } } },
      async (request) => ({ data: await service.getCompany(db, request.params.id, request.language) }),
    );

    app.post(
      '/api/v1/company',
      { schema: { tags, body: companyCreateSchema, response: { 201: companyResponse } } },
      async (request, reply) =>
        reply.code(201).send({ data: await service.createCompany(db, request.body, request.language) }),
    );

    app.put(
      '/api/v1/company/:id',
      { schema: { tags, params: idParamsSchema, body: companyUpdateSchema, response: { 200: companyResponse } } },
      async (request) => ({
        data: await service.updateCompany(db, request.params.id, request.body, request.language),
      }),
    );

    app.delete(
      '/api/v1/company/:id',
      { schema: { tags, params: idParamsSchema, response: { 200: deletedResponse } } },
      async (request) => {
        await service.deleteCompany(db, request.params.id);
        return { data: { id: request.params.id } };
      },
    );

    app.get(
      '/api/v1/company/:id/lineItems',
      { schema: { tags, params: idParamsSchema, response: { 200: lineItemListResponse } } },
      async (request) => ({ data: await service.lineItemsOfCompany(db, request.params.id) }),
    );
    return Promise.resolve();
  };

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deletedResponse, idParamsSchema, lineItemInputSchema, lineItemListResponse, lineItemResponse } from '@faktura/shared';
import type { Db } from '../../db/connection';
import * as service from './lineItem.service';

const tags = ['lineItem'];

export const lineItemRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  (app) => {
    app.get('/api/v1/lineItem', { schema: { tags, response: { 200: lineItemListResponse } } }, async () => ({
      data: await service.listLineItems(db),
    }));

    app.get(
      '/api/v1/lineItem/:id',
      { schema: { tags, params: idParamsSchema, response: { 200: lineItemResponse } } },
      async (request) => ({ data: await service.getLineItem(db, request.params.id) }),
    );

    app.post(
      '/api/v1/lineItem',
      { schema: { tags, body: lineItemInputSchema, response: { 201: lineItemResponse } } },
      async (request, reply) => reply.code(201).send({ data: await service.createLineItem(db, request.body) }),
    );

    app.put(
      '/api/v1/lineItem/:id',
      { schema: { tags, params: idParamsSchema, body: lineItemInputSchema, response: { 200: lineItemResponse } } },
      async (request) => ({ data: await service.updateLineItem(db, request.params.id, request.body) }),
    );

    app.delete(
      '/api/v1/lineItem/:id',
      { schema: { tags, params: idParamsSchema, response: { 200: deletedResponse } } },
      async (request) => {
        await service.deleteLineItem(db, request.params.id);
        return { data: { id: request.params.id } };
      },
    );
    return Promise.resolve();
  };

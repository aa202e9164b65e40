import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addressInputSchema,
  addressListResponse,
  addressResponse,
  deletedResponse,
  idParamsSchema,
} from '@faktura/shared';
import type { Db } from '../../db/connection';
import * as service from './address.service';

const tags = ['address'];

export const addressRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  (app) => {
    app.get('/api/v1/address', { schema: { tags, response: { 200: addressListResponse } } }, async (request) => ({
      data: await service.listAddresses(db, request.language),
    }));

    app.get(
      '/api/v1/address/:id',
      { schema: { tags, params: idParamsSchema, response: { 200: addressResponse } } },
      async (request) => ({ data: await service.getAddress(db, request.params.id, request.language) }),
    );

    app.post(
      '/api/v1/address',
      { schema: { tags, body: addressInputSchema, response: { 201: addressResponse } } },
      async (request, reply) => {
        const address = await service.createAddress(db, request.body, request.language);
        return reply.code(201).send({ data: address });
      },
    );

    app.put(
      '/api/v1/address/:id',
      { schema: { tags, params: idParamsSchema, body: addressInputSchema, response: { 200: addressResponse } } },
      async (request) => ({
        data: await service.updateAddress(db, request.params.id, request.body, request.language),
      }),
    );

    app.delete(
      '/api/v1/address/:id',
      { schema: { tags, params: idParamsSchema, response: { 200: deletedResponse } } },
      async (request) => {
        await service.deleteAddress(db, request.params.id);
        return { data: { id: request.params.id } };
      },
    );
    return Promise.resolve();
  };

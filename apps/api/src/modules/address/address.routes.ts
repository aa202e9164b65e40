import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { route } from '../../http/route';
import * as service from './address.service';

export const addressRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  (app) => {
    route(app, contract.address.list, async () => ({ data: await service.listAddresses(db) }));

    route(app, contract.address.get, async (request) => ({
      data: await service.getAddress(db, request.params.id),
    }));

    route(app, contract.address.create, async (request, reply) => {
      const address = await service.createAddress(db, request.body);
      return reply.code(201).send({ data: address });
    });

    route(app, contract.address.update, async (request) => ({
      data: await service.updateAddress(db, request.params.id, request.body),
    }));

    route(app, contract.address.remove, async (request) => {
      await service.deleteAddress(db, request.params.id);
      return { data: { id: request.params.id } };
    });
    return Promise.resolve();
  };

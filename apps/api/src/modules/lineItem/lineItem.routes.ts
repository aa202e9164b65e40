import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { route } from '../../http/route';
import * as service from './lineItem.service';

export const lineItemRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  (app) => {
    route(app, contract.lineItem.list, async () => ({ data: await service.listLineItems(db) }));

    route(app, contract.lineItem.get, async (request) => ({ data: await service.getLineItem(db, request.params.id) }));

    route(app, contract.lineItem.create, async (request, reply) =>
      reply.code(201).send({ data: await service.createLineItem(db, request.body) }),
    );

    route(app, contract.lineItem.update, async (request) => ({
      data: await service.updateLineItem(db, request.params.id, request.body),
    }));

    route(app, contract.lineItem.remove, async (request) => {
      await service.deleteLineItem(db, request.params.id);
      return { data: { id: request.params.id } };
    });
    return Promise.resolve();
  };

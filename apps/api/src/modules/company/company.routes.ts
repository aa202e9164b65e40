import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { route } from '../../http/route';
import * as service from './company.service';

export const companyRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  (app) => {
    route(app, contract.company.list, async (request) => ({ data: await service.listCompanies(db, request.query.role) }));

    route(app, contract.company.get, async (request) => ({
      data: await service.getCompany(db, request.params.id),
    }));

    route(app, contract.company.create, async (request, reply) =>
      reply.code(201).send({ data: await service.createCompany(db, request.body, request.operator) }),
    );

    route(app, contract.company.update, async (request) => ({
      data: await service.updateCompany(db, request.params.id, request.body, request.operator),
    }));

    route(app, contract.company.remove, async (request) => {
      await service.deleteCompany(db, request.params.id, request.operator);
      return { data: { id: request.params.id } };
    });

    route(app, contract.company.lineItems, async (request) => ({
      data: await service.lineItemsOfCompany(db, request.params.id),
    }));
    return Promise.resolve();
  };

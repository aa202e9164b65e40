import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { route } from '../../http/route';
import * as service from './account.service';

export const accountRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  (app) => {
    route(app, contract.account.get, async (request) => ({ data: await service.getAccount(db, request.operator) }));

    route(app, contract.account.update, async (request) => ({
      data: await service.updateAccount(db, request.operator, request.body),
    }));

    route(app, contract.account.changePassword, async (request) => {
      await service.changePassword(db, request.operator, request.body);
      return { data: { ok: true as const } };
    });
    return Promise.resolve();
  };

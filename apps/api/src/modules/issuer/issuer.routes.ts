import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { route } from '../../http/route';
import * as service from './issuer.service';

export const issuerRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  (app) => {
    route(app, contract.settings.issuer, async () => ({ data: await service.getIssuer(db) }));

    route(app, contract.settings.saveIssuer, async (request) => ({
      data: await service.saveIssuer(db, request.body, request.operator),
    }));

    route(app, contract.settings.pos, async () => ({ data: await service.getPos(db) }));

    route(app, contract.settings.savePos, async (request) => ({
      data: await service.savePos(db, request.body, request.operator),
    }));
    return Promise.resolve();
  };

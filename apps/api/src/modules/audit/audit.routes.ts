import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { route } from '../../http/route';
import { listEntries } from './audit.service';

export const auditRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  (app) => {
    route(app, contract.audit.list, async (request) => listEntries(db, request.query));
    return Promise.resolve();
  };

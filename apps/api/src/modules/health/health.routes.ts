import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { route } from '../../http/route';
import { ping } from './health.repository';

/** For load balancers and scripts: answers without a token once the database answers. */
export const healthRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  (app) => {
    route(app, contract.health.get, async () => {
      await ping(db);
      return { data: { status: 'ok' as const } };
    });
    return Promise.resolve();
  };

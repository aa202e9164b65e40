import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse } from '@faktura/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/connection';

/** For load balancers and scripts: answers without a token once the database answers. */
export const healthRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  (app) => {
    app.get('/api/v1/health', { schema: { tags: ['health'], response: { 200: healthResponse } } }, async () => {
      await sql`select 1`.execute(db);
      return { data: { status: 'ok' as const } };
    });
    return Promise.resolve();
  };

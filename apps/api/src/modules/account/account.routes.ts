import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountInputSchema, accountResponse, passwordChangeResponse, passwordChangeSchema } from '@faktura/shared';
import type { Db } from '../../db/connection';
import * as service from './account.service';

const tags = ['account'];

export const accountRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  (app) => {
    app.get('/api/v1/account', { schema: { tags, response: { 200: accountResponse } } }, async (request) => ({
      data: await service.getAccount(db, request.operator),
    }));

    app.put(
      '/api/v1/account',
      { schema: { tags, body: accountInputSchema, response: { 200: accountResponse } } },
      async (request) => ({ data: await service.updateAccount(db, request.operator, request.body) }),
    );

    app.post(
      '/api/v1/account/password',
      { schema: { tags, body: passwordChangeSchema, response: { 200: passwordChangeResponse } } },
      async (request) => {
        await service.changePassword(db, request.operator, request.body);
        return { data: { ok: true as const } };
      },
    );
    return Promise.resolve();
  };

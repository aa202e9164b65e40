import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { issuerInputSchema, issuerResponse, posResponse, posSchema } from '@faktura/shared';
import type { Db } from '../../db/connection';
import * as service from './settings.service';

const tags = ['settings'];

export const settingsRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  (app) => {
    app.get('/api/v1/settings/issuer', { schema: { tags, response: { 200: issuerResponse } } }, async (request) => ({
      data: await service.getIssuer(db, request.language),
    }));

    app.put(
      '/api/v1/settings/issuer',
      { schema: { tags, body: issuerInputSchema, response: { 200: issuerResponse } } },
      async (request) => ({ data: await service.saveIssuer(db, request.body, request.language, request.operator) }),
    );

    app.get('/api/v1/settings/pos', { schema: { tags, response: { 200: posResponse } } }, async () => ({
      data: await service.getPos(db),
    }));

    app.put(
      '/api/v1/settings/pos',
      { schema: { tags, body: posSchema, response: { 200: posResponse } } },
      async (request) => ({ data: await service.savePos(db, request.body, request.operator) }),
    );
    return Promise.resolve();
  };

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { kpdQuerySchema, kpdSearchResponse } from '@faktura/shared';
import { searchKpd } from '@faktura/shared/kpd';

const tags = ['kpd'];

/**
 * The KPD 2025 list for the line-item picker: the web asks here instead of downloading the whole
 * list (decision 005). Names come in the request's language.
 */
export const kpdRoutes: FastifyPluginAsyncZod = (app) => {
  app.get(
    '/api/v1/kpd',
    { schema: { tags, querystring: kpdQuerySchema, response: { 200: kpdSearchResponse } } },
    (request) => Promise.resolve({ data: searchKpd(request.query.q, request.language, request.query.limit) }),
  );
  return Promise.resolve();
};

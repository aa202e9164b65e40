import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract } from '@faktura/shared';
import { searchKpd } from '@faktura/shared/kpd';
import { route } from '../../http/route';

/**
 * The KPD 2025 list for the line-item picker: the web asks here instead of downloading the whole
 * list (decision 005). Names come in `?lang=`, else the request's language (decision 019).
 */
export const kpdRoutes: FastifyPluginAsyncZod = (app) => {
  route(app, contract.kpd.search, (request) =>
    Promise.resolve({ data: searchKpd(request.query.q, request.query.lang ?? request.language, request.query.limit) }),
  );
  return Promise.resolve();
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListResponse, auditQuerySchema } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { listEntries } from './audit.service';

export const auditRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  (app) => {
    app.get(
      '/api/v1/audit',
      {
        schema: {
          tags: ['audit'],
          summary:
            'The audit trail, newest first, 20 a page; with invoiceId only what concerns that invoice and its credit notes',
          querystring: auditQuerySchema,
          response: { 200: auditListResponse },
        },
      },
      async (request) => listEntries(db, request.query),
    );
    return Promise.resolve();
  };

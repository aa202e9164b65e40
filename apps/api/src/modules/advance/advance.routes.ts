import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { idempotent } from '../../http/idempotency';
import { route } from '../../http/route';
import * as service from './advance.service';

/** `POST /api/v1/advance` (issue an advance invoice with its payment) and `GET /api/v1/advance?clientId=`. */
export const advanceRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  (app) => {
    route(app, contract.advance.create, async (request, reply) =>
      idempotent(db, request, reply, 201, (finish) =>
        service.createAdvanceInvoice(db, request.operator, request.body, finish),
      ),
    );
    route(app, contract.advance.open, async (request) => ({
      data: await service.openAdvances(db, request.query.clientId),
    }));
    return Promise.resolve();
  };

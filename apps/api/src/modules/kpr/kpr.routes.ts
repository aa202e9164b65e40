import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { route } from '../../http/route';
import { kprCsv, kprFileName } from './kpr.csv';
import { kprPdf } from './kpr.pdf';
import * as service from './kpr.service';
import { sendDownload } from '../../http/download';

/** The KPR and PO-SD of a year (decision 029): the ledger as JSON, CSV and PDF, and PO-SD's figures. */
export const kprRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  (app) => {
    route(app, contract.kpr.ledger, async (request) => ({ data: await service.kprOf(db, request.query.year) }));

    route(app, contract.kpr.csv, async (request, reply) => {
      const csv = kprCsv(await service.kprOf(db, request.query.year));
      return sendDownload(reply, 'text/csv; charset=utf-8', kprFileName(request.query.year, 'csv'), csv);
    });

    route(app, contract.kpr.pdf, async (request, reply) => {
      const pdf = await kprPdf(await service.kprOf(db, request.query.year));
      return sendDownload(reply, 'application/pdf', kprFileName(request.query.year, 'pdf'), pdf);
    });

    route(app, contract.kpr.posd, async (request) => ({ data: await service.posdOf(db, request.query.year) }));
    return Promise.resolve();
  };

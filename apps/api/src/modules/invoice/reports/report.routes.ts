import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract, todayInZagreb } from '@faktura/shared';
import type { Db } from '../../../db/connection';
import { route } from '../../../http/route';
import { paymentReport } from './paymentReport';
import { paymentReportCsv, paymentReportFileName } from './paymentReport.csv';
import { paymentReportPdf } from './paymentReport.pdf';

const attachment = (name: string) => `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** The month's reports (decision 028): read-only, built from the payments on record. */
export const reportRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  (app) => {
    route(app, contract.reports.payments, async (request) => ({ data: await paymentReport(db, request.query.month) }));

    route(app, contract.reports.paymentsCsv, async (request, reply) => {
      const report = await paymentReport(db, request.query.month);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(paymentReportFileName(report.month, 'csv')))
        .header('cache-control', 'no-store')
        .send(paymentReportCsv(report));
    });

    route(app, contract.reports.paymentsPdf, async (request, reply) => {
      const report = await paymentReport(db, request.query.month);
      const pdf = await paymentReportPdf(report, request.query.lang ?? request.language, todayInZagreb());
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment(paymentReportFileName(report.month, 'pdf')))
        .header('cache-control', 'no-store')
        .send(pdf);
    });
    return Promise.resolve();
  };

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract, todayInZagreb } from '@faktura/shared';
import type { Db } from '../../../db/connection';
import { route } from '../../../http/route';
import { record } from '../../audit';
import { exportCsvStream, exportFileName } from '../export/export.csv';
import { type ReceivedExportSource, exportZip } from '../export/export.zip';
import { paymentReport } from './paymentReport';
import { paymentReportCsv, paymentReportFileName } from './paymentReport.csv';
import { paymentReportPdf } from './paymentReport.pdf';
import { attachmentHeader, sendDownload } from '../../../http/download';

/** The month's reports (decision 028): read-only, built from the payments on record. */
export const reportRoutes =
  (db: Db, received?: ReceivedExportSource): FastifyPluginAsyncZod =>
  (app) => {
    route(app, contract.reports.payments, async (request) => ({ data: await paymentReport(db, request.query.month) }));

    route(app, contract.reports.paymentsCsv, async (request, reply) => {
      const report = await paymentReport(db, request.query.month);
      return sendDownload(reply, 'text/csv; charset=utf-8', paymentReportFileName(report.month, 'csv'), paymentReportCsv(report));
    });

    route(app, contract.reports.paymentsPdf, async (request, reply) => {
      const report = await paymentReport(db, request.query.month);
      const pdf = await paymentReportPdf(report, request.query.lang ?? request.language, todayInZagreb());
      return sendDownload(reply, 'application/pdf', paymentReportFileName(report.month, 'pdf'), pdf);
    });

    /**
     * The accountant's export (issue 31 item 13), streamed: the CSV or the zip is written while the
     * documents are read, a page at a time. Handing out the period's e-invoices is recorded, as one
     * e-invoice's download is.
     */
    route(app, contract.reports.export, async (request, reply) => {
      const { from, to } = request.query;
      const format = request.query.format ?? 'csv';
      const language = request.query.lang ?? request.language;
      await db.transaction().execute((trx) => record(trx, request.operator, { action: 'documents.exported', details: { from, to, format, language } }));
      const abort = new AbortController();
      reply.raw.on('close', () => abort.abort());
      const body = format === 'zip' ? exportZip(db, from, to, language, request.log, received) : exportCsvStream(db, from, to, language, abort.signal);
      return reply
        .type(format === 'zip' ? 'application/zip' : 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentHeader(exportFileName(from, to, language, format)))
        .header('cache-control', 'no-store')
        .send(body);
    });
    return Promise.resolve();
  };

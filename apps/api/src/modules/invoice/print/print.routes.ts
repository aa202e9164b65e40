import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract } from '@faktura/shared';
import { builtThenRecorded } from '../../../db/audit';
import type { Db } from '../../../db/connection';
import { packedWhole } from '../../../http/compression';
import { route } from '../../../http/route';
import { record } from '../../audit';
import { eInvoiceDocumentOf } from '../einvoice/einvoice';
import { buildUbl } from '../einvoice/ubl';
import { invoicePdf } from './invoicePdf';
import { buildPrintView } from './printView';

export const printRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  (app) => {
    /** Spec §7: the language comes from Accept-Language; `?lang=` overrides it (our addition). */
    route(app, contract.print.view, async (request) => ({
      data: await buildPrintView(db, request.params.id, request.query.lang ?? request.language),
    }));

    route(app, contract.print.pdf, async (request, reply) => {
      const { pdf, fileName: name } = await invoicePdf(db, request.params.id, request.query.lang ?? request.language);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('cache-control', 'no-store')
        .send(pdf);
    });

    /**
     * The UBL 2.1 e-invoice (EN 16931 + HR CIUS 2025) of an issued invoice or credit note, with its
     * PDF embedded in the language asked for (Croatian for a Croatian client). A draft is a 409.
     */
    route(app, contract.print.ubl, async (request, reply) => {
      const language = request.query.lang ?? request.language;
      const { invoiceNumber: number, document } = await eInvoiceDocumentOf(db, request.params.id, language);
      // an e-invoice handed out is recorded, like issuing: a tax inspector may ask what was sent
      const details = { number, language };
      const xml = await builtThenRecorded(db, () => buildUbl(document), (trx) =>
        record(trx, request.operator, { action: 'einvoice.exported', invoiceId: request.params.id, details }),
      );
      const name = `${number.replace(/\//g, '-')}.xml`;
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('cache-control', 'no-store')
        .send(packedWhole(request, reply, xml));
    }, { compress: false });
    return Promise.resolve();
  };

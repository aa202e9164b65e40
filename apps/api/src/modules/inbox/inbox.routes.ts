import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract } from '@faktura/shared';
import { attachmentHeader } from '../../http/download';
import { AppError } from '../../http/errors';
import { route } from '../../http/route';
import { paymentRoutes } from './inbox.payments';
import { rejectionRoutes } from './inbox.rejection';
import { receivedPdf } from './inbox.pdf';
import { MAX_FILES, MAX_UPLOAD_BYTES, type Unpacked, unpack } from './inbox.files';
import { type InboxDeps, attachmentPdf, inboxAttention, paymentCodePng, getReceived, keepContext, keepDocument, listReceived, originalXml, resultOf, summarise } from './inbox.service';
import type { ImportResult } from '@faktura/shared';
import { type FetchDeps, fetchRound, fetchStatus } from './inbox.fetch';

export interface InboxRouteDeps extends InboxDeps, FetchDeps {
  /** The process's id for the fetching lease (the background fetcher's, so that "Fetch now" and it never run at once). */
  processId: string;
  /** Told after documents were kept (the validation queue starts at once). */
  kept?: () => void;
  /** Told after a rejection was queued for a report or for the intermediary (decision 042): that worker starts at once. */
  rejectionQueued?: (worker: 'fiscalization' | 'intermediary') => void;
}

export const inboxRoutes =
  (deps: InboxRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // multipart bodies for the import only: this plugin's scope
    await app.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_FILES, fields: 20, parts: MAX_FILES + 20, fieldSize: 1024 },
      throwFileSizeLimit: false,
    });

    route(app, contract.inbox.list, async (request) => listReceived(deps.db, request.query));
    route(app, contract.inbox.get, async (request) => ({ data: await getReceived(deps.db, request.params.id, request.language) }));

    route(app, contract.inbox.xml, async (request, reply) => {
      const { bytes, fileName } = await originalXml(deps.db, request.params.id);
      return reply.type('application/xml').header('content-disposition', attachmentHeader(fileName)).header('cache-control', 'no-store').send(bytes);
    }, { compress: false });

    route(app, contract.inbox.attention, async (request) => {
      const [counts, fetch] = await Promise.all([inboxAttention(deps.db), fetchStatus(deps.db, request.language)]);
      return { data: { ...counts, fetch } };
    });

    route(app, contract.inbox.paymentCode, async (request, reply) => {
      const png = await paymentCodePng(deps.db, request.params.id);
      return reply.type('image/png').header('cache-control', 'no-store').send(png);
    });

    route(app, contract.inbox.pdf, async (request, reply) => {
      const { pdf, fileName } = await receivedPdf(deps.db, request.params.id, request.query.lang ?? request.language);
      return reply.type('application/pdf').header('content-disposition', attachmentHeader(fileName)).header('cache-control', 'no-store').send(pdf);
    });

    route(app, contract.inbox.attachment, async (request, reply) => {
      const { bytes, fileName } = await attachmentPdf(deps.db, request.params.id, request.params.index);
      return reply.type('application/pdf').header('content-disposition', attachmentHeader(fileName)).header('cache-control', 'no-store').send(bytes);
    });

    route(app, contract.inbox.import, async (request) => {
      if (!request.isMultipart()) throw new AppError('unsupportedMediaType');
      const unpacked: Unpacked[] = [];
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          const bytes = await part.toBuffer();
          const name = part.filename || part.fieldname || 'file';
          unpacked.push(...(await unpack(name, bytes, part.file.truncated)));
        }
      } catch (error) {
        // a body that is not the multipart it says it is (no boundary, cut short): the client's mistake
        if (error instanceof AppError) throw error;
        const status = (error as { statusCode?: number }).statusCode;
        if (typeof status === 'number' && status >= 400 && status < 500 && status !== 400) throw error;
        request.log.info({ err: error instanceof Error ? error.message : String(error) }, 'unreadable multipart body');
        throw new AppError('malformed');
      }
      if (unpacked.length === 0) throw new AppError('inboxNoFiles');
      const ctx = await keepContext(deps);
      const results: ImportResult[] = [];
      for (const item of unpacked) {
        if ('refused' in item) {
          results.push(resultOf(item.file, { outcome: 'REFUSED', code: item.refused, params: item.params }, request.language));
          continue;
        }
        const kept = await keepDocument(deps, { bytes: item.bytes, fileName: item.file, source: 'IMPORT', provider: null, providerDocumentId: null }, ctx, request.operator);
        results.push(resultOf(item.file, kept, request.language));
      }
      if (results.some((r) => r.outcome === 'IMPORTED')) deps.kept?.();
      return { data: summarise(results) };
    });

    paymentRoutes(app, deps.db);
    rejectionRoutes(app, deps);

    route(app, contract.inbox.fetch, async (request) => {
      const answer = await fetchRound(deps, deps.processId, { manual: true, language: request.language, actor: request.operator });
      if (!answer) throw new AppError('deliveryNotConfigured');
      if (answer.fetched > 0) deps.kept?.();
      return { data: answer };
    });
  };

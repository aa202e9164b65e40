import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import { type Language, formatDate, formatDateTime, translate } from '@faktura/shared';
import type { Db } from '../../../db/connection';
import { getIssuer } from '../../issuer';
import { renderEInvoice } from '../einvoice/einvoice';
import { invoicePdf } from '../print/invoicePdf';
import { loadPrintSources } from '../print/sources';
import { exportCsvStream, exportFileName } from './export.csv';
import { exportDocuments } from './export.documents';

/*
 * The accountant's export as a zip (issue 31 item 13), written while it is read: the README, the
 * period's CSV, then each document's PDF and UBL e-invoice in a folder of its year, the very bytes the
 * PDF and e-invoice downloads give in that language (an issued document's PDF is the same file
 * whenever it is rendered; the UBL embeds that PDF). A document to a private person, or one whose
 * operator has no OIB, has the PDF only; the CSV's e-invoice column and the README say so.
 *
 * Memory stays bounded (yazl, ZIP64 past 65,535 entries or 4 GiB): documents are read a page at a
 * time, and each one's files are rendered only once the previous document's have been written to the
 * response, which waits for the client (its stream is piped with back-pressure). The entries' data is
 * handed to yazl as lazy streams whose buffers are released once read: yazl keeps each entry's
 * record for the central directory, not its data.
 */

/**
 * The received documents the export carries (the inbox's, wired in app.ts, so this module knows
 * nothing of the inbox): the URA book as CSV and each original XML, byte for byte, of a period.
 */
export interface ReceivedExportSource {
  csvName: (from: string, to: string, language: Language) => string;
  /** The zip's folder of the originals (`primljeni`). */
  folder: (language: Language) => string;
  csv: (db: Db, from: string, to: string, language: Language, signal?: AbortSignal) => Readable;
  originals: (db: Db, from: string, to: string, signal?: AbortSignal) => AsyncGenerator<{ name: string; bytes: Buffer; mtime: Date }>;
}

/** A document's e-invoice, named as its download is (`7-POSL1-1.xml`). */
const xmlName = (number: string) => `${number.replace(/\//g, '-')}.xml`;

/**
 * Adds a file's bytes as an entry that yazl reads when it gets there; resolves once they have been
 * written. yazl keeps every entry's read function for good (it stays on the entry it lists in the
 * central directory), so no closure here may hold the bytes: they travel in a box emptied on reading.
 */
function addLazy(zip: ZipFile, name: string, box: { data: Buffer | null }, options: { mtime: Date; compress: boolean; size: number }): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    zip.addReadStreamLazy(name, options, (callback) => {
      const buffer = box.data ?? Buffer.alloc(0);
      box.data = null;
      const stream = Readable.from([buffer], { objectMode: false });
      stream.on('end', () => resolve());
      stream.on('error', reject);
      callback(null, stream);
    });
  });
}

/** An entry's bytes in a box `addLazy` empties, and their size. */
const boxed = (data: Buffer) => ({ box: { data }, size: data.length });

export function exportZip(db: Db, from: string, to: string, language: Language, log: FastifyBaseLogger, received?: ReceivedExportSource): Readable {
  const zip = new ZipFile();
  const abort = new AbortController();
  // yazl's output is a PassThrough (typed as the older ReadableStream interface)
  const output = zip.outputStream as unknown as Readable;
  output.on('close', () => abort.abort());
  const now = new Date();
  const csvName = exportFileName(from, to, language, 'csv');
  const uraName = received?.csvName(from, to, language);
  const receivedFolder = received?.folder(language);

  const run = async () => {
    const t = (key: string, params: Record<string, string> = {}) => translate(language, `reports.export.readme.${key}`, params);
    const issuer = await getIssuer(db);
    const readme = [
      t('title'),
      '',
      t('period', { from: formatDate(from, language), to: formatDate(to, language) }),
      ...(issuer ? [t('issuer', { name: issuer.name, oib: issuer.oib })] : []),
      t('created', { at: formatDateTime(now.toISOString(), language) }),
      '',
      t('contents'),
      `- ${t('csv', { file: csvName })}`,
      `  ${t('convention')}`,
      `  ${t('euro')}`,
      `- ${t('pdf')}`,
      `- ${t('xml')}`,
      ...(uraName && receivedFolder ? [`- ${t('ura', { file: uraName })}`, `- ${t('received', { folder: receivedFolder })}`] : []),
      '',
      t('noXml'),
      t('snapshot'),
      '',
    ].join('\r\n');
    zip.addBuffer(Buffer.from(`\uFEFF${readme}`, 'utf8'), translate(language, 'reports.export.readmeName'), { mtime: now });
    zip.addReadStream(exportCsvStream(db, from, to, language, abort.signal), csvName, { mtime: now });
    if (received && uraName) zip.addReadStream(received.csv(db, from, to, language, abort.signal), uraName, { mtime: now });
    let previous: Promise<unknown> = Promise.resolve();
    for await (const page of exportDocuments(db, from, to, abort.signal)) {
      for (const doc of page) {
        if (abort.signal.aborted) return;
        const { row } = doc;
        const folder = String(row.number_year ?? row.billing_date.slice(0, 4));
        const mtime = new Date(`${row.billing_date}T12:00:00Z`);
        // the document read once for its PDF and its e-invoice, which embeds that PDF
        const sources = await loadPrintSources(db, row.id);
        const { pdf, fileName } = await invoicePdf(db, row.id, language, sources);
        const xml = doc.eInvoiceRefusal ? null : (await renderEInvoice(db, row.id, language, { pdf, sources })).xml;
        // the previous document's files are out before this one's are queued: one document in memory
        await previous;
        const pdfEntry = boxed(pdf);
        const written = [addLazy(zip, `${folder}/${fileName}`, pdfEntry.box, { mtime, compress: false, size: pdfEntry.size })];
        if (xml !== null) {
          const xmlEntry = boxed(Buffer.from(xml, 'utf8'));
          written.push(addLazy(zip, `${folder}/${xmlName(row.invoice_number)}`, xmlEntry.box, { mtime, compress: true, size: xmlEntry.size }));
        }
        previous = Promise.all(written);
      }
    }
    await previous;
    if (received && receivedFolder) {
      // each received original as it came, one in memory at a time
      for await (const original of received.originals(db, from, to, abort.signal)) {
        if (abort.signal.aborted) return;
        const entry = boxed(original.bytes);
        await addLazy(zip, `${receivedFolder}/${original.name}`, entry.box, { mtime: original.mtime, compress: true, size: entry.size });
      }
    }
    zip.end();
  };
  run().catch((error: unknown) => {
    log.error({ err: error }, 'the accountant’s export (zip) failed while streaming');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}

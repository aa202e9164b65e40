import { Readable } from 'node:stream';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { type Language, formatDate, translate } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { type ReceivedExportSource, csvCell, csvConvention, decimalComma } from '../invoice';
import { type ReceivedExportRowDb, receivedPage } from './inbox.export.repository';
import { originalFileName } from './inbox.names';
import { readUbl } from './ubl.reader';

/*
 * The received documents in the accountant's export (issue 46): the URA book (knjiga ulaznih
 * računa) as CSV, one row per document and VAT group, in the export's own conventions (its
 * separator, decimal sign, UTF-8 with a BOM, CRLF; `csvConvention`), and each original XML byte for
 * byte. A period's documents are those received in it (day of receipt: the input VAT is deducted in
 * the period the invoice was received), by day of receipt and then as kept, numbered 1, 2 … in that
 * order. A credit note's amounts are negative, as Faktura's own credit notes read in the export; the
 * VAT groups are read again from the original, as the document's page shows them.
 */

const PAGE = 200;
const BOM = '\uFEFF';

const COLUMNS = [
  'ordinal', 'number', 'kind', 'issueDate', 'receivedDate', 'dueDate', 'supplier', 'supplierOib', 'supplierAddress',
  'vatCategory', 'base', 'vatRate', 'vat', 'total', 'documentTotal', 'currency', 'paid', 'state',
] as const;

async function* pages(db: Db, from: string, to: string, signal?: AbortSignal): AsyncGenerator<ReceivedExportRowDb[]> {
  let after: Parameters<typeof receivedPage>[4];
  for (;;) {
    if (signal?.aborted) return;
    const page = await receivedPage(db, from, to, PAGE, after);
    if (page.rows.length > 0) yield page.rows;
    if (!page.next) return;
    after = page.next;
    await yieldToEventLoop();
  }
}

/** One document's rows of the book. */
function uraRows(row: ReceivedExportRowDb, ordinal: number, language: Language): string {
  const { separator, point } = csvConvention(language);
  const text = (value: string | null | undefined) => csvCell(value ?? '', true, separator);
  const money = (cents: number) => decimalComma(cents, point);
  const day = (iso: string | null) => (iso ? text(formatDate(iso, language)) : '');
  const read = readUbl(row.bytes, row.file_name ?? String(row.id));
  const sign = row.document_type === 'CREDIT_NOTE' ? -1 : 1;
  const { street, postcode, city, country } = read.supplier.address;
  const address = [street, [postcode, city].filter(Boolean).join(' '), country].filter(Boolean).join(', ');
  const groups = read.vatBreakdown.length > 0 ? read.vatBreakdown : [{ category: '', rate: null, baseCents: 0, vatCents: 0, exemptionReason: null }];
  return groups
    .map((group, index) => {
      const first = index === 0;
      return [
        String(ordinal),
        text(row.number),
        text(translate(language, `reports.export.kinds.${row.document_type === 'CREDIT_NOTE' ? 'CREDIT_NOTE' : 'INVOICE'}`)),
        day(row.issue_date),
        day(row.received_on),
        day(row.due_date),
        text(row.supplier_name),
        text(row.supplier_oib),
        text(address),
        text(group.category),
        money(sign * group.baseCents),
        group.rate === null ? '' : money(Math.round(group.rate * 100)),
        money(sign * group.vatCents),
        money(sign * (group.baseCents + group.vatCents)),
        first ? money(sign * row.total_cents) : '',
        text(row.currency),
        first ? money(sign * row.paid_cents) : '',
        first ? text(translate(language, `reports.export.ura.states.${row.state}`)) : '',
      ].join(separator);
    })
    .map((line) => `${line}\r\n`)
    .join('');
}

/** The book as text chunks: the header, then a page of documents at a time. */
export async function* uraCsvChunks(db: Db, from: string, to: string, language: Language, signal?: AbortSignal): AsyncGenerator<string> {
  const { separator } = csvConvention(language);
  yield `${BOM}${COLUMNS.map((key) => csvCell(translate(language, `reports.export.ura.columns.${key}`), true, separator)).join(separator)}\r\n`;
  let ordinal = 0;
  for await (const page of pages(db, from, to, signal)) yield page.map((row) => uraRows(row, ++ordinal, language)).join('');
}

/** What the invoice module's export takes of the inbox (wired in app.ts). */
export const receivedExport: ReceivedExportSource = {
  csvName: (from, to, language) => `${translate(language, 'reports.export.ura.fileName')}-${from}_${to}.csv`,
  folder: (language) => translate(language, 'reports.export.ura.folder'),
  csv: (db, from, to, language, signal) =>
    Readable.from(
      (async function* () {
        for await (const chunk of uraCsvChunks(db, from, to, language, signal)) yield Buffer.from(chunk, 'utf8');
      })(),
      { objectMode: false },
    ),
  async *originals(db, from, to, signal) {
    for await (const page of pages(db, from, to, signal)) {
      for (const row of page) {
        yield { name: `${row.issue_date.slice(0, 4)}/${originalFileName(row.supplier_oib, row.number)}`, bytes: row.bytes, mtime: new Date(`${row.received_on}T12:00:00Z`) };
      }
    }
  },
};

import { Readable } from 'node:stream';
import { type Language, formatDate, toEuroCents, translate } from '@faktura/shared';
import type { Db } from '../../../db/connection';
import { csvCell, decimalComma } from '../reports/paymentReport.csv';
import { type ExportDocument, exportDocuments } from './export.documents';

/*
 * The accountant's export as CSV (issue 31 item 13): one row per issued document and VAT rate, for a
 * spreadsheet in the reader's language. Croatian: semicolons and a decimal comma (the list separator
 * and decimal sign of a Croatian Excel); English: commas and a decimal point. Both UTF-8 with a byte
 * order mark (so Excel reads č ć đ š ž), CRLF line ends, amounts exact from integer cents with no
 * thousands separator, dates by the shared `formatDate`. A credit note's amounts are negative.
 * "Total" is base + VAT of the row's rate, so the column sums to the documents' totals; the
 * document's own total, what was paid and its payment state stand on its first row only.
 */

const BOM = '\uFEFF';

export interface CsvConvention {
  language: Language;
  separator: ';' | ',';
  point: ',' | '.';
}

/** Croatian: `;` and `1234,56`; English: `,` and `1234.56`. */
export const csvConvention = (language: Language): CsvConvention =>
  language === 'hr' ? { language, separator: ';', point: ',' } : { language, separator: ',', point: '.' };

const COLUMNS = [
  'number',
  'kind',
  'issueDate',
  'deliveryDate',
  'periodStart',
  'periodEnd',
  'dueDate',
  'client',
  'clientId',
  'clientCountry',
  'vatTreatment',
  'base',
  'vatRate',
  'vat',
  'total',
  'documentTotal',
  'currency',
  'fxRate',
  'baseEur',
  'vatEur',
  'totalEur',
  'paid',
  'paidState',
  'eInvoice',
] as const;

export function exportCsvHeader({ language, separator }: CsvConvention): string {
  return `${BOM}${COLUMNS.map((key) => csvCell(translate(language, `reports.export.columns.${key}`), true, separator)).join(separator)}\r\n`;
}

/** The rows of one document: one per VAT rate (a document without lines: one row of zeros). */
export function exportCsvRows(doc: ExportDocument, { language, separator, point }: CsvConvention): string {
  const t = (key: string) => translate(language, `reports.export.${key}`);
  const text = (value: string | null | undefined) => csvCell(value ?? '', true, separator);
  const money = (cents: number) => decimalComma(cents, point);
  const day = (iso: string | null) => (iso ? text(formatDate(iso, language)) : '');
  const { row, client, totals, payment } = doc;
  const foreign = row.currency_code !== 'EUR' && row.eur_fx_rate !== null ? row.eur_fx_rate : null;
  const groups = totals.vatGroups.length > 0 ? totals.vatGroups : [{ rateBp: 0, baseCents: 0, vatCents: 0 }];
  return groups
    .map((group, index) => {
      const first = index === 0;
      const baseEur = foreign ? toEuroCents(group.baseCents, foreign) : null;
      const vatEur = foreign ? toEuroCents(group.vatCents, foreign) : null;
      return [
        text(row.invoice_number),
        text(t(`kinds.${row.document_type}`)),
        day(row.billing_date),
        day(row.delivery_date),
        day(row.service_period_start),
        day(row.service_period_end),
        day(row.payment_due_date),
        text(client.name),
        text(client.pin),
        text(client.address.country_code),
        text(t(`treatments.${row.vat_treatment}`)),
        money(group.baseCents),
        money(group.rateBp),
        money(group.vatCents),
        money(group.baseCents + group.vatCents),
        first ? money(row.total_cents) : '',
        text(row.currency_code),
        foreign ? foreign.replace('.', point) : '',
        baseEur === null ? '' : money(baseEur),
        vatEur === null ? '' : money(vatEur),
        baseEur === null || vatEur === null ? '' : money(baseEur + vatEur),
        first && payment ? money(payment.paidCents) : '',
        first && payment ? text(t(`paidStates.${payment.state}`)) : '',
        first ? text(t(`eInvoice.${doc.eInvoiceRefusal ?? 'yes'}`)) : '',
      ].join(separator);
    })
    .map((line) => `${line}\r\n`)
    .join('');
}

/** The whole CSV of a period as text chunks: the header, then a page of documents at a time. */
export async function* exportCsvChunks(db: Db, from: string, to: string, language: Language, signal?: AbortSignal): AsyncGenerator<string> {
  const convention = csvConvention(language);
  yield exportCsvHeader(convention);
  for await (const page of exportDocuments(db, from, to, signal)) {
    yield page.map((doc) => exportCsvRows(doc, convention)).join('');
  }
}

/** The CSV as a byte stream for the response (or a zip entry); it reads a page when the reader wants more. */
export function exportCsvStream(db: Db, from: string, to: string, language: Language, signal?: AbortSignal): Readable {
  return Readable.from(
    (async function* () {
      for await (const chunk of exportCsvChunks(db, from, to, language, signal)) yield Buffer.from(chunk, 'utf8');
    })(),
    { objectMode: false },
  );
}

/** `izvoz-2026-01-01_2026-12-31.csv` / `export-….zip` */
export const exportFileName = (from: string, to: string, language: Language, extension: 'csv' | 'zip') =>
  `${translate(language, 'reports.export.fileName')}-${from}_${to}.${extension}`;

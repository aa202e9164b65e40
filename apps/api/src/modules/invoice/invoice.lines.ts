import {
  type CreditStatus,
  type CurrencyCode,
  type Line,
  type VatTreatment,
  type WireLine,
  computeTotals,
  exceedsInvoiceTotal,
  isCurrencyCode,
  lineFromWire,
} from '@faktura/shared';
import { AppError } from '../../http/errors';
import type { InvoiceLineRow, LineValues } from './invoice.repository';

/** A line with its net amount, as it is stored; a credit note's line names the line it credits. */
export interface PricedLine extends Line {
  /** Stored lines hold only the currencies the app takes. */
  currency: CurrencyCode;
  lineTotalCents: number;
  creditedLineId: number | null;
}

/** A stored line: what every reader of an invoice's lines (answers, printout, e-invoice, credit notes) gets. */
export interface StoredLine extends PricedLine {
  id: number;
  invoiceId: number;
}

/** The one mapping of a stored row to a line (decision 018). */
export function lineFromRow(row: InvoiceLineRow): StoredLine {
  return {
    id: row.id,
    invoiceId: row.invoice_id,
    itemId: row.line_item_id,
    description: row.description,
    descriptionEn: row.description_en,
    quantityMilli: row.quantity_milli,
    unit: row.unit,
    priceCents: row.unit_price_cents,
    currency: row.currency_code,
    discountBp: row.discount_bp,
    vatRateBp: row.vat_rate_bp,
    kpdCode: row.kpd_code,
    lineTotalCents: row.line_total_cents,
    creditedLineId: row.credited_line_id,
  };
}

/** A stored line's `Line`, without what storing added (id, invoice, net amount, credited line). */
export function lineOf(stored: StoredLine): Line & { currency: CurrencyCode } {
  const { id: _id, invoiceId: _invoice, lineTotalCents: _net, creditedLineId: _credited, ...line } = stored;
  return line;
}

/** The one mapping of a line to the columns it is stored in. */
export function lineToRow(line: PricedLine): LineValues {
  return {
    line_item_id: line.itemId,
    description: line.description,
    description_en: line.descriptionEn,
    quantity_milli: line.quantityMilli,
    unit: line.unit,
    unit_price_cents: line.priceCents,
    currency_code: line.currency,
    discount_bp: line.discountBp,
    vat_rate_bp: line.vatRateBp,
    line_total_cents: line.lineTotalCents,
    kpd_code: line.kpdCode,
    credited_line_id: line.creditedLineId,
  };
}

/** Lines with their net amounts and the invoice's totals, all from the one shared calculation. */
export interface PricedLines {
  lines: PricedLine[];
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
  currencyCode: CurrencyCode;
}

/** Each line's net amount and the totals, by the shared `computeTotals`. */
export function withTotals(lines: readonly (Line & { currency: CurrencyCode; creditedLineId?: number | null })[]) {
  const totals = computeTotals(lines);
  return {
    totals,
    lines: lines.map((line, i): PricedLine => ({
      ...line,
      lineTotalCents: totals.lineNetCents[i] ?? 0,
      creditedLineId: line.creditedLineId ?? null,
    })),
  };
}

/**
 * Turns the request's lines (spec §7's decimal numbers, read by the shared `lineFromWire`) into
 * lines and totals with the one shared calculation, so what the API stores is what the screen and
 * the printout show. Catalogue ids that no longer exist are kept off the line (the line keeps its
 * own copy of name and price); a line without a KPD code takes its catalogue item's.
 */
export function priceLines(
  input: readonly WireLine[],
  treatment: VatTreatment,
  knownItems: ReadonlyMap<number, { kpdCode: string | null }>,
): PricedLines {
  const { lines, totals } = withTotals(
    input.map((wire, index) => {
      const line = lineFromWire(wire, treatment);
      const item = line.itemId !== null ? knownItems.get(line.itemId) : undefined;
      return {
        ...line,
        currency: currencyOf(wire.currency, index),
        itemId: item ? line.itemId : null,
        kpdCode: line.kpdCode ?? item?.kpdCode ?? null,
      };
    }),
  );
  // the schema checked the lines; with the treatment's VAT rates known, the total is checked again
  if (exceedsInvoiceTotal(totals.totalCents)) {
    throw new AppError('validation', { messageKey: 'validation.invoiceTotalMax', field: 'lineItems' });
  }
  return {
    lines,
    subtotalCents: totals.subtotalCents,
    vatCents: totals.vatCents,
    totalCents: totals.totalCents,
    currencyCode: lines[0]?.currency ?? 'EUR',
  };
}

/** Checked by the contract already; an edit of an issued invoice compares lines before parsing them. */
function currencyOf(code: string, index: number): CurrencyCode {
  const upper = code.trim().toUpperCase();
  if (!isCurrencyCode(upper)) throw new AppError('validation', { messageKey: 'validation.currency', field: `lineItems.${index}.currency` });
  return upper;
}

/** A comparable fingerprint of lines, to tell whether an edit changes an issued invoice. */
export function linesFingerprint(lines: readonly Line[]): string {
  return JSON.stringify(
    lines.map((l) => [
      l.itemId,
      l.description,
      l.descriptionEn,
      l.quantityMilli,
      l.unit,
      l.priceCents,
      l.currency,
      l.discountBp,
      l.vatRateBp,
      l.kpdCode,
    ]),
  );
}

/** FULL when every line is credited in full, PARTIAL when some of it is, otherwise null. */
export function creditStatusAfter(
  lines: readonly Pick<StoredLine, 'id' | 'quantityMilli'>[],
  credited: ReadonlyMap<number, number>,
): CreditStatus | null {
  const total = [...credited.values()].reduce((sum, q) => sum + q, 0);
  if (total === 0) return null;
  return lines.every((l) => (credited.get(l.id) ?? 0) >= l.quantityMilli) ? 'FULL' : 'PARTIAL';
}

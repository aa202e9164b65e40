import {
  type CreditStatus,
  type CurrencyCode,
  type InvoiceLineInput,
  type VatTreatment,
  computeTotals,
  exceedsInvoiceTotal,
  isCurrencyCode,
  lineVatRate,
  toBasisPoints,
  toCents,
  toMilli,
} from '@faktura/shared';
import { AppError } from '../../http/errors';
import type { LineValues } from './invoice.repository';

export interface PricedLines {
  lines: LineValues[];
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
  currencyCode: CurrencyCode;
}

/**
 * Turns the form's lines into stored lines and totals with the one shared calculation, so what
 * the API stores is what the screen and the printout show. Catalogue ids that no longer exist are
 * kept off the line (the line keeps its own copy of name and price).
 */
export function priceLines(
  input: readonly (Omit<InvoiceLineInput, 'discountPercent' | 'kpdCode'> & {
    discountPercent: number;
    descriptionEn: string | null;
    kpdCode?: string | null | undefined;
  })[],
  treatment: VatTreatment,
  knownItems: ReadonlyMap<number, { kpdCode: string | null }>,
): PricedLines {
  const lines: LineValues[] = input.map((line, index) => {
    const item = line.id !== null && line.id !== undefined ? knownItems.get(line.id) : undefined;
    return {
      line_item_id: item && line.id ? line.id : null,
      description: line.description,
      description_en: line.descriptionEn,
      quantity_milli: toMilli(line.quantity),
      unit: line.unit,
      unit_price_cents: toCents(line.price),
      currency_code: currencyOf(line.currency, index),
      discount_bp: toBasisPoints(line.discountPercent),
      vat_rate_bp: lineVatRate(
        treatment,
        line.vatRate === undefined ? undefined : toBasisPoints(line.vatRate),
      ),
      line_total_cents: 0,
      kpd_code: line.kpdCode ?? item?.kpdCode ?? null,
      credited_line_id: null,
    };
  });
  const totals = computeTotals(
    lines.map((l) => ({
      priceCents: l.unit_price_cents,
      quantityMilli: l.quantity_milli,
      discountBp: l.discount_bp,
      vatRateBp: l.vat_rate_bp,
    })),
  );
  lines.forEach((line, i) => (line.line_total_cents = totals.lineNetCents[i] ?? 0));
  // the schema checked the lines; with the treatment's VAT rates known, the total is checked again
  if (exceedsInvoiceTotal(totals.totalCents)) {
    throw new AppError('validation', { messageKey: 'validation.invoiceTotalMax', field: 'lineItems' });
  }
  return {
    lines,
    subtotalCents: totals.subtotalCents,
    vatCents: totals.vatCents,
    totalCents: totals.totalCents,
    currencyCode: lines[0]?.currency_code ?? 'EUR',
  };
}

/** Checked by the contract already; an edit of an issued invoice compares lines before parsing them. */
function currencyOf(code: string, index: number): CurrencyCode {
  const upper = code.trim().toUpperCase();
  if (!isCurrencyCode(upper)) throw new AppError('validation', { messageKey: 'validation.currency', field: `lineItems.${index}.currency` });
  return upper;
}

/** A comparable fingerprint of stored lines, to tell whether an edit changes an issued invoice. */
export function linesFingerprint(lines: readonly LineValues[]): string {
  return JSON.stringify(
    lines.map((l) => [
      l.line_item_id,
      l.description,
      l.description_en,
      l.quantity_milli,
      l.unit,
      l.unit_price_cents,
      l.currency_code,
      l.discount_bp,
      l.vat_rate_bp,
      l.kpd_code ?? null,
    ]),
  );
}

/** FULL when every line is credited in full, PARTIAL when some of it is, otherwise null. */
export function creditStatusAfter(
  lines: readonly { id: number; quantity_milli: number }[],
  credited: ReadonlyMap<number, number>,
): CreditStatus | null {
  const total = [...credited.values()].reduce((sum, q) => sum + q, 0);
  if (total === 0) return null;
  return lines.every((l) => (credited.get(l.id) ?? 0) >= l.quantity_milli) ? 'FULL' : 'PARTIAL';
}

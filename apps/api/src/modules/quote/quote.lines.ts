import { type Line, type Quote, computeTotals, lineToWire, percentToWire } from '@faktura/shared';
import type { PricedLine } from '../invoice';
import type { QuoteLineRow, QuoteLineValues } from './quote.repository';

/** A stored quote line as the shared `Line` every total, printout and invoice reads (decision 018). */
export function lineFromRow(row: QuoteLineRow): Line & { lineTotalCents: number } {
  return {
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
  };
}

/** A line priced as an invoice's (the invoice module's `priceDocument`) in the quote's columns. */
export function lineToRow(line: PricedLine): QuoteLineValues {
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
  };
}

/** The answer's lines and VAT groups, their decimal numbers written by the shared `lineToWire`. */
export function linesToAnswer(rows: readonly QuoteLineRow[]): Pick<Quote, 'lineItems' | 'vatGroups'> {
  const lines = rows.map(lineFromRow);
  const totals = computeTotals(lines);
  return {
    lineItems: lines.map((line) => {
      const wire = lineToWire(line);
      return {
        productId: line.itemId,
        quantity: wire.quantity,
        price: wire.price,
        priceCents: line.priceCents,
        discountPercent: wire.discountPercent ?? 0,
        currencyCode: line.currency,
        description: line.description,
        descriptionEn: line.descriptionEn,
        unit: line.unit,
        vatRate: wire.vatRate,
        lineTotalCents: line.lineTotalCents,
        kpdCode: line.kpdCode,
      };
    }),
    vatGroups: totals.vatGroups.map((g) => ({ rate: percentToWire(g.rateBp), baseCents: g.baseCents, vatCents: g.vatCents })),
  };
}

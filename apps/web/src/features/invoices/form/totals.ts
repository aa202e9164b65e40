import {
  computeTotals,
  lineVatRate,
  percentFromWire,
  quantityFromWire,
  toCents,
  type Invoice,
  type Totals,
  type VatTreatment,
} from '@faktura/shared';
import type { LineValues } from './invoiceFormModel';

/** What the totals table shows; the form computes it, an issued invoice brings its own. */
export type TotalsView = Pick<Totals, 'subtotalCents' | 'vatCents' | 'totalCents' | 'vatGroups'>;

/**
 * The running total with the very calculation the server stores (shared/domain/totals), so the
 * screen never promises a figure the invoice will not have. Half-typed lines count as nothing yet.
 */
export function formTotals(lines: readonly LineValues[], treatment: VatTreatment): Totals {
  return computeTotals(
    lines.map((line) => ({
      priceCents: toCents(line.price ?? 0),
      quantityMilli: quantityFromWire(line.quantity ?? 0),
      discountBp: percentFromWire(line.discountPercent ?? 0),
      vatRateBp: lineVatRate(treatment, percentFromWire(line.vatRate)),
    })),
  );
}

/** An issued invoice's own figures, as the server stored them. */
export function invoiceTotals(invoice: Invoice): TotalsView {
  return {
    subtotalCents: invoice.subtotalCents,
    vatCents: invoice.vatCents,
    totalCents: invoice.totalCents,
    vatGroups: invoice.vatGroups.map((group) => ({
      rateBp: Math.round(group.rate * 100),
      baseCents: group.baseCents,
      vatCents: group.vatCents,
    })),
  };
}

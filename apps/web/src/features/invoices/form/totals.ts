import {
  computeTotals,
  percentFromWire,
  type Invoice,
  type Language,
  type Totals,
  type VatTreatment,
} from '@faktura/shared';
import { currentLanguage } from '../../../lib/i18n';
import { parseLine, type LineValues } from './invoiceFormModel';

/** What the totals table shows; the form computes it, an issued invoice brings its own. */
export type TotalsView = Pick<Totals, 'subtotalCents' | 'vatCents' | 'totalCents' | 'vatGroups'>;

/**
 * The running total with the very calculation the server stores (shared/domain/totals), on the
 * lines as `parseLine` reads them, so the screen never promises a figure the invoice will not have.
 * Half-typed amounts count as nothing yet.
 */
export function formTotals(
  lines: readonly LineValues[],
  treatment: VatTreatment,
  language: Language = currentLanguage(),
): Totals {
  return computeTotals(lines.map((line) => parseLine(line, treatment, language).line));
}

/** An issued invoice's own figures, as the server stored them. */
export function invoiceTotals(invoice: Invoice): TotalsView {
  return {
    subtotalCents: invoice.subtotalCents,
    vatCents: invoice.vatCents,
    totalCents: invoice.totalCents,
    vatGroups: invoice.vatGroups.map((group) => ({
      rateBp: percentFromWire(group.rate),
      baseCents: group.baseCents,
      vatCents: group.vatCents,
    })),
  };
}

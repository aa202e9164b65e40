import type { DeductedAdvance } from '@faktura/shared';
import type * as repo from './invoice.repository';

/** An advance as its final invoice deducted it: the amount and the per-rate groups stored then. */
export function deductedAdvanceOf(row: Pick<repo.DetailRow, 'id' | 'invoice_number' | 'billing_date'> & { deducted_cents: number | string | null; deducted_groups: string | null }): DeductedAdvance {
  return {
    id: row.id,
    number: row.invoice_number,
    billingDate: row.billing_date,
    totalCents: Number(row.deducted_cents ?? 0),
    vatGroups: parseDeductedGroups(row.deducted_groups),
  };
}

/** The stored per-rate groups of a deduction (`invoice_advance.vat_groups`). */
export function parseDeductedGroups(text: string | null): DeductedAdvance['vatGroups'] {
  if (!text) return [];
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed)) return [];
  return parsed.map((g: { rateBp: unknown; baseCents: unknown; vatCents: unknown }) => ({
    rateBp: Number(g.rateBp),
    baseCents: Number(g.baseCents),
    vatCents: Number(g.vatCents),
  }));
}


import type { Db } from '../../db/connection';

/**
 * The invoice module's one opening for the advance module (issue 48, decision 044): when an invoice is
 * issued with `advanceIds`, the advance module checks them (the client's own advance invoices, issued,
 * in the invoice's currency, not deducted before) and says what they deduct; once the invoice row
 * exists it records the deduction. The invoice module knows only the prepaid sum it stores (BT-113).
 */
export interface AdvanceDeduction {
  /** BT-113: the advances' gross sum (less their credit notes); never more than the invoice's total. */
  prepaidCents: number;
  /** Records which advances the final invoice `finalInvoiceId` deducted, in the same transaction. */
  record: (trx: Db, finalInvoiceId: number) => Promise<void>;
}

export type AdvanceDeducter = (
  trx: Db,
  invoice: { clientId: number; currencyCode: string; totalCents: number },
  advanceIds: readonly number[],
) => Promise<AdvanceDeduction>;

let deducter: AdvanceDeducter | undefined;

/** The advance module registers how advances are deducted (`app.ts` builds it; a later app replaces it). */
export function onAdvancesDeducted(hook: AdvanceDeducter): void {
  deducter = hook;
}

export function deductionHook(): AdvanceDeducter | undefined {
  return deducter;
}

import type { Invoice, Payment } from '@faktura/shared';

/**
 * What the Payments section and its dialog read from an invoice's payment records (decision 027),
 * by the rules the API keeps: a payment may be deleted while it has not been reported and no
 * correction names it; a correction takes back at most what is left of the payment it corrects.
 */

/** Whether the API would delete this payment now. */
export function isDeletable(payment: Payment, all: readonly Payment[]): boolean {
  return !payment.reported && !all.some((p) => p.correctsPaymentId === payment.id);
}

/** What is left of a payment after its corrections (0 for a correction itself). */
export function leftOf(payment: Payment, all: readonly Payment[]): number {
  if (payment.amountCents <= 0) return 0;
  return all.filter((p) => p.correctsPaymentId === payment.id).reduce((sum, p) => sum + p.amountCents, payment.amountCents);
}

/** A payment a correction may still take something back from. */
export function isCorrectable(payment: Payment, all: readonly Payment[]): boolean {
  return payment.correctsPaymentId === null && leftOf(payment, all) > 0;
}

/**
 * The payment "Undo last payment" removes: the latest one (as listed, by day and then as recorded)
 * that the API would delete; null when none may go.
 */
export function lastRemovable(all: readonly Payment[]): Payment | null {
  for (let i = all.length - 1; i >= 0; i -= 1) {
    const payment = all[i];
    if (payment && isDeletable(payment, all)) return payment;
  }
  return null;
}

/** What is due, paid and still open on an invoice, in its currency's cents (open < 0: overpaid). */
export function standingOf(invoice: Pick<Invoice, 'remainingCents' | 'paidCents'>) {
  return { due: invoice.remainingCents, paid: invoice.paidCents, open: invoice.remainingCents - invoice.paidCents };
}

/**
 * An invoice that takes payments from this page: an issued invoice (not a credit note) that its
 * credit notes have not settled.
 */
export function takesPayments(invoice: Pick<Invoice, 'state' | 'documentType' | 'creditSettled'>): boolean {
  return invoice.state !== 'DRAFT' && invoice.documentType === 'INVOICE' && !invoice.creditSettled;
}

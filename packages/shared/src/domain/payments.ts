/**
 * Payments received on an invoice, as records (issue 28, decision 027): each one a date, an amount in
 * the invoice's currency (integer cents) and a method. A wrong record is corrected by a negative one
 * that names it. What is due, what is paid and what remains follow from the records alone.
 */

/**
 * How a payment arrived. Not the invoice's own `paymentMethod` (WIRE/CASH/CARD/ADVANCE, what the invoice
 * asks for): this is how the money really came.
 */
export const PAYMENT_RECORD_METHODS = ['TRANSFER', 'CASH', 'CARD', 'SETOFF', 'OTHER'] as const;
export type PaymentRecordMethod = (typeof PAYMENT_RECORD_METHODS)[number];

/**
 * How a payment of an invoice is presumed to arrive until the operator says otherwise (the record
 * dialog's proposal, and the payment that clearing an invoice records): as the invoice asks, cash as
 * cash and card as card; a bank transfer or an advance by transfer.
 */
export function proposedRecordMethod(invoiceMethod: string): PaymentRecordMethod {
  return invoiceMethod === 'CASH' ? 'CASH' : invoiceMethod === 'CARD' ? 'CARD' : 'TRANSFER';
}

/**
 * The code a payment report (`EvidentirajNaplatu`, `nacinPlacanja`; fiscalization-2026.md §2.1)
 * carries: `T` transakcijski račun, `O` obračunsko plaćanje (set-off), `Z` ostalo (cash, card and
 * anything else).
 */
export const PAYMENT_REPORT_CODES = {
  TRANSFER: 'T',
  SETOFF: 'O',
  CASH: 'Z',
  CARD: 'Z',
  OTHER: 'Z',
} as const satisfies Record<PaymentRecordMethod, 'T' | 'O' | 'Z'>;
export type PaymentReportCode = (typeof PAYMENT_REPORT_CODES)[PaymentRecordMethod];

export function paymentReportCode(method: PaymentRecordMethod): PaymentReportCode {
  return PAYMENT_REPORT_CODES[method];
}

export const PAID_STATES = ['UNPAID', 'PARTLY_PAID', 'PAID'] as const;
export type PaidState = (typeof PAID_STATES)[number];

/** A payment record as the rules need it. */
export interface PaymentAmount {
  id: number;
  amountCents: number;
  /** A correction: the payment it corrects (its amount is negative). */
  correctsPaymentId: number | null;
}

/**
 * What is due on an invoice: its total less its credit notes (whose totals are negative), in the
 * invoice's currency, as the invoice answer's `remainingCents` has always said.
 */
export function dueCents(totalCents: number, creditNoteTotalsCents: readonly number[]): number {
  return creditNoteTotalsCents.reduce((sum, note) => sum + note, totalCents);
}

/** The sum of the payments, corrections (negative) included. */
export function paidCents(payments: readonly Pick<PaymentAmount, 'amountCents'>[]): number {
  return payments.reduce((sum, payment) => sum + payment.amountCents, 0);
}

/** What is still to be paid; negative when more was paid than is due (a refund is owed). */
export function outstandingCents(due: number, paid: number): number {
  return due - paid;
}

/**
 * UNPAID while nothing (net) has been paid of something due; PAID once the payments reach what is due
 * (also when nothing is due: an invoice settled by its credit notes owes nothing, see `creditStatus`
 * for why); PARTLY_PAID in between.
 */
export function paidState(due: number, paid: number): PaidState {
  if (paid >= due) return 'PAID';
  return paid <= 0 ? 'UNPAID' : 'PARTLY_PAID';
}

/** Why a new payment record is refused; each is an error code of its own (contract/errors.ts). */
export type PaymentProblem =
  | { code: 'paymentAmountZero' }
  | { code: 'paymentCorrectionRequired' }
  | { code: 'paymentCorrectionNotNegative' }
  | { code: 'paymentCorrectionUnknown' }
  | { code: 'paymentCorrectionTooLarge'; maxCents: number }
  | { code: 'paymentBelowZero'; paidCents: number }
  | { code: 'paymentOverpaid'; outstandingCents: number };

/** A payment asked for: its amount (cents, negative for a correction) and what it corrects. */
export interface NewPayment {
  amountCents: number;
  correctsPaymentId?: number | null | undefined;
  allowOverpayment?: boolean | undefined;
}

/**
 * What the payment `next` would break, given what is due and the invoice's payments so far; null
 * when it may be recorded. A positive amount is a payment; a negative one a correction of an earlier
 * positive payment, at most what is left of it after its earlier corrections. The paid total never
 * goes below 0, nor above what is due unless `allowOverpayment`.
 */
export function paymentProblem(due: number, payments: readonly PaymentAmount[], next: NewPayment): PaymentProblem | null {
  const { amountCents } = next;
  if (amountCents === 0) return { code: 'paymentAmountZero' };
  const corrects = next.correctsPaymentId ?? null;
  if (amountCents < 0 && corrects === null) return { code: 'paymentCorrectionRequired' };
  if (amountCents > 0 && corrects !== null) return { code: 'paymentCorrectionNotNegative' };
  if (corrects !== null) {
    const corrected = payments.find((p) => p.id === corrects);
    if (!corrected || corrected.amountCents <= 0) return { code: 'paymentCorrectionUnknown' };
    const left = corrected.amountCents + paidCents(payments.filter((p) => p.correctsPaymentId === corrects));
    if (-amountCents > left) return { code: 'paymentCorrectionTooLarge', maxCents: left };
  }
  const paid = paidCents(payments);
  const after = paid + amountCents;
  if (after < 0) return { code: 'paymentBelowZero', paidCents: paid };
  if (amountCents > 0 && after > due && !next.allowOverpayment) {
    return { code: 'paymentOverpaid', outstandingCents: Math.max(0, outstandingCents(due, paid)) };
  }
  return null;
}

/** Why a payment's date is refused: after today, or before the invoice's date of issue. */
export function paymentDateProblem(
  date: string,
  issueDate: string,
  today: string,
): { code: 'paymentDateInFuture' } | { code: 'paymentDateBeforeIssue' } | null {
  if (date > today) return { code: 'paymentDateInFuture' };
  if (date < issueDate) return { code: 'paymentDateBeforeIssue' };
  return null;
}

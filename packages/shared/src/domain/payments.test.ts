import { describe, expect, it } from 'vitest';
import { toCents } from './money';
import {
  PAYMENT_RECORD_METHODS,
  type PaymentAmount,
  dueCents,
  outstandingCents,
  paidCents,
  paidState,
  paymentDateProblem,
  paymentProblem,
  paymentReportCode,
} from './payments';
import { toEuroCents } from './totals';

const pay = (id: number, amountCents: number, correctsPaymentId: number | null = null): PaymentAmount => ({ id, amountCents, correctsPaymentId });

describe('payment methods', () => {
  it('map to the codes of the payment report (T, O, Z)', () => {
    expect(Object.fromEntries(PAYMENT_RECORD_METHODS.map((m) => [m, paymentReportCode(m)]))).toEqual({
      TRANSFER: 'T',
      CASH: 'Z',
      CARD: 'Z',
      SETOFF: 'O',
      OTHER: 'Z',
    });
  });
});

describe('paid state and what remains', () => {
  it('goes UNPAID, PARTLY_PAID, PAID with part payments', () => {
    const due = dueCents(125_000, []);
    const payments = [pay(1, 50_000), pay(2, 25_000)];
    expect(paidState(due, 0)).toBe('UNPAID');
    expect(paidState(due, paidCents(payments.slice(0, 1)))).toBe('PARTLY_PAID');
    expect(outstandingCents(due, paidCents(payments))).toBe(50_000);
    expect(paidState(due, paidCents(payments))).toBe('PARTLY_PAID');
    const all = [...payments, pay(3, 50_000)];
    expect(outstandingCents(due, paidCents(all))).toBe(0);
    expect(paidState(due, paidCents(all))).toBe('PAID');
    // paid more than due: still PAID, and the outstanding amount says a refund is owed
    expect(paidState(due, 125_001)).toBe('PAID');
    expect(outstandingCents(due, 125_001)).toBe(-1);
  });

  it('counts a negative correction against the payment it corrects', () => {
    const due = 10_000;
    const payments = [pay(1, 10_000), pay(2, -10_000, 1)];
    expect(paidCents(payments)).toBe(0);
    expect(paidState(due, paidCents(payments))).toBe('UNPAID');
    const corrected = [...payments, pay(3, 9_000)];
    expect(paidState(due, paidCents(corrected))).toBe('PARTLY_PAID');
    expect(outstandingCents(due, paidCents(corrected))).toBe(1_000);
  });

  it('takes the credit notes off what is due', () => {
    // 1.250,00 € with a credit note of 250,00 €: 1.000,00 € due, so 1.000,00 € pays it
    const due = dueCents(125_000, [-25_000]);
    expect(due).toBe(100_000);
    expect(paidState(due, 100_000)).toBe('PAID');
    expect(paidState(due, 99_999)).toBe('PARTLY_PAID');
    // fully credited: nothing is due, so nothing paid is already everything
    expect(dueCents(125_000, [-100_000, -25_000])).toBe(0);
    expect(paidState(0, 0)).toBe('PAID');
  });

  it('counts a USD invoice in dollars, never in its euro value', () => {
    // $1,080.00 at 1.08 $/€ is 1.000,00 €; paying 1,000.00 (the euro figure) leaves $80.00 open
    const due = dueCents(toCents(1080), []);
    expect(toEuroCents(due, '1.08')).toBe(100_000);
    expect(paidState(due, toCents(1000))).toBe('PARTLY_PAID');
    expect(outstandingCents(due, toCents(1000))).toBe(8_000);
    // decimal amounts become exact cents: 0.1 + 0.2 dollars paid in two parts
    expect(paidCents([pay(1, toCents(0.1)), pay(2, toCents(0.2))])).toBe(30);
  });
});

describe('which payments are refused', () => {
  const due = 100_000;
  const payments = [pay(1, 60_000), pay(2, -10_000, 1), pay(3, 20_000)];

  it('accepts a part payment, the rest, and a correction within what it corrects', () => {
    expect(paymentProblem(due, [], { amountCents: 40_000 })).toBeNull();
    expect(paymentProblem(due, payments, { amountCents: 30_000 })).toBeNull();
    expect(paymentProblem(due, payments, { amountCents: -50_000, correctsPaymentId: 1 })).toBeNull();
    expect(paymentProblem(due, payments, { amountCents: 30_001, allowOverpayment: true })).toBeNull();
  });

  it('refuses 0, a negative amount that corrects nothing, and a positive "correction"', () => {
    expect(paymentProblem(due, payments, { amountCents: 0 })).toEqual({ code: 'paymentAmountZero' });
    expect(paymentProblem(due, payments, { amountCents: -1 })).toEqual({ code: 'paymentCorrectionRequired' });
    expect(paymentProblem(due, payments, { amountCents: 1, correctsPaymentId: 1 })).toEqual({ code: 'paymentCorrectionNotNegative' });
  });

  it('refuses a correction of an unknown payment, of a correction, or larger than what is left of it', () => {
    expect(paymentProblem(due, payments, { amountCents: -1, correctsPaymentId: 9 })).toEqual({ code: 'paymentCorrectionUnknown' });
    expect(paymentProblem(due, payments, { amountCents: -1, correctsPaymentId: 2 })).toEqual({ code: 'paymentCorrectionUnknown' });
    // payment 1 was 600,00 and is already corrected by 100,00: at most 500,00 more
    expect(paymentProblem(due, payments, { amountCents: -50_001, correctsPaymentId: 1 })).toEqual({
      code: 'paymentCorrectionTooLarge',
      maxCents: 50_000,
    });
    expect(paymentProblem(due, payments, { amountCents: -20_001, correctsPaymentId: 3 })).toEqual({
      code: 'paymentCorrectionTooLarge',
      maxCents: 20_000,
    });
  });

  it('refuses a total paid above what is due (unless allowed) or below 0', () => {
    expect(paymentProblem(due, payments, { amountCents: 30_001 })).toEqual({ code: 'paymentOverpaid', outstandingCents: 30_000 });
    // a credit note issued after the payments can leave nothing open: then 0 is what remains
    expect(paymentProblem(50_000, payments, { amountCents: 1 })).toEqual({ code: 'paymentOverpaid', outstandingCents: 0 });
    // records that already sum below 0 (never written by the rules above) take no further correction
    const broken = [pay(1, 1_000), pay(4, 2_000), pay(2, -3_000, 4)];
    expect(paymentProblem(due, broken, { amountCents: -1_000, correctsPaymentId: 1 })).toEqual({ code: 'paymentBelowZero', paidCents: 0 });
  });
});

describe('payment dates', () => {
  it('lie between the date of issue and today, both included', () => {
    expect(paymentDateProblem('2026-11-26', '2026-11-01', '2026-11-26')).toBeNull();
    expect(paymentDateProblem('2026-11-01', '2026-11-01', '2026-11-26')).toBeNull();
    expect(paymentDateProblem('2026-11-27', '2026-11-01', '2026-11-26')).toEqual({ code: 'paymentDateInFuture' });
    expect(paymentDateProblem('2026-10-31', '2026-11-01', '2026-11-26')).toEqual({ code: 'paymentDateBeforeIssue' });
  });
});

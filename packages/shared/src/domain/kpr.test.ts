import { describe, expect, it } from 'vitest';
import { type KprEntry, buildKpr, kprColumn, posdDeadline, posdFrom, quarterDays } from './kpr';

const entry = (paymentId: number, date: string, method: KprEntry['method'], eurCents: number, over: Partial<KprEntry> = {}): KprEntry => ({
  paymentId,
  date,
  invoiceNumber: `${paymentId}/POSL1/1`,
  method,
  eurCents,
  amountCents: eurCents,
  currencyCode: 'EUR',
  correctsPaymentId: null,
  ...over,
});

describe('KPR', () => {
  it('puts cash and card in the cash column, transfer, set-off and other in the non-cash one', () => {
    expect(kprColumn('CASH')).toBe('cash');
    expect(kprColumn('CARD')).toBe('cash');
    expect(kprColumn('TRANSFER')).toBe('nonCash');
    expect(kprColumn('SETOFF')).toBe('nonCash');
    expect(kprColumn('OTHER')).toBe('nonCash');
  });

  it('numbers the year’s payments by day, then as recorded, and sums months, quarters and the year', () => {
    const ledger = buildKpr(2026, [
      entry(5, '2026-04-02', 'TRANSFER', 10000),
      entry(2, '2026-01-10', 'CARD', 2500),
      entry(1, '2026-01-10', 'CASH', 1000),
      entry(9, '2025-12-31', 'CASH', 99999),
      entry(7, '2026-04-03', 'TRANSFER', -4000, { correctsPaymentId: 5 }),
      entry(8, '2027-01-01', 'CASH', 1),
    ]);
    expect(ledger.rows.map((r) => [r.no, r.paymentId, r.cashCents, r.nonCashCents, r.totalCents])).toEqual([
      [1, 1, 1000, 0, 1000],
      [2, 2, 2500, 0, 2500],
      [3, 5, 0, 10000, 10000],
      [4, 7, 0, -4000, -4000],
    ]);
    expect(ledger.months[0]).toEqual({ month: 1, cashCents: 3500, nonCashCents: 0, totalCents: 3500 });
    expect(ledger.months[3]).toEqual({ month: 4, cashCents: 0, nonCashCents: 6000, totalCents: 6000 });
    expect(ledger.months.filter((m) => m.totalCents !== 0)).toHaveLength(2);
    expect(ledger.quarters.map((q) => q.totalCents)).toEqual([3500, 6000, 0, 0]);
    expect(ledger.total).toEqual({ cashCents: 3500, nonCashCents: 6000, totalCents: 9500 });
  });

  it('gives PO-SD the KPR’s quarters with their days and 15 January of the next year', () => {
    const posd = posdFrom(buildKpr(2024, [entry(1, '2024-02-29', 'CASH', 500), entry(2, '2024-11-30', 'TRANSFER', 700)]));
    expect(posd.quarters.map((q) => [q.from, q.to, q.totalCents])).toEqual([
      ['2024-01-01', '2024-03-31', 500],
      ['2024-04-01', '2024-06-30', 0],
      ['2024-07-01', '2024-09-30', 0],
      ['2024-10-01', '2024-12-31', 700],
    ]);
    expect(posd.total.totalCents).toBe(1200);
    expect(posd.deadline).toBe('2025-01-15');
    expect(posdDeadline(2026)).toBe('2027-01-15');
    expect(quarterDays(2025, 1).to).toBe('2025-03-31');
  });
});

import { describe, expect, it } from 'vitest';
import { contractDates } from './dates';
import { earliestBillingDate, issuableBillingDate } from './issuable';

describe('the earliest issuable billing date (issue 12)', () => {
  const last = (billingDate: string) => ({ billingDate, number: '7/POSL1/1' });

  it('is the latest issued date of this year, else of last year, else 1 January of last year', () => {
    expect(earliestBillingDate('2026-11-23', last('2026-11-10'), last('2025-12-30'))).toEqual({
      date: '2026-11-10', reason: 'LAST_ISSUED', lastIssued: last('2026-11-10'),
    });
    expect(earliestBillingDate('2026-11-23', null, last('2025-12-30')).date).toBe('2025-12-30');
    expect(earliestBillingDate('2026-11-23', null, null)).toEqual({ date: '2025-01-01', reason: 'YEAR_LIMIT', lastIssued: null });
  });

  it('moves a SOW proposal of last month to the earliest issuable day', () => {
    // the contract proposes 30 October 2026; an invoice of 10 November exists in the sequence
    expect(contractDates('SOW', 15, '2026-11-23', '2026-11-10')).toEqual({
      billingDate: '2026-11-10', deliveryDate: '2026-11-10', paymentDueDate: '2026-11-14',
    });
    // nothing issued after 30 October: the contract's own date stays
    expect(contractDates('SOW', 15, '2026-11-23', '2026-10-01').billingDate).toBe('2026-10-30');
    expect(issuableBillingDate('2026-12-01', '2026-11-10', '2026-11-23')).toBe('2026-11-23');
  });
});

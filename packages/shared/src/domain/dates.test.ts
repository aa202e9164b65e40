import { describe, expect, it } from 'vitest';
import { contractDates, raiseToBillingDate, timeInZagreb, todayInZagreb } from './dates';
import { firstWorkingDayOfMonth as firstWeekdayOfMonth, lastWorkingDayOfPreviousMonth as lastWeekdayOfPreviousMonth } from './holidays';

describe('contract dates (spec §4)', () => {
  it('RENT: first weekday of this month, due on the contract day of this month', () => {
    // November 2026 starts on a Sunday: the first weekday is Monday the 2nd
    expect(contractDates('RENT', 10, '2026-11-22')).toEqual({ billingDate: '2026-11-02', deliveryDate: '2026-11-02', paymentDueDate: '2026-11-10' });
    // February has no 31st: the due day is capped at the month's end
    expect(contractDates('RENT', 31, '2026-02-15').paymentDueDate).toBe('2026-02-28');
    expect(contractDates('RENT', 31, '2024-02-15').paymentDueDate).toBe('2024-02-29');
    // a due day before the reference date is raised to the billing date
    expect(contractDates('RENT', 1, '2026-11-22').paymentDueDate).toBe('2026-11-02');
  });

  it('RENT on the 1st when that is a weekend: billing is not in the future', () => {
    expect(contractDates('RENT', 15, '2026-11-01')).toEqual({ billingDate: '2026-11-01', deliveryDate: '2026-11-01', paymentDueDate: '2026-11-15' });
  });

  it('SOW and SUBCONTRACT: last weekday of last month plus the due days', () => {
    // 31 October 2026 is a Saturday: the last weekday is Friday the 30th
    expect(contractDates('SOW', 15, '2026-11-22')).toEqual({ billingDate: '2026-10-30', deliveryDate: '2026-10-30', paymentDueDate: '2026-11-14' });
    expect(contractDates('SUBCONTRACT', 30, '2026-11-22').paymentDueDate).toBe('2026-11-29');
  });

  it('crosses the year edge', () => {
    // January 2027: previous month is December 2026, whose 31st is a Thursday
    expect(contractDates('SOW', 15, '2027-01-10')).toEqual({ billingDate: '2026-12-31', deliveryDate: '2026-12-31', paymentDueDate: '2027-01-15' });
    expect(lastWeekdayOfPreviousMonth('2026-03-05')).toBe('2026-02-27'); // 28 Feb 2026 is a Saturday
    expect(firstWeekdayOfMonth('2027-05-20')).toBe('2027-05-03'); // 1 May 2027 is a Saturday
  });

  it('raises delivery and due dates that fall before the billing date', () => {
    expect(raiseToBillingDate({ billingDate: '2026-11-10', deliveryDate: '2026-11-01', paymentDueDate: '2026-11-05' })).toEqual({
      billingDate: '2026-11-10', deliveryDate: '2026-11-10', paymentDueDate: '2026-11-10',
    });
  });

  it("knows today's date in Zagreb", () => {
    expect(todayInZagreb(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    // the time of issue is Zagreb's wall clock: CET in winter, CEST in summer
    expect(timeInZagreb(new Date('2026-12-31T23:30:05Z'))).toBe('00:30:05');
    expect(timeInZagreb(new Date('2026-07-01T10:04:00Z'))).toBe('12:04:00');
  });
});

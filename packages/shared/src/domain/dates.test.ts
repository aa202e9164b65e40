import { describe, expect, it } from 'vitest';
import { addDays, contractDates, supplyDateProblems, timeInZagreb, todayInZagreb } from './dates';

describe('contract dates for an invoice issued today (decision 026)', () => {
  it('SOW and SUBCONTRACT: last month as the period, its last working day as the supply, due from the day of issue', () => {
    // 31 October 2026 is a Saturday: the last working day is Friday the 30th
    expect(contractDates('SOW', 15, '2026-11-22')).toEqual({
      deliveryDate: '2026-10-30',
      servicePeriod: { start: '2026-10-01', end: '2026-10-31' },
      paymentDueDate: '2026-12-07',
    });
    expect(contractDates('SUBCONTRACT', 30, '2026-11-22').paymentDueDate).toBe('2026-12-22');
    // the last working day skips Croatian holidays: 30 May 2027 (Statehood Day) is a Sunday anyway,
    // 1 June 2026's month before ends on Sunday 31 May: Friday the 29th
    expect(contractDates('SOW', 0, '2026-06-01')).toMatchObject({ deliveryDate: '2026-05-29', paymentDueDate: '2026-06-01' });
    // 26 December 2025 (St Stephen's Day) and 25 December are holidays; the 31st is a Wednesday
    expect(contractDates('SOW', 8, '2026-01-07').deliveryDate).toBe('2025-12-31');
  });

  it('crosses the year end: December work invoiced in January keeps December as the period', () => {
    // January 2027: the previous month is December 2026, whose 31st is a Thursday
    expect(contractDates('SOW', 15, '2027-01-03')).toEqual({
      deliveryDate: '2026-12-31',
      servicePeriod: { start: '2026-12-01', end: '2026-12-31' },
      paymentDueDate: '2027-01-18',
    });
    // February's end in a leap year and not
    expect(contractDates('SOW', 1, '2024-03-04').servicePeriod).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(contractDates('SOW', 1, '2026-03-05')).toMatchObject({ deliveryDate: '2026-02-27', servicePeriod: { start: '2026-02-01', end: '2026-02-28' } });
  });

  it("RENT: the running month as the period, its first working day as the supply, due on the contract's day", () => {
    // November 2026 starts on a Sunday: the first working day is Monday the 2nd
    expect(contractDates('RENT', 10, '2026-11-05')).toEqual({
      deliveryDate: '2026-11-02',
      servicePeriod: { start: '2026-11-01', end: '2026-11-30' },
      paymentDueDate: '2026-11-10',
    });
    // February has no 31st: the due day is capped at the month's end
    expect(contractDates('RENT', 31, '2026-02-15').paymentDueDate).toBe('2026-02-28');
    expect(contractDates('RENT', 31, '2024-02-15').paymentDueDate).toBe('2024-02-29');
    // a contract day already past this month is never proposed: as many days from today instead
    expect(contractDates('RENT', 10, '2026-11-22').paymentDueDate).toBe('2026-12-02');
    expect(contractDates('RENT', 10, '2026-11-10').paymentDueDate).toBe('2026-11-10');
  });

  it('RENT on a non-working 1st: the supply is never after the day of issue', () => {
    // 1 November 2026 is a Sunday and All Saints' Day; the first working day (the 2nd) is still ahead
    expect(contractDates('RENT', 15, '2026-11-01')).toEqual({
      deliveryDate: '2026-11-01',
      servicePeriod: { start: '2026-11-01', end: '2026-11-30' },
      paymentDueDate: '2026-11-15',
    });
    // 1 January 2027 is New Year's Day, the 2nd and 3rd a weekend: on the 2nd, supplied that day
    expect(contractDates('RENT', 5, '2027-01-02').deliveryDate).toBe('2027-01-02');
    expect(contractDates('RENT', 5, '2027-01-05').deliveryDate).toBe('2027-01-04');
  });

  it('no contract: supplied today, due today plus the days, no period', () => {
    expect(contractDates(null, 8, '2026-11-22')).toEqual({ deliveryDate: '2026-11-22', servicePeriod: null, paymentDueDate: '2026-11-30' });
  });

  it('every proposal passes the rules it is checked by', () => {
    for (let day = 0; day < 800; day += 1) {
      const today = addDays('2026-01-01', day);
      for (const type of ['SOW', 'SUBCONTRACT', 'RENT', null]) {
        for (const due of [0, 1, 10, 15, 31, 60]) {
          const proposed = contractDates(type, due, today);
          expect(supplyDateProblems({ ...proposed, contractType: type }, today), `${type} ${due} ${today}`).toEqual([]);
        }
      }
    }
  });
});

describe('the date rules of an invoice issued today', () => {
  const issued = '2026-11-26';
  const ok = { deliveryDate: '2026-10-30', servicePeriod: { start: '2026-10-01', end: '2026-10-31' }, paymentDueDate: '2026-12-10' };
  it('takes a supply and period in the past', () => {
    expect(supplyDateProblems(ok, issued)).toEqual([]);
    expect(supplyDateProblems({ ...ok, servicePeriod: null }, issued)).toEqual([]);
  });
  it('refuses a supply after the day of issue, a due date before it, a period upside down', () => {
    expect(supplyDateProblems({ ...ok, deliveryDate: '2026-11-27' }, issued)).toEqual([{ field: 'deliveryDate', messageKey: 'validation.supplyAfterIssue' }]);
    expect(supplyDateProblems({ ...ok, paymentDueDate: '2026-11-25' }, issued)).toEqual([{ field: 'paymentDueDate', messageKey: 'validation.dueBeforeIssue' }]);
    expect(supplyDateProblems({ ...ok, servicePeriod: { start: '2026-10-31', end: '2026-10-01' } }, issued)).toEqual([
      { field: 'servicePeriod.end', messageKey: 'validation.periodEndBeforeStart' },
    ]);
    expect(supplyDateProblems({ ...ok, servicePeriod: { start: '2026-11-27', end: '2026-11-30' }, contractType: 'RENT' }, issued)).toEqual([
      { field: 'servicePeriod.start', messageKey: 'validation.periodStartAfterIssue' },
    ]);
  });
  it('a period ending after the day of issue: refused for SOW, taken for RENT', () => {
    const running = { ...ok, servicePeriod: { start: '2026-11-01', end: '2026-11-30' } };
    expect(supplyDateProblems({ ...running, contractType: 'SOW' }, issued)).toEqual([{ field: 'servicePeriod.end', messageKey: 'validation.periodEndAfterIssue' }]);
    expect(supplyDateProblems({ ...running, contractType: 'RENT' }, issued)).toEqual([]);
  });
});

describe('clocks', () => {
  it("knows today's date in Zagreb", () => {
    expect(todayInZagreb(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    // asked again and again (the day is kept per UTC hour): every hour's edge, both sides, a year round, DST days too
    const formatter = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zagreb' });
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 2); t += 3_600_000) {
      for (const at of [t - 1, t, t + 1_799_999]) expect(todayInZagreb(new Date(at))).toBe(formatter.format(new Date(at)));
    }
    expect(todayInZagreb(new Date('1890-06-01T22:58:00Z'))).toBe(formatter.format(new Date('1890-06-01T22:58:00Z')));
    expect(() => todayInZagreb(new Date('not a date'))).toThrow(RangeError);
    // the time of issue is Zagreb's wall clock: CET in winter, CEST in summer
    expect(timeInZagreb(new Date('2026-12-31T23:30:05Z'))).toBe('00:30:05');
    expect(timeInZagreb(new Date('2026-07-01T10:04:00Z'))).toBe('12:04:00');
  });
});

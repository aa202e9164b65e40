import { describe, expect, it } from 'vitest';
import { contractDates } from './dates';
import { croatianHolidays, easterSunday, firstWorkingDayOfMonth, isWorkingDay, lastWorkingDayOfPreviousMonth } from './holidays';

// The moving feasts as the official calendars of the Republic of Croatia list them (Easter Sunday,
// Easter Monday, Corpus Christi), written out by hand, not computed.
const MOVING: Record<number, [string, string, string]> = {
  2024: ['2024-03-31', '2024-04-01', '2024-05-30'],
  2025: ['2025-04-20', '2025-04-21', '2025-06-19'],
  2026: ['2026-04-05', '2026-04-06', '2026-06-04'],
  2027: ['2027-03-28', '2027-03-29', '2027-05-27'],
  2028: ['2028-04-16', '2028-04-17', '2028-06-15'],
  2029: ['2029-04-01', '2029-04-02', '2029-05-31'],
  2030: ['2030-04-21', '2030-04-22', '2030-06-20'],
};
const FIXED = ['01-01', '01-06', '05-01', '05-30', '06-22', '08-05', '08-15', '11-01', '11-18', '12-25', '12-26'];

describe('Croatian public holidays (Zakon o blagdanima, NN 110/19)', () => {
  for (const [year, moving] of Object.entries(MOVING)) {
    it(`lists exactly the holidays of ${year}`, () => {
      const expected = [...new Set([...FIXED.map((d) => `${year}-${d}`), ...moving])].sort();
      expect(croatianHolidays(Number(year))).toEqual(expected);
      expect(easterSunday(Number(year))).toBe(moving[0]);
    });
  }

  it('2024 has 13 holidays, as Corpus Christi fell on Statehood Day; other years 14', () => {
    expect(croatianHolidays(2024)).toHaveLength(13);
    for (const year of [2025, 2026, 2027, 2028, 2029, 2030]) expect(croatianHolidays(year)).toHaveLength(14);
  });

  it('knows working days: weekdays that are not holidays', () => {
    expect(isWorkingDay('2026-04-06')).toBe(false); // Easter Monday
    expect(isWorkingDay('2026-06-04')).toBe(false); // Corpus Christi
    expect(isWorkingDay('2026-06-05')).toBe(true);
    expect(isWorkingDay('2026-11-21')).toBe(false); // a Saturday
  });
});

describe('contract dates on working days', () => {
  it('RENT: the first working day skips New Year, Epiphany and weekends', () => {
    // 1 Jan 2027 Friday (holiday), 2-3 Saturday and Sunday: Monday the 4th
    expect(firstWorkingDayOfMonth('2027-01-20')).toBe('2027-01-04');
    // 1 Jan 2026 Thursday (holiday): Friday the 2nd
    expect(firstWorkingDayOfMonth('2026-01-15')).toBe('2026-01-02');
    // 1 May 2026 is a Friday and Labour Day; 2-3 a weekend: Monday the 4th
    expect(firstWorkingDayOfMonth('2026-05-20')).toBe('2026-05-04');
    expect(firstWorkingDayOfMonth('2029-04-10')).toBe('2029-04-03'); // Easter Sunday 1st, Monday 2nd
    expect(firstWorkingDayOfMonth('2025-01-10')).toBe('2025-01-02');
    expect(contractDates('RENT', 15, '2026-05-20').deliveryDate).toBe('2026-05-04');
  });

  it('SOW: the last working day of the previous month skips Christmas, Statehood Day and weekends', () => {
    // 31 May 2026 Sunday, 30 Saturday (and Statehood Day), 29 Friday
    expect(lastWorkingDayOfPreviousMonth('2026-06-10')).toBe('2026-05-29');
    // 31 May 2025 Saturday, 30 May Friday is Statehood Day: Thursday the 29th
    expect(lastWorkingDayOfPreviousMonth('2025-06-10')).toBe('2025-05-29');
    // 31 March 2024 was Easter Sunday, 30 a Saturday: Friday the 29th
    expect(lastWorkingDayOfPreviousMonth('2024-04-10')).toBe('2024-03-29');
    // Statehood Day (30 May 2025) skipped for the date of supply; due 15 days after the day of issue
    expect(contractDates('SOW', 15, '2025-06-10')).toEqual({
      deliveryDate: '2025-05-29',
      servicePeriod: { start: '2025-05-01', end: '2025-05-31' },
      paymentDueDate: '2025-06-25',
    });
  });
});

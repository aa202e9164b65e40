import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDayTime } from './dates';
import { formatMessageParams } from './params';

describe('values inside messages, as the reader writes them (issue 31)', () => {
  it('writes numbers in the language, keeps count a number, and days under date names as days', () => {
    expect(formatMessageParams({ maximum: 99.99, minimum: 0.5, count: 3 }, 'hr')).toEqual({ maximum: '99,99', minimum: '0,5', count: 3 });
    expect(formatMessageParams({ maximum: 99.99, max: 1000 }, 'en')).toEqual({ maximum: '99.99', max: '1,000' });
    expect(formatMessageParams({ date: '2026-03-02', today: '2026-03-14' }, 'hr')).toEqual({ date: '2. 3. 2026.', today: '14. 3. 2026.' });
    expect(formatMessageParams({ date: '2026-03-02' }, 'en')).toEqual({ date: '2 Mar 2026' });
  });

  it('leaves a text that merely looks like a date or a number as it is', () => {
    expect(formatMessageParams({ number: '2026-11-01', name: '2026-11-01', remaining: '1.5' }, 'hr')).toEqual({
      number: '2026-11-01', name: '2026-11-01', remaining: '1.5',
    });
  });
});

describe('one date-and-time format', () => {
  it('writes a moment in Croatian time, as the date format plus the clock', () => {
    // 16:49 UTC in November is 17:49 in Zagreb
    expect(formatDateTime('2026-11-26T16:49:00.000Z', 'hr')).toBe('26. 11. 2026. 17:49');
    expect(formatDateTime('2026-11-26T16:49:00.000Z', 'en')).toBe('26 Nov 2026, 17:49');
    // just before midnight UTC is the next day in Zagreb
    expect(formatDateTime('2026-07-01T22:30:00Z', 'hr')).toBe('2. 7. 2026. 00:30');
  });

  it('writes a day with its time of issue', () => {
    expect(formatDayTime('2026-03-02', '09:05:33', 'hr')).toBe('2. 3. 2026. 09:05');
    expect(formatDayTime('2026-03-02', '09:05', 'en')).toBe('2 Mar 2026, 09:05');
  });
});

import { describe, expect, it } from 'vitest';
import { formatDay, monthName } from './format';

describe('invoice list formatting', () => {
  it('writes days the way each language does', () => {
    expect(formatDay('2026-11-22', 'hr')).toBe('22. 11. 2026.');
    expect(formatDay('2026-03-02', 'hr')).toBe('2. 3. 2026.');
    expect(formatDay('2026-11-22', 'en')).toBe('22 Nov 2026');
    // The first of the month must not slip to the previous day in any time zone.
    expect(formatDay('2026-01-01', 'en')).toBe('1 Jan 2026');
  });

  it('names months in the UI language', () => {
    expect(monthName(1, 'hr')).toBe('sij');
    expect(monthName(12, 'en')).toBe('Dec');
  });
});

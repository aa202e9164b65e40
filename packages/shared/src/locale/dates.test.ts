import { describe, expect, it } from 'vitest';
import { formatDate } from './dates';

describe('one date format for screens and print (issue 12)', () => {
  it('writes Croatian days without leading zeros and English ones with the short month', () => {
    expect(formatDate('2026-03-02', 'hr')).toBe('2. 3. 2026.');
    expect(formatDate('2026-12-31', 'hr')).toBe('31. 12. 2026.');
    expect(formatDate('2026-03-02', 'en')).toBe('2 Mar 2026');
    expect(formatDate('2025-01-01', 'en')).toBe('1 Jan 2025');
  });

  it('keeps the day whatever the time zone (the day is read, not converted)', () => {
    expect(formatDate('2026-01-01T00:30:00Z', 'hr')).toBe('1. 1. 2026.');
  });
});

import { describe, expect, it } from 'vitest';
import { dayOfYear, joppdLabel } from './joppd';

describe('JOPPD label', () => {
  it('is YY followed by the three-digit day of the year', () => {
    expect(joppdLabel('2026-01-01')).toBe('26001');
    expect(joppdLabel('2026-02-01')).toBe('26032');
    expect(joppdLabel('2026-11-22')).toBe('26326');
    expect(joppdLabel('2023-12-31')).toBe('23365');
  });
  it('counts 29 February in leap years', () => {
    expect(joppdLabel('2024-12-31')).toBe('24366');
    expect(dayOfYear('2024-03-01')).toBe(61);
    expect(dayOfYear('2025-03-01')).toBe(60);
  });
  it('refuses what is not an ISO date', () => {
    expect(() => joppdLabel('22.11.2026')).toThrow();
  });
});

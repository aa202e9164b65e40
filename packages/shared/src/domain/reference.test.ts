import { describe, expect, it } from 'vitest';
import { isValidReference, mod11IniControlDigit, withControlDigit } from './reference';

describe('reference numbers', () => {
  it('computes the MOD 11 INI control digit', () => {
    expect(mod11IniControlDigit('1234')).toBe(3);
    expect(withControlDigit('1234')).toBe('12343');
    expect(withControlDigit('7-2026')).toBe('7-2026' + String(mod11IniControlDigit('72026')));
  });
  it('checks HR00: up to three numeric parts, at most 12 digits each, 22 characters in all', () => {
    expect(isValidReference('HR00', '7-2026')).toBe(true);
    expect(isValidReference('HR00', '1-2-3')).toBe(true);
    expect(isValidReference('HR00', '1-2-3-4')).toBe(false);
    expect(isValidReference('HR00', '1234567890123')).toBe(false);
    expect(isValidReference('HR00', '12a')).toBe(false);
    expect(isValidReference('HR00', '')).toBe(false);
    expect(isValidReference('HR00', '123456789012-123456789')).toBe(true);
    expect(isValidReference('HR00', '123456789012-1234567890')).toBe(false);
  });
  it('checks HR01 control digits', () => {
    expect(isValidReference('HR01', '12343')).toBe(true);
    expect(isValidReference('HR01', '12344')).toBe(false);
    expect(isValidReference('HR01', withControlDigit('55-2026'))).toBe(true);
  });
});

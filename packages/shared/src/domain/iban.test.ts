import { describe, expect, it } from 'vitest';
import { isValidBic, isValidIban, normalizeIban } from './iban';

describe('IBAN and BIC', () => {
  it('accepts valid IBANs, with or without spaces', () => {
    expect(isValidIban('HR1210010051863000160')).toBe(true);
    expect(isValidIban('hr12 1001 0051 8630 0016 0')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(normalizeIban(' hr12 1001 0051 8630 0016 0 ')).toBe('HR1210010051863000160');
  });
  it('refuses wrong check digits and wrong lengths for the country', () => {
    expect(isValidIban('HR1210010051863000161')).toBe(false);
    expect(isValidIban('HR121001005186300016')).toBe(false);
    expect(isValidIban('not an iban')).toBe(false);
  });
  it('checks the BIC format', () => {
    expect(isValidBic('ZABAHR2X')).toBe(true);
    expect(isValidBic('PBZGHR2XXXX')).toBe(true);
    expect(isValidBic('ZABA')).toBe(false);
    expect(isValidBic('ZABAHR2')).toBe(false);
  });
});

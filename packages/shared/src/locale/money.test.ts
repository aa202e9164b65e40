import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber } from './money';

// Intl writes a no-break space (U+00A0) before the symbol in Croatian
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('money and numbers as each language writes them (issue 11)', () => {
  it('writes cents in the currency, Croatian with a decimal comma, English with a point', () => {
    expect(plain(formatMoney(123450, 'EUR', 'hr'))).toBe('1.234,50 €');
    expect(formatMoney(123450, 'EUR', 'en')).toBe('€1,234.50');
    expect(formatMoney(-500, 'USD', 'en')).toBe('-US$5.00');
    expect(plain(formatMoney(0, 'HRK', 'hr'))).toBe('0,00 kn');
  });
  it('falls back to the amount and the code for a code Intl does not know', () => {
    expect(formatMoney(1050, 'XYZ1', 'hr')).toBe('10.50 XYZ1');
  });
  it('writes plain numbers with at most the decimals asked for', () => {
    expect(formatNumber(1234.5, 'hr')).toBe('1.234,5');
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(1.23456, 'en', 2)).toBe('1.23');
  });
});

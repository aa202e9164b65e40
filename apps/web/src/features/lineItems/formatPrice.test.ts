import { describe, expect, it } from 'vitest';
import { formatPrice } from './formatPrice';

// Intl puts a no-break space between amount and symbol in Croatian.
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('formatPrice', () => {
  it('writes the amount the way each language does, with the currency symbol', () => {
    expect(plain(formatPrice(123450, 'EUR', '€', 'hr'))).toBe('1.234,50 €');
    expect(formatPrice(123450, 'EUR', '€', 'en')).toBe('€1,234.50');
    expect(plain(formatPrice(9900, 'USD', '$', 'hr'))).toBe('99,00 $');
    expect(formatPrice(9900, 'USD', '$', 'en')).toBe('$99.00');
  });
});

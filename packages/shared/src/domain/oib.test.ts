import { describe, expect, it } from 'vitest';
import { isValidOib } from './oib';

describe('OIB (ISO 7064 MOD 11,10)', () => {
  it('accepts numbers whose check digit matches', () => {
    expect(isValidOib('12345678903')).toBe(true);
    expect(isValidOib('69814562369')).toBe(true);
  });
  it('refuses a wrong check digit, wrong length and non-digits', () => {
    expect(isValidOib('12345678900')).toBe(false);
    expect(isValidOib('1234567890')).toBe(false);
    expect(isValidOib('123456789031')).toBe(false);
    expect(isValidOib('1234567890A')).toBe(false);
  });
  it('catches every single-digit typo of a valid OIB', () => {
    const valid = '12345678903';
    for (let i = 0; i < 11; i++) {
      for (let d = 0; d <= 9; d++) {
        const typo = valid.slice(0, i) + String(d) + valid.slice(i + 1);
        if (typo !== valid) expect(isValidOib(typo), typo).toBe(false);
      }
    }
  });
});

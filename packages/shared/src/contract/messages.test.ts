import { describe, expect, it } from 'vitest';
import { lineItemInputSchema } from './lineItem';

const nameError = (nameHr: string) => {
  const result = lineItemInputSchema.safeParse({ nameHr, unitPrice: 10, currencyCode: 'EUR', unit: 'HOURLY' });
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === 'nameHr')?.message;
};

describe('validation messages', () => {
  it('says an empty field with a minimum length is required, not too short', () => {
    expect(nameError('')).toBe('validation.required');
    // blanks are trimmed away: still nothing typed
    expect(nameError('   ')).toBe('validation.required');
    expect(nameError('abc')).toBe('validation.minLength');
    expect(nameError('abcd')).toBeUndefined();
  });

  it('says a character XML cannot carry is not allowed, before anything else', () => {
    expect(nameError('Razvoj\u0001 softvera')).toBe('validation.xmlChar');
    expect(nameError('\u0000')).toBe('validation.xmlChar');
    expect(nameError('Razvoj \u{1F600}\t&amp;')).toBeUndefined();
  });
});

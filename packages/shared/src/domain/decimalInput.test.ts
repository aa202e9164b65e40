import { describe, expect, it } from 'vitest';
import { basisPointsInput, centsInput, milliInput, parseBasisPoints, parseCents, parseMilli } from './decimalInput';

const value = (parsed: ReturnType<typeof parseCents>) => (parsed.ok ? parsed.value : parsed.error);

describe('amount inputs read once into integer units', () => {
  it('takes the language’s decimal separator and its thousands grouping', () => {
    expect(value(parseCents('1.234,56', 'hr'))).toBe(123456);
    expect(value(parseCents('1,234.56', 'en'))).toBe(123456);
    expect(value(parseCents('1 234,5', 'hr'))).toBe(123450);
    expect(value(parseCents('45', 'hr'))).toBe(4500);
    expect(value(parseCents(',5', 'hr'))).toBe(50);
    expect(value(parseCents('12.345.678,9', 'hr'))).toBe(1234567890);
  });

  it('takes a decimal point typed in Croatian (and a comma in English) where it cannot be grouping', () => {
    expect(value(parseMilli('10.5', 'hr'))).toBe(10500);
    expect(value(parseMilli('1,5', 'en'))).toBe(1500);
    // three digits after it: grouping, as the language writes thousands
    expect(value(parseMilli('1.234', 'hr'))).toBe(1_234_000);
    expect(value(parseMilli('1.234', 'en'))).toBe(1234);
    expect(value(parseMilli('1,234', 'en'))).toBe(1_234_000);
  });

  it('answers an error key for nothing, for what is no number and for too many decimals', () => {
    expect(value(parseCents('', 'hr'))).toBe('validation.required');
    expect(value(parseCents('   ', 'en'))).toBe('validation.required');
    expect(value(parseCents('12a', 'hr'))).toBe('validation.type');
    expect(value(parseCents('1.2.3,4', 'hr'))).toBe('validation.type');
    expect(value(parseCents('1,23,4', 'hr'))).toBe('validation.type');
    expect(value(parseCents('12,345', 'hr'))).toBe('validation.money');
    expect(value(parseMilli('0,0001', 'hr'))).toBe('validation.quantityDecimals');
    expect(value(parseBasisPoints('12,555', 'hr'))).toBe('validation.money');
  });

  it('is exact where floats are not (0.07 € is 7 cents, 1.005 h is 1005 thousandths)', () => {
    expect(value(parseCents('0,07', 'hr'))).toBe(7);
    expect(value(parseCents('1,10', 'hr'))).toBe(110);
    expect(value(parseMilli('1.005', 'en'))).toBe(1005);
    expect(value(parseBasisPoints('99,99', 'hr'))).toBe(9999);
    expect(value(parseCents('99999999,99', 'hr'))).toBe(9_999_999_999);
  });

  it('writes integer units back as the text it reads, without grouping', () => {
    expect(centsInput(123456, 'hr')).toBe('1234,56');
    expect(centsInput(4500, 'en')).toBe('45.00');
    expect(centsInput(7, 'hr')).toBe('0,07');
    expect(centsInput(4550, 'hr', false)).toBe('45,5');
    expect(centsInput(4500, 'en', false)).toBe('45');
    expect(milliInput(1500, 'hr')).toBe('1,5');
    expect(milliInput(2000, 'en')).toBe('2');
    expect(milliInput(1, 'en')).toBe('0.001');
    expect(basisPointsInput(1250, 'hr')).toBe('12,5');
    expect(basisPointsInput(0, 'hr')).toBe('0');
    for (const cents of [0, 1, 99, 100, 123456, 9_999_999_999]) {
      for (const language of ['hr', 'en'] as const) expect(value(parseCents(centsInput(cents, language), language))).toBe(cents);
    }
    for (const milli of [1, 999, 1000, 1234567, 1_000_000_000]) {
      for (const language of ['hr', 'en'] as const) expect(value(parseMilli(milliInput(milli, language), language))).toBe(milli);
    }
  });
});

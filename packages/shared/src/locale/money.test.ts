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

describe('money without Intl per call (issue 33 item 2)', () => {
  /** What formatMoney wrote before: Intl's formatter of the locale and currency, every time. */
  const formats = new Map<string, Intl.NumberFormat>();
  const intl = (cents: number, currency: string, language: 'hr' | 'en') => {
    const key = `${currency}|${language}`;
    let format = formats.get(key);
    if (!format) {
      format = new Intl.NumberFormat(language === 'hr' ? 'hr-HR' : 'en-GB', { style: 'currency', currency });
      formats.set(key, format);
    }
    return format.format(cents / 100);
  };

  /** Cents of every magnitude up to the exact bound and past it, both signs, and the edges. */
  function samples(): number[] {
    let seed = 20261127;
    const random = () => {
      // a small deterministic generator (mulberry32): the same values on every run
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const values = [0, -0, 1, -1, 5, 9, 10, 99, 100, 999, 1000, 1005, 9999, 10_000, 99_999, 100_000, 999_999, 1_000_000, 2 ** 31, 2 ** 32, 1e15 - 1, 1e15, 1e15 + 1, 2 ** 53 - 1, 2 ** 53, 1e20, 0.5, 1.5, 12.345, Number.MAX_SAFE_INTEGER];
    for (let digits = 1; digits <= 17; digits++) {
      for (let i = 0; i < 60; i++) values.push(Math.floor(random() * 10 ** digits));
    }
    return values.flatMap((v) => [v, -v]);
  }

  it('writes every value as Intl does, in both languages and in every currency Intl knows', () => {
    const values = samples();
    // every sample in the currencies invoices use, every tenth in the others Intl knows
    const common = ['EUR', 'USD', 'GBP', 'CHF', 'HRK', 'JPY', 'KWD', 'BAM', 'XYZ'];
    const others = Intl.supportedValuesOf('currency').filter((c) => !common.includes(c));
    let compared = 0;
    let differ = '';
    for (const [currencies, step] of [[common, 1], [others, 10]] as const) {
      for (const currency of currencies) {
        for (const language of ['hr', 'en'] as const) {
          for (let i = 0; i < values.length; i += step) {
            const cents = values[i] ?? 0;
            compared++;
            if (!differ && formatMoney(cents, currency, language) !== intl(cents, currency, language)) differ = `${cents} ${currency} ${language}`;
          }
        }
      }
    }
    expect(differ).toBe('');
    expect(compared).toBeGreaterThan(100_000);
  });

  it('writes the list amounts as before: negatives with the locale minus, large sums grouped', () => {
    expect(plain(formatMoney(-123_456_789_012, 'EUR', 'hr'))).toBe('\u22121.234.567.890,12 €');
    expect(formatMoney(-5, 'EUR', 'en')).toBe('-€0.05');
    expect(formatMoney(100_000_000, 'USD', 'en')).toBe('US$1,000,000.00');
    expect(plain(formatMoney(-0, 'EUR', 'hr'))).toBe('\u22120,00 €');
  });

  it('asks Intl only once per language and currency for euro and dollar cents, and past the exact bound', () => {
    for (const language of ['hr', 'en'] as const) for (const currency of ['EUR', 'USD']) formatMoney(1, currency, language);
    // `format` is a getter of Intl's formatters: each use reads it
    const descriptor = Object.getOwnPropertyDescriptor(Intl.NumberFormat.prototype, 'format');
    const getter: unknown = descriptor ? Reflect.get(descriptor, 'get') : undefined;
    if (!descriptor || typeof getter !== 'function') throw new Error('Intl.NumberFormat.prototype.format is not a getter');
    const read = (format: Intl.NumberFormat): unknown => Reflect.apply(getter, format, []);
    let reads = 0;
    Object.defineProperty(Intl.NumberFormat.prototype, 'format', {
      ...descriptor,
      get(this: Intl.NumberFormat) {
        reads++;
        return read(this);
      },
    });
    try {
      for (const language of ['hr', 'en'] as const) for (const currency of ['EUR', 'USD']) formatMoney(-123_456_789, currency, language);
      expect(reads).toBe(0);
      formatMoney(1e15, 'EUR', 'hr');
      expect(reads).toBe(1);
    } finally {
      Object.defineProperty(Intl.NumberFormat.prototype, 'format', descriptor);
    }
  });
});

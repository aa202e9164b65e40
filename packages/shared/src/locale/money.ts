import type { Language } from '../i18n/types';
import { localeOf } from './dates';

/**
 * Writes integer cents as one locale's `Intl.NumberFormat` writes them in one currency, without
 * calling it (issue 33 item 2: Intl was ~1 µs of each list row). Built from the formatter's own parts
 * (signs, symbol and spaces before and after the number, the group and decimal separators, whether a
 * four-digit number is grouped) and kept only if it writes every probe value as the formatter does;
 * null for a currency whose amounts do not have exactly two decimals (JPY, KWD) or a locale that
 * groups otherwise. Exact for integer cents below 10^15 in magnitude: there `cents / 100` is within
 * a thousandth of a cent of its decimal value, so Intl's rounding to two decimals gives back the
 * cents' own digits; beyond it (and for anything that is not a safe integer, or -0) the caller asks
 * Intl.
 */
type CentsWriter = (cents: number) => string;
const EXACT_BELOW = 1e15;

function centsWriter(format: Intl.NumberFormat): CentsWriter | null {
  const options = format.resolvedOptions();
  if (options.minimumFractionDigits !== 2 || options.maximumFractionDigits !== 2) return null;
  const NUMBER = new Set(['integer', 'group', 'decimal', 'fraction']);
  /** What the formatter writes before and after the number of `value`, its separators. */
  const around = (value: number) => {
    const parts = format.formatToParts(value);
    const first = parts.findIndex((p) => NUMBER.has(p.type));
    let last = -1;
    parts.forEach((p, i) => {
      if (NUMBER.has(p.type)) last = i;
    });
    const text = (from: number, to: number) => parts.slice(from, to).map((p) => p.value).join('');
    return {
      before: text(0, first),
      after: text(last + 1, parts.length),
      group: parts.find((p) => p.type === 'group')?.value,
      decimal: parts.find((p) => p.type === 'decimal')?.value,
      contiguous: first >= 0 && parts.slice(first, last + 1).every((p) => NUMBER.has(p.type)),
    };
  };
  const plus = around(1234567.89);
  const minus = around(-1234567.89);
  const { group, decimal } = plus;
  if (!plus.contiguous || !minus.contiguous || group === undefined || decimal === undefined || minus.group !== group || minus.decimal !== decimal) return null;
  // some locales leave a four-digit number ungrouped (minimum grouping digits 2)
  const groupedFrom = format.format(1234).includes(group) ? 1000 : 10_000;
  const write: CentsWriter = (cents) => {
    const negative = cents < 0;
    const abs = negative ? -cents : cents;
    const fraction = abs % 100;
    let whole = (abs - fraction) / 100;
    let groups = '';
    if (whole >= groupedFrom) {
      while (whole >= 1000) {
        const three = whole % 1000;
        whole = (whole - three) / 1000;
        groups = group + (three < 10 ? '00' : three < 100 ? '0' : '') + three + groups;
      }
    }
    const number = whole + groups + decimal + (fraction < 10 ? '0' : '') + fraction;
    return negative ? minus.before + number + minus.after : plus.before + number + plus.after;
  };
  const probes = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 12_345, 99_999, 100_000, 123_456, 999_999, 1_000_000, 12_345_678, 123_456_789, 1_234_567_890, 99_999_999_999, 123_456_789_012_345, EXACT_BELOW - 1];
  for (const probe of probes) {
    for (const cents of probe === 0 ? [0] : [probe, -probe]) {
      if (write(cents) !== format.format(cents / 100)) return null;
    }
  }
  return write;
}

interface MoneyFormat {
  intl: Intl.NumberFormat;
  cents: CentsWriter | null;
}

/** One formatter per locale and currency: constructing one costs tens of µs, using it < 1 µs. */
const moneyFormats = new Map<string, Map<string, MoneyFormat>>();

function moneyFormat(locale: string, currency: string): MoneyFormat | null {
  let ofLocale = moneyFormats.get(locale);
  if (!ofLocale) {
    ofLocale = new Map();
    moneyFormats.set(locale, ofLocale);
  }
  let format = ofLocale.get(currency);
  if (!format) {
    let intl: Intl.NumberFormat;
    try {
      intl = new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch {
      // only real currencies are kept: the map stays as small as the set of them
      return null;
    }
    format = { intl, cents: centsWriter(intl) };
    ofLocale.set(currency, format);
  }
  return format;
}

/**
 * Cents for people: "1.234,50 €" in hr, "€1,234.50" in en. The one money formatter of the web,
 * the printout and the API's `amountFormatted` (issue 11). Integer cents are written without
 * calling Intl where that writes the same (`centsWriter`).
 */
export function formatMoney(cents: number, currency: string, language: string): string {
  const format = moneyFormat(localeOf(language === 'hr' ? 'hr' : 'en'), currency);
  if (!format) return `${(cents / 100).toFixed(2)} ${currency}`;
  if (format.cents && Number.isSafeInteger(cents) && cents > -EXACT_BELOW && cents < EXACT_BELOW && !Object.is(cents, -0)) return format.cents(cents);
  return format.intl.format(cents / 100);
}

/** Formatters are made once per language and number of decimals. */
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A plain number as the language writes it, up to `maxDecimals` decimals: "1.234,5" / "1,234.5". */
export function formatNumber(value: number, language: Language, maxDecimals = 3): string {
  const key = `${language}|${maxDecimals}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: maxDecimals });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

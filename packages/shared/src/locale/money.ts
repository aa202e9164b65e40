import type { Language } from '../i18n/types';
import { localeOf } from './dates';

/** One formatter per locale and currency: constructing one costs tens of µs, using it < 1 µs. */
const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(locale: string, currency: string): Intl.NumberFormat | null {
  const key = `${locale}|${currency}`;
  let format: Intl.NumberFormat | null | undefined = moneyFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch {
      format = null;
    }
    // only real currencies are kept: the map stays as small as the set of them
    if (format) moneyFormats.set(key, format);
  }
  return format;
}

/**
 * Cents for people: "1.234,50 €" in hr, "€1,234.50" in en. The one money formatter of the web,
 * the printout and the API's `amountFormatted` (issue 11).
 */
export function formatMoney(cents: number, currency: string, language: string): string {
  const format = moneyFormat(localeOf(language === 'hr' ? 'hr' : 'en'), currency);
  return format ? format.format(cents / 100) : `${(cents / 100).toFixed(2)} ${currency}`;
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

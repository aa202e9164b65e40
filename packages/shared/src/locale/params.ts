import type { Language } from '../i18n/types';
import { countryName } from './countries';
import { formatDate } from './dates';
import { formatNumber } from './money';

/** The names under which texts interpolate a day (an ISO `yyyy-mm-dd`): decided by name, never by the look of a value. */
export const DATE_PARAMS: ReadonlySet<string> = new Set(['date', 'today', 'issueDate', 'deadline', 'validTo', 'validFrom']);

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The values a validation or refusal text interpolates, as the reader's language writes them: a
 * number (`{{maximum}}`, `{{min}}`, `{{remaining}}`) in its convention, "99,99" / "99.99", and a day
 * under one of the `DATE_PARAMS` names as `formatDate` writes days. `count` stays a number: it picks
 * the plural form (and counts a few things). A `country` given as its ISO code is the country's name
 * ("Austrija" / "Austria"). Any other text stays as it is, also one that looks like
 * a date or a number (an invoice number, an item's name).
 */
export function formatMessageParams(
  params: Readonly<Record<string, string | number>>,
  language: Language,
): Record<string, string | number> {
  const worded: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'number') worded[name] = name === 'count' || !Number.isFinite(value) ? value : formatNumber(value, language, 6);
    else if (name === 'country' && /^[A-Z]{2}$/.test(value)) worded[name] = countryName(value, language);
    else worded[name] = DATE_PARAMS.has(name) && ISO_DAY.test(value) ? formatDate(value, language) : value;
  }
  return worded;
}

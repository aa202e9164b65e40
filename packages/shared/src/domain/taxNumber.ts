import { EU_COUNTRIES } from './country';

/**
 * What a client's tax number is, by the client's country: the OIB for a Croatian client and for any
 * private person (who has no other number an invoice names, decision 031), the VAT identification
 * number for a business elsewhere in the EU, another tax number outside it. Screens, the printout
 * and the checks all decide by this one rule.
 */
export type TaxNumberKind = 'OIB' | 'VAT' | 'TAX';

export function taxNumberKind(countryCode: string, kind: 'BUSINESS' | 'CONSUMER' = 'BUSINESS'): TaxNumberKind {
  if (kind === 'CONSUMER' || countryCode === 'HR') return 'OIB';
  return EU_COUNTRIES.has(countryCode) ? 'VAT' : 'TAX';
}

/**
 * The structure of each member state's VAT number as the Commission's VIES documentation gives it
 * ("VIES VAT number validation" FAQ): the part after the prefix, and its form as VIES writes it
 * (9 a digit, L a letter, X a letter or a digit). Croatia's is the OIB, checked by its own rule.
 * Formats only: no check digits (a number can be well formed and still not exist; VIES knows).
 */
const EU_VAT: Readonly<Record<string, { pattern: RegExp; format: string }>> = {
  AT: { pattern: /^U\d{8}$/, format: 'ATU99999999' },
  BE: { pattern: /^[01]\d{9}$/, format: 'BE0999999999 / BE1999999999' },
  BG: { pattern: /^\d{9,10}$/, format: 'BG999999999 / BG9999999999' },
  CY: { pattern: /^\d{8}[A-Z]$/, format: 'CY99999999L' },
  CZ: { pattern: /^\d{8,10}$/, format: 'CZ99999999 / CZ999999999 / CZ9999999999' },
  DE: { pattern: /^\d{9}$/, format: 'DE999999999' },
  DK: { pattern: /^\d{8}$/, format: 'DK99999999' },
  EE: { pattern: /^\d{9}$/, format: 'EE999999999' },
  // Greece's prefix is EL, not its ISO code
  GR: { pattern: /^\d{9}$/, format: 'EL999999999' },
  // first and last a letter or a digit, never both digits
  ES: { pattern: /^(?!\d{9}$)[A-Z0-9]\d{7}[A-Z0-9]$/, format: 'ESX9999999X' },
  FI: { pattern: /^\d{8}$/, format: 'FI99999999' },
  FR: { pattern: /^[0-9A-HJ-NP-Z]{2}\d{9}$/, format: 'FRXX999999999' },
  HU: { pattern: /^\d{8}$/, format: 'HU99999999' },
  IE: { pattern: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/, format: 'IE9999999L / IE9999999LL / IE9X99999L' },
  IT: { pattern: /^\d{11}$/, format: 'IT99999999999' },
  LT: { pattern: /^(\d{9}|\d{12})$/, format: 'LT999999999 / LT999999999999' },
  LU: { pattern: /^\d{8}$/, format: 'LU99999999' },
  LV: { pattern: /^\d{11}$/, format: 'LV99999999999' },
  MT: { pattern: /^\d{8}$/, format: 'MT99999999' },
  NL: { pattern: /^\d{9}B\d{2}$/, format: 'NL999999999B99' },
  PL: { pattern: /^\d{10}$/, format: 'PL9999999999' },
  PT: { pattern: /^\d{9}$/, format: 'PT999999999' },
  RO: { pattern: /^[1-9]\d{1,9}$/, format: 'RO99 … RO9999999999' },
  SE: { pattern: /^\d{10}01$/, format: 'SE999999999901' },
  SI: { pattern: /^\d{8}$/, format: 'SI99999999' },
  SK: { pattern: /^\d{10}$/, format: 'SK9999999999' },
};

/** The VAT number's prefix in a member state (its ISO code, but EL for Greece). */
export const vatPrefix = (countryCode: string): string => (countryCode === 'GR' ? 'EL' : countryCode);

/**
 * An EU VAT number as stored and printed: upper case, without spaces, dots or dashes, with its
 * country's prefix (added when typed without it: "u 1234 5678" for Austria is "ATU12345678").
 * Anything else (another country's number, a number outside the EU) only loses its outer spaces.
 */
export function normalizeTaxNumber(countryCode: string, value: string, kind: 'BUSINESS' | 'CONSUMER' = 'BUSINESS'): string {
  const trimmed = value.trim();
  if (taxNumberKind(countryCode, kind) !== 'VAT' || !EU_VAT[countryCode]) return trimmed;
  const compact = trimmed.replace(/[\s.\-/]/g, '').toUpperCase();
  const prefix = vatPrefix(countryCode);
  return compact.startsWith(prefix) ? compact : `${prefix}${compact}`;
}

/** Why a tax number cannot be saved: the i18n key and what it names. */
export interface TaxNumberProblem {
  messageKey: 'validation.euVatFormat';
  /** `country` is the ISO code (texts name it in the reader's language), `format` the VIES form. */
  params: { country: string; format: string };
}

/**
 * A business in another EU member state: its VAT number must have the form VIES gives for its
 * country. Null when it has (or when the rule does not apply: no number, Croatia, outside the EU, a
 * private person).
 */
export function taxNumberProblem(
  countryCode: string,
  value: string | null | undefined,
  kind: 'BUSINESS' | 'CONSUMER' = 'BUSINESS',
): TaxNumberProblem | null {
  const rule = EU_VAT[countryCode];
  if (!value?.trim() || !rule || taxNumberKind(countryCode, kind) !== 'VAT') return null;
  const normalized = normalizeTaxNumber(countryCode, value, kind);
  if (rule.pattern.test(normalized.slice(vatPrefix(countryCode).length))) return null;
  return { messageKey: 'validation.euVatFormat', params: { country: countryCode, format: rule.format } };
}

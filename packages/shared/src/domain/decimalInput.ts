/**
 * What an amount input holds is text; these read it once into integer units and write integer
 * units back as text to edit (decision 018). The language's own decimal separator is always the
 * decimal one ("10,5" in Croatian, "10.5" in English) and its grouping separator may group thousands
 * ("1.234,56", "1,234.56"); the other language's decimal separator is also taken, once, where it
 * cannot be grouping ("10.5" typed in Croatian is 10.5, "1.234" is 1234).
 */

export type DecimalLanguage = 'hr' | 'en';

/** Why a text is not an amount: nothing typed, not a number, or more decimals than the unit has. */
export type DecimalError = 'validation.required' | 'validation.type' | 'validation.money' | 'validation.quantityDecimals';

export type Parsed = { ok: true; value: number } | { ok: false; error: DecimalError };

const SEPARATORS: Record<DecimalLanguage, { decimal: string; group: string }> = {
  hr: { decimal: ',', group: '.' },
  en: { decimal: '.', group: ',' },
};

const GROUPED = /^\d{1,3}(?:X\d{3})+$/;

/** "1.234,56" (hr) → "1234.56"; null when the text is no decimal number. */
function canonical(text: string, language: DecimalLanguage): string | null {
  const { decimal, group } = SEPARATORS[language];
  let body = text.replace(/\s/g, '');
  const negative = body.startsWith('-');
  if (negative) body = body.slice(1);
  let whole = body;
  let fraction = '';
  const at = body.lastIndexOf(decimal);
  if (at >= 0) {
    whole = body.slice(0, at);
    fraction = body.slice(at + 1);
  } else if (body.split(group).length === 2 && !GROUPED.test(body.replaceAll(group, 'X'))) {
    // the grouping character once, where it groups nothing: typed as a decimal point
    [whole = '', fraction = ''] = body.split(group);
  }
  if (whole.includes(group)) {
    if (!GROUPED.test(whole.replaceAll(group, 'X'))) return null;
    whole = whole.replaceAll(group, '');
  }
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction) || whole + fraction === '') return null;
  return `${negative ? '-' : ''}${whole || '0'}${fraction ? `.${fraction}` : ''}`;
}

function parseScaled(text: string, language: DecimalLanguage, scale: number, decimalsError: DecimalError): Parsed {
  if (text.trim() === '') return { ok: false, error: 'validation.required' };
  const number = canonical(text, language);
  if (number === null) return { ok: false, error: 'validation.type' };
  const negative = number.startsWith('-');
  const [whole = '0', fraction = ''] = number.replace('-', '').split('.');
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > scale) return { ok: false, error: decimalsError };
  const value = Number(whole) * 10 ** scale + Number(significant.padEnd(scale, '0') || '0');
  if (!Number.isSafeInteger(value)) return { ok: false, error: 'validation.type' };
  return { ok: true, value: negative && value !== 0 ? -value : value };
}

/** A money amount typed in currency units, in cents ("1.234,56" → 123456). */
export function parseCents(text: string, language: DecimalLanguage): Parsed {
  return parseScaled(text, language, 2, 'validation.money');
}

/** A quantity, in thousandths ("1,5" → 1500). */
export function parseMilli(text: string, language: DecimalLanguage): Parsed {
  return parseScaled(text, language, 3, 'validation.quantityDecimals');
}

/** A percentage, in hundredths of a percent ("12,5" → 1250). */
export function parseBasisPoints(text: string, language: DecimalLanguage): Parsed {
  return parseScaled(text, language, 2, 'validation.money');
}

/** Integer units as text to edit, without grouping: 123456 cents → "1234,56" (fixed decimals). */
function writeScaled(value: number, language: DecimalLanguage, scale: number, fixed: boolean): string {
  const sign = value < 0 ? '-' : '';
  const digits = String(Math.abs(value)).padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  let fraction = digits.slice(digits.length - scale);
  if (!fixed) fraction = fraction.replace(/0+$/, '');
  return `${sign}${whole}${fraction ? SEPARATORS[language].decimal + fraction : ''}`;
}

/**
 * Cents as an amount to edit, with two decimals (4500 → "45,00" / "45.00"), or with only those
 * it needs when `fixed` is false (4550 → "45,5").
 */
export function centsInput(cents: number, language: DecimalLanguage, fixed = true): string {
  return writeScaled(cents, language, 2, fixed);
}

/** Thousandths as a quantity to edit: 1500 → "1,5", 2000 → "2". */
export function milliInput(milli: number, language: DecimalLanguage): string {
  return writeScaled(milli, language, 3, false);
}

/** Hundredths of a percent as a percentage to edit: 1250 → "12,5", 0 → "0". */
export function basisPointsInput(bp: number, language: DecimalLanguage): string {
  return writeScaled(bp, language, 2, false);
}

/** What a half-typed input counts for in a running total: its value, or nothing yet. */
export function valueOr(parsed: Parsed, fallback: number): number {
  return parsed.ok ? parsed.value : fallback;
}

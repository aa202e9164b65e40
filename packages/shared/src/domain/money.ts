/** Money is integer cents everywhere; these helpers convert at the edges. */

export const CURRENCIES = ['EUR', 'USD', 'HRK'] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];

export function isCurrencyCode(value: string): value is CurrencyCode {
  return (CURRENCIES as readonly string[]).includes(value);
}

const SYMBOLS: Record<CurrencyCode, string> = { EUR: '€', USD: '$', HRK: 'kn' };

export function currencySymbol(code: string): string {
  return (SYMBOLS as Record<string, string>)[code] ?? code;
}

/** 12.5 -> 1250. Only for values already checked to have at most two decimals. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/** 1250 -> 12.5 */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** True when a decimal amount has no more than two decimal places. */
export function hasAtMostTwoDecimals(amount: number): boolean {
  return Number.isFinite(amount) && Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6;
}

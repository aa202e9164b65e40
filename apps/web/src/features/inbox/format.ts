import type { Language } from '@faktura/shared';
/**
 * A quantity or price as the supplier wrote it (UBL's decimal point: `1.000`, `100.000000`) in the
 * reader's way of writing numbers, its trailing zeros dropped (at least `minDigits` decimals kept):
 * "1" and "100,00", never a Croatian reader's "1.000" that reads as a thousand.
 */
export function decimalFor(value: string, language: Language, minDigits = 0): string {
  const digits = /\.(\d+)$/.exec(value)?.[1]?.replace(/0+$/, '').length ?? 0;
  const number = Number(value);
  if (!Number.isFinite(number)) return value;
  return new Intl.NumberFormat(language === 'hr' ? 'hr-HR' : 'en-GB', {
    minimumFractionDigits: Math.min(minDigits, 20),
    maximumFractionDigits: Math.min(Math.max(digits, minDigits), 20),
  }).format(number);
}

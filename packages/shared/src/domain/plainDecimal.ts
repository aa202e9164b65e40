/**
 * Integer units written as a machine-readable decimal with `places` decimals, point, no grouping:
 * (12345, 2) → "123.45", (-5, 2) → "-0.05". What XML messages carry (UBL, the fiscalization
 * messages), never what a person reads (that is `formatMoney`).
 */
export function plainDecimal(value: number, places: number): string {
  const sign = value < 0 ? '-' : '';
  const digits = String(Math.abs(value)).padStart(places + 1, '0');
  return `${sign}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/** Cents as "1245.56". */
export const plainAmount = (cents: number): string => plainDecimal(cents, 2);

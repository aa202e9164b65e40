import type { Line } from './line';

/**
 * Invoice arithmetic in integer units, shared by the API, the forms, the print view and the PDF so
 * every surface shows the same figures.
 * - price: cents; quantity: thousandths (1.5 h = 1500); discount and VAT rate: hundredths of a
 *   percent (12.5 % = 1250, 25 % = 2500).
 * - line net = price × quantity × (1 − discount), rounded half-up to the cent;
 * - VAT per rate on the sum of that rate's line nets, rounded half-up; total = net + VAT.
 */
/** What the arithmetic reads of a line: an invoice's `Line`s are passed as they are. */
export type LineInput = Pick<Line, 'priceCents' | 'quantityMilli' | 'discountBp' | 'vatRateBp'>;

export interface VatGroup {
  rateBp: number;
  baseCents: number;
  vatCents: number;
}

export interface Totals {
  lineNetCents: number[];
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
  vatGroups: VatGroup[];
}

/** Rounds numerator / denominator half away from zero, exactly (BigInt). */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (d * 2n);
  return negative ? -q : q;
}

export function lineNetCents(line: Omit<LineInput, 'vatRateBp'>): number {
  const numerator = BigInt(line.priceCents) * BigInt(line.quantityMilli) * BigInt(10_000 - line.discountBp);
  return Number(divideRounded(numerator, 1000n * 10_000n));
}

export function computeTotals(lines: readonly LineInput[]): Totals {
  const lineNet = lines.map(lineNetCents);
  const byRate = new Map<number, number>();
  lines.forEach((line, i) => byRate.set(line.vatRateBp, (byRate.get(line.vatRateBp) ?? 0) + (lineNet[i] ?? 0)));
  const vatGroups = [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rateBp, baseCents]) => ({
      rateBp,
      baseCents,
      vatCents: Number(divideRounded(BigInt(baseCents) * BigInt(rateBp), 10_000n)),
    }));
  const subtotalCents = lineNet.reduce((sum, n) => sum + n, 0);
  const vatCents = vatGroups.reduce((sum, g) => sum + g.vatCents, 0);
  return { lineNetCents: lineNet, subtotalCents, vatCents, totalCents: subtotalCents + vatCents, vatGroups };
}

/**
 * Converts an amount in a foreign currency to euro cents with the invoice's rate (units of the
 * currency per euro, e.g. "7.53450" for HRK), exactly, rounded half-up.
 */
export function toEuroCents(amountCents: number, eurFxRate: string | null): number {
  if (!eurFxRate) return amountCents;
  const [whole = '0', fraction = ''] = eurFxRate.split('.');
  const scale = 10n ** BigInt(fraction.length);
  const rate = BigInt(whole) * scale + BigInt(fraction || '0');
  return Number(divideRounded(BigInt(amountCents) * scale, rate));
}

import { amountsFromWire } from './line';
import { computeTotals } from './totals';

/**
 * The largest amounts an invoice may carry, chosen so that every accepted invoice prints, pays and
 * adds up exactly (decision 011):
 * - an invoice's total with VAT fits the EPC QR code (at most 999,999,999.99) and so also HUB-3A's
 *   15-digit amount; a line's net total is held to the same figure;
 * - 200 lines at that limit are 2 · 10^13 cents, far below 2^53 (about 9 · 10^15): every per-invoice
 *   sum is an exact JavaScript integer; sums over many invoices use `sumCents`.
 */
export const AMOUNT_LIMITS = {
  /** Quantity of a line, with at most three decimals. */
  maxQuantity: 1_000_000,
  /** Unit price in currency units, with at most two decimals. */
  maxPrice: 99_999_999.99,
  /** Discount in percent, with at most two decimals. */
  maxDiscountPercent: 99.99,
  /** Net total of one line (quantity × price less the discount), in cents. */
  maxLineTotalCents: 99_999_999_999,
  /** Total of an invoice or credit note with VAT, in cents (EPC's 999,999,999.99). */
  maxInvoiceTotalCents: 99_999_999_999,
} as const;

interface LimitLine {
  quantity: number;
  price: number;
  discountPercent?: number | undefined;
  vatRate?: number | undefined;
}

export interface LimitIssue {
  path: (string | number)[];
  message: 'validation.lineTotalMax' | 'validation.invoiceTotalMax';
}

/** Whether `value` is a finite number from `min` to `max`. */
const within = (value: number, min: number, max: number) => Number.isFinite(value) && value >= min && value <= max;

/**
 * Whether a line's numbers are each within their own limits, which its schema checks and refuses by
 * their own messages. Only such lines are added up: the schema's refinements run on lines it already
 * refuses, and a discount of 10^306 with a price of 10^231 made the sum throw (a 500 the fuzz test found).
 */
function withinOwnLimits(line: LimitLine): boolean {
  return (
    within(line.quantity, 0, AMOUNT_LIMITS.maxQuantity) &&
    within(line.price, 0, AMOUNT_LIMITS.maxPrice) &&
    within(line.discountPercent ?? 0, 0, AMOUNT_LIMITS.maxDiscountPercent) &&
    (line.vatRate === undefined || within(line.vatRate, 0, 100))
  );
}

/**
 * Which line totals, and whether the invoice total, go beyond the limits. A line without a VAT rate
 * counts none here (the server knows the treatment and checks the total again with the real rates),
 * so nothing the server would accept is refused by a form. None while a line's own numbers are out
 * of their limits: those are refused already, and a total of them means nothing.
 */
export function amountLimitIssues(lines: readonly LimitLine[]): LimitIssue[] {
  if (!lines.every(withinOwnLimits)) return [];
  const totals = computeTotals(
    lines.map((line) => {
      const amounts = amountsFromWire(line);
      return { ...amounts, vatRateBp: amounts.vatRateBp ?? 0 };
    }),
  );
  const issues: LimitIssue[] = [];
  totals.lineNetCents.forEach((cents, index) => {
    if (cents > AMOUNT_LIMITS.maxLineTotalCents) issues.push({ path: [index, 'price'], message: 'validation.lineTotalMax' });
  });
  if (issues.length === 0 && exceedsInvoiceTotal(totals.totalCents)) issues.push({ path: [], message: 'validation.invoiceTotalMax' });
  return issues;
}

/** Whether an invoice total (either sign: credit notes are negative) is beyond the limit. */
export function exceedsInvoiceTotal(totalCents: number): boolean {
  return Math.abs(totalCents) > AMOUNT_LIMITS.maxInvoiceTotalCents;
}

/**
 * Adds integer cents exactly (BigInt), however many there are. Throws rather than answer a figure
 * that a JavaScript number cannot hold to the cent (beyond 2^53 cents, about 90 trillion euro).
 */
export function sumCents(values: Iterable<number | bigint | string>): number {
  let sum = 0n;
  for (const value of values) sum += BigInt(value);
  if (sum > BigInt(Number.MAX_SAFE_INTEGER) || sum < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`sum of cents beyond 2^53: ${sum}`);
  }
  return Number(sum);
}

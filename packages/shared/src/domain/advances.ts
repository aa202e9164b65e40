import { type VatGroup, computeTotals, divideRounded } from './totals';

/**
 * Advance invoices (račun za predujam, UBL 386) and the final invoice that deducts them (issue 48,
 * decision 044), in integer cents. An advance states a payment received before the supply, gross, with
 * the VAT it contains per rate; the final invoice states the whole supply and deducts the advances
 * received (BT-113 PrepaidAmount), leaving what remains to pay (BT-115).
 */

/** One rate's part of an advance as the operator enters it: the gross amount received at that rate. */
export interface AdvancePart {
  vatRateBp: number;
  grossCents: number;
}

/** The base and VAT an advance's gross amount at one rate contains. */
export interface AdvanceSplit {
  vatRateBp: number;
  baseCents: number;
  vatCents: number;
  grossCents: number;
}

/** Why a gross amount cannot be an advance at its rate (each an i18n key under `validation.`). */
export type AdvanceSplitProblem =
  | { code: 'advanceAmountZero' }
  /** No base in whole cents gives this gross with its VAT rounded (BR-CO-17): the two nearest that do. */
  | { code: 'advanceGrossUnreachable'; belowCents: number; aboveCents: number };

const vatOf = (baseCents: number, rateBp: number) => Number(divideRounded(BigInt(baseCents) * BigInt(rateBp), 10_000n));

/**
 * The base and VAT contained in `grossCents` at `vatRateBp`, by the app's one VAT rule (VAT of a rate
 * is its base × rate, rounded half-up: `computeTotals`), so that the advance invoice's lines total
 * exactly the money received. Some gross amounts no base reaches (at 25 % a base step of one cent moves
 * the gross by 1 or 2 cents): those are refused with the nearest amounts that can be stated.
 */
export function splitAdvance(part: AdvancePart): AdvanceSplit | AdvanceSplitProblem {
  const { vatRateBp, grossCents } = part;
  if (grossCents <= 0) return { code: 'advanceAmountZero' };
  const guess = Number(divideRounded(BigInt(grossCents) * 10_000n, BigInt(10_000 + vatRateBp)));
  for (const base of [guess, guess - 1, guess + 1]) {
    if (base > 0 && base + vatOf(base, vatRateBp) === grossCents) {
      return { vatRateBp, baseCents: base, vatCents: grossCents - base, grossCents };
    }
  }
  let below = grossCents - 1;
  while (below > 0 && !reachable(below, vatRateBp)) below -= 1;
  let above = grossCents + 1;
  while (!reachable(above, vatRateBp)) above += 1;
  return { code: 'advanceGrossUnreachable', belowCents: below, aboveCents: above };
}

function reachable(grossCents: number, rateBp: number): boolean {
  const guess = Number(divideRounded(BigInt(grossCents) * 10_000n, BigInt(10_000 + rateBp)));
  return [guess, guess - 1, guess + 1].some((base) => base > 0 && base + vatOf(base, rateBp) === grossCents);
}

export const isAdvanceSplit = (value: AdvanceSplit | AdvanceSplitProblem): value is AdvanceSplit => !('code' in value);

/** An advance as the final invoice deducts it: its VAT groups (what it stated, less its credit notes). */
export interface AdvanceToDeduct {
  vatGroups: readonly VatGroup[];
}

/** What a final invoice deducts and what remains, per rate and in all (cents of the invoice's currency). */
export interface Deduction {
  /** Per rate: the advances' base and VAT deducted, highest rate first. */
  perRate: VatGroup[];
  /** Σ of the advances' gross amounts: BT-113, the final invoice's PrepaidAmount. */
  prepaidCents: number;
  /** The supply's total less the advances: BT-115, what remains to pay. Never negative. */
  remainingCents: number;
}

/**
 * The advances deducted on a final invoice whose supply totals `supplyTotalCents`, exactly: each rate's
 * base and VAT summed over the advances, the prepaid amount their gross sum, what remains the total less
 * it. Null when the advances exceed the supply (the final invoice would owe the client money: refused,
 * `advancesExceedTotal`), so `remainingCents` is never negative.
 */
export function deductAdvances(supplyTotalCents: number, advances: readonly AdvanceToDeduct[]): Deduction | null {
  const byRate = new Map<number, { baseCents: number; vatCents: number }>();
  for (const advance of advances) {
    for (const group of advance.vatGroups) {
      const sum = byRate.get(group.rateBp) ?? { baseCents: 0, vatCents: 0 };
      byRate.set(group.rateBp, { baseCents: sum.baseCents + group.baseCents, vatCents: sum.vatCents + group.vatCents });
    }
  }
  const perRate = [...byRate.entries()].sort(([a], [b]) => b - a).map(([rateBp, sum]) => ({ rateBp, ...sum }));
  const prepaidCents = perRate.reduce((total, group) => total + group.baseCents + group.vatCents, 0);
  if (prepaidCents > supplyTotalCents) return null;
  return { perRate, prepaidCents, remainingCents: supplyTotalCents - prepaidCents };
}

/** The VAT groups of an advance's lines and of its credit notes' (negative) lines, netted per rate. */
export function advanceGroups(documents: readonly { lines: Parameters<typeof computeTotals>[0] }[]): VatGroup[] {
  const byRate = new Map<number, { baseCents: number; vatCents: number }>();
  for (const document of documents) {
    for (const group of computeTotals(document.lines).vatGroups) {
      const sum = byRate.get(group.rateBp) ?? { baseCents: 0, vatCents: 0 };
      byRate.set(group.rateBp, { baseCents: sum.baseCents + group.baseCents, vatCents: sum.vatCents + group.vatCents });
    }
  }
  return [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rateBp, sum]) => ({ rateBp, ...sum }))
    .filter((group) => group.baseCents !== 0 || group.vatCents !== 0);
}

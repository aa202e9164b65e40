import { describe, expect, it } from 'vitest';
import { computeTotals, divideRounded, lineNetCents, toEuroCents } from './totals';

/** A small deterministic generator so the property checks are repeatable. */
function random(seed: number) {
  let s = seed;
  return (max: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % max;
  };
}

describe('line and invoice totals', () => {
  it('computes price × quantity × (1 − discount), half-up to the cent', () => {
    expect(lineNetCents({ priceCents: 4500, quantityMilli: 1500, discountBp: 0 })).toBe(6750);
    expect(lineNetCents({ priceCents: 999, quantityMilli: 3000, discountBp: 1000 })).toBe(2697); // 26.973
    expect(lineNetCents({ priceCents: 1, quantityMilli: 500, discountBp: 0 })).toBe(1); // 0.5 cent rounds up
    expect(lineNetCents({ priceCents: 1, quantityMilli: 499, discountBp: 0 })).toBe(0);
    expect(lineNetCents({ priceCents: 10000, quantityMilli: 1000, discountBp: 9999 })).toBe(1);
  });

  it('computes VAT per rate on the sum of that rate’s lines', () => {
    // three lines of 0.33 at 25 %: per-line VAT would be 3 × 0.08 = 0.24; on the sum 0.99 it is 0.25
    const totals = computeTotals([
      { priceCents: 33, quantityMilli: 1000, discountBp: 0, vatRateBp: 2500 },
      { priceCents: 33, quantityMilli: 1000, discountBp: 0, vatRateBp: 2500 },
      { priceCents: 33, quantityMilli: 1000, discountBp: 0, vatRateBp: 2500 },
      { priceCents: 10000, quantityMilli: 1000, discountBp: 0, vatRateBp: 1300 },
    ]);
    expect(totals.vatGroups).toEqual([
      { rateBp: 2500, baseCents: 99, vatCents: 25 },
      { rateBp: 1300, baseCents: 10000, vatCents: 1300 },
    ]);
    expect(totals).toMatchObject({ subtotalCents: 10099, vatCents: 1325, totalCents: 11424 });
  });

  it('always adds up: lines to subtotal, groups to VAT, subtotal + VAT to total (property)', () => {
    const next = random(42);
    for (let run = 0; run < 500; run++) {
      const lines = Array.from({ length: 1 + next(12) }, () => ({
        priceCents: next(10_000_000),
        quantityMilli: next(100_000),
        discountBp: next(10_000),
        vatRateBp: [0, 500, 1300, 2500][next(4)] ?? 0,
      }));
      const t = computeTotals(lines);
      expect(t.lineNetCents.reduce((a, b) => a + b, 0)).toBe(t.subtotalCents);
      expect(t.vatGroups.reduce((a, g) => a + g.baseCents, 0)).toBe(t.subtotalCents);
      expect(t.vatGroups.reduce((a, g) => a + g.vatCents, 0)).toBe(t.vatCents);
      expect(t.subtotalCents + t.vatCents).toBe(t.totalCents);
      for (const cents of [...t.lineNetCents, t.totalCents]) expect(Number.isSafeInteger(cents)).toBe(true);
    }
  });

  it('rounds half away from zero exactly, even for huge values', () => {
    expect(divideRounded(5n, 10n)).toBe(1n);
    expect(divideRounded(-5n, 10n)).toBe(-1n);
    expect(divideRounded(4n, 10n)).toBe(0n);
    expect(divideRounded(10n ** 20n + 5n, 10n)).toBe(10n ** 19n + 1n);
  });

  it('converts to euro with all the rate’s decimals', () => {
    expect(toEuroCents(753450, '7.53450')).toBe(100000);
    expect(toEuroCents(100, '7.53450')).toBe(13); // 1 kn = 0.1327... €
    expect(toEuroCents(10800, '1.08')).toBe(10000);
    expect(toEuroCents(1234, null)).toBe(1234);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advanceGroups, deductAdvances, isAdvanceSplit, splitAdvance } from './advances';
import { computeTotals } from './totals';

const RATES = [2500, 1300, 500, 0];

describe('advance invoices', () => {
  it('splits a gross amount received into the base and the VAT it contains', () => {
    expect(splitAdvance({ vatRateBp: 2500, grossCents: 12500 })).toEqual({ vatRateBp: 2500, baseCents: 10000, vatCents: 2500, grossCents: 12500 });
    expect(splitAdvance({ vatRateBp: 1300, grossCents: 11300 })).toEqual({ vatRateBp: 1300, baseCents: 10000, vatCents: 1300, grossCents: 11300 });
    // not in the VAT system: all of it is base
    expect(splitAdvance({ vatRateBp: 0, grossCents: 10002 })).toEqual({ vatRateBp: 0, baseCents: 10002, vatCents: 0, grossCents: 10002 });
  });

  it('refuses a gross amount no base in whole cents reaches, naming the nearest two', () => {
    // 80.01 + 20.00 = 100.01; 80.02 + 20.01 (20.005 rounded up) = 100.03
    expect(splitAdvance({ vatRateBp: 2500, grossCents: 10002 })).toEqual({ code: 'advanceGrossUnreachable', belowCents: 10001, aboveCents: 10003 });
    expect(splitAdvance({ vatRateBp: 2500, grossCents: 0 })).toEqual({ code: 'advanceAmountZero' });
  });

  it('states every split as computeTotals would price its line (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...RATES), fc.integer({ min: 1, max: 100_000_000 }), (rate, gross) => {
        const split = splitAdvance({ vatRateBp: rate, grossCents: gross });
        if (!isAdvanceSplit(split)) {
          expect(split.code).toBe('advanceGrossUnreachable');
          if (split.code === 'advanceGrossUnreachable') {
            expect(split.belowCents).toBeLessThan(gross);
            expect(split.aboveCents).toBeGreaterThan(gross);
            expect(split.aboveCents - split.belowCents).toBeLessThanOrEqual(2);
          }
          return;
        }
        const totals = computeTotals([{ priceCents: split.baseCents, quantityMilli: 1000, discountBp: 0, vatRateBp: rate }]);
        expect(totals.totalCents).toBe(gross);
        expect(totals.vatCents).toBe(split.vatCents);
      }),
    );
  });

  it('deducts advances per rate exactly and leaves the rest to pay', () => {
    const supply = computeTotals([
      { priceCents: 100_000, quantityMilli: 1000, discountBp: 0, vatRateBp: 2500 },
      { priceCents: 20_000, quantityMilli: 1000, discountBp: 0, vatRateBp: 1300 },
    ]);
    const a = { vatGroups: [{ rateBp: 2500, baseCents: 40_000, vatCents: 10_000 }] };
    const b = { vatGroups: [{ rateBp: 2500, baseCents: 8_000, vatCents: 2_000 }, { rateBp: 1300, baseCents: 10_000, vatCents: 1_300 }] };
    expect(deductAdvances(supply.totalCents, [a, b])).toEqual({
      perRate: [
        { rateBp: 2500, baseCents: 48_000, vatCents: 12_000 },
        { rateBp: 1300, baseCents: 10_000, vatCents: 1_300 },
      ],
      prepaidCents: 71_300,
      remainingCents: supply.totalCents - 71_300,
    });
    // an advance as large as the supply: nothing remains; larger: refused
    expect(deductAdvances(12_500, [{ vatGroups: [{ rateBp: 2500, baseCents: 10_000, vatCents: 2_500 }] }])?.remainingCents).toBe(0);
    expect(deductAdvances(12_499, [{ vatGroups: [{ rateBp: 2500, baseCents: 10_000, vatCents: 2_500 }] }])).toBeNull();
  });

  it('nets a credited advance per rate with its credit note', () => {
    const advance = { lines: [{ priceCents: 10_000, quantityMilli: 1000, discountBp: 0, vatRateBp: 2500 }] };
    const note = { lines: [{ priceCents: 10_000, quantityMilli: -400, discountBp: 0, vatRateBp: 2500 }] };
    expect(advanceGroups([advance, note])).toEqual([{ rateBp: 2500, baseCents: 6_000, vatCents: 1_500 }]);
    expect(advanceGroups([advance, { lines: [{ ...note.lines[0]!, quantityMilli: -1000 }] }])).toEqual([]);
  });

  it('remaining = total − Σ advances, never negative, over random lines and advances (property)', () => {
    const line = fc.record({
      priceCents: fc.integer({ min: 0, max: 5_000_000 }),
      quantityMilli: fc.integer({ min: 1, max: 100_000 }),
      discountBp: fc.integer({ min: 0, max: 10_000 }),
      vatRateBp: fc.constantFrom(...RATES),
    });
    const advance = fc.array(fc.record({ vatRateBp: fc.constantFrom(...RATES), grossCents: fc.integer({ min: 1, max: 10_000_000 }) }), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), fc.array(advance, { maxLength: 4 }), (lines, parts) => {
        const supply = computeTotals(lines);
        const advances = parts.map((p) => ({
          vatGroups: computeTotals(
            p.flatMap((part) => {
              const split = splitAdvance(part);
              return isAdvanceSplit(split) ? [{ priceCents: split.baseCents, quantityMilli: 1000, discountBp: 0, vatRateBp: part.vatRateBp }] : [];
            }),
          ).vatGroups,
        }));
        const sum = advances.reduce((total, a) => total + a.vatGroups.reduce((s, g) => s + g.baseCents + g.vatCents, 0), 0);
        const deduction = deductAdvances(supply.totalCents, advances);
        if (sum > supply.totalCents) {
          expect(deduction).toBeNull();
          return;
        }
        expect(deduction).not.toBeNull();
        expect(deduction?.prepaidCents).toBe(sum);
        expect(deduction?.remainingCents).toBe(supply.totalCents - sum);
        expect(deduction?.remainingCents).toBeGreaterThanOrEqual(0);
        for (const g of deduction?.perRate ?? []) {
          expect(Number.isInteger(g.baseCents) && Number.isInteger(g.vatCents)).toBe(true);
        }
      }),
    );
  });
});

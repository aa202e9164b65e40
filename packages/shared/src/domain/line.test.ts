import { describe, expect, it } from 'vitest';
import { type Line, type WireLine, lineFromWire, lineToWire } from './line';
import { computeTotals } from './totals';

const wire: WireLine = {
  id: 7, description: 'Razvoj', descriptionEn: null, quantity: 1.005, price: 0.07, unit: 'HOURLY',
  currency: 'EUR', discountPercent: 12.5, vatRate: 13, kpdCode: '62.10.11',
};

describe('a line between spec §7’s decimal numbers and integer units', () => {
  it('reads the wire exactly, the catalogue item as itemId', () => {
    expect(lineFromWire(wire, 'DOMESTIC')).toEqual({
      itemId: 7, description: 'Razvoj', descriptionEn: null, quantityMilli: 1005, unit: 'HOURLY', priceCents: 7,
      currency: 'EUR', discountBp: 1250, vatRateBp: 1300, kpdCode: '62.10.11',
    });
  });

  it('lets the VAT treatment decide the rate: 25 % when a domestic line names none, none outside domestic VAT', () => {
    expect(lineFromWire({ ...wire, vatRate: undefined }, 'DOMESTIC').vatRateBp).toBe(2500);
    expect(lineFromWire(wire, 'REVERSE_CHARGE').vatRateBp).toBe(0);
  });

  it('writes back what it read, for every amount the limits allow', () => {
    for (const [quantity, price, discountPercent] of [[0.001, 0.01, 0], [1_000_000, 99_999_999.99, 99.99], [2.675, 1.15, 0.01], [-2.5, 45, 0]] as const) {
      const sent = { ...wire, quantity, price, discountPercent };
      expect(lineToWire(lineFromWire(sent, 'DOMESTIC'))).toEqual(sent);
    }
  });

  it('is what computeTotals takes', () => {
    const line: Line = lineFromWire({ ...wire, quantity: 2, price: 10, discountPercent: 0, vatRate: 25 }, 'DOMESTIC');
    expect(computeTotals([line])).toMatchObject({ subtotalCents: 2000, vatCents: 500, totalCents: 2500 });
  });
});

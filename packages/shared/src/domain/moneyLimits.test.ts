import { describe, expect, it } from 'vitest';
import { invoiceCreateSchema } from '../contract/invoice';
import { AMOUNT_LIMITS, amountLimitIssues, exceedsInvoiceTotal, sumCents } from './moneyLimits';
import { buildEpcPayload } from './epc';
import { buildHub3Payload } from './hub3';

describe('amount limits', () => {
  it('let the largest invoice total through both payment codes', () => {
    const amountCents = AMOUNT_LIMITS.maxInvoiceTotalCents;
    expect(() => buildEpcPayload({ bic: 'ZABAHR2X', name: 'A', iban: 'HR6023600001101234567', amountCents, remittanceText: 'x' })).not.toThrow();
    expect(() =>
      buildHub3Payload({
        amountCents,
        payer: { name: 'P', street: 'S', place: 'Z' },
        recipient: { name: 'R', street: 'S', place: 'Z' },
        iban: 'HR6023600001101234567',
        model: 'HR00',
        reference: '1-2026',
        description: 'Racun 1',
      }),
    ).not.toThrow();
    // 200 lines at the limit still add up as exact integers
    expect(Number.isSafeInteger(200 * AMOUNT_LIMITS.maxLineTotalCents * 1.25)).toBe(true);
  });

  it('add up no line whose own numbers are refused, however large (a 500 the fuzz test found)', () => {
    const line = { quantity: 9007199254740992, price: -1.208445637011664e231, discountPercent: 1.133928921568622e306, vatRate: 13 };
    expect(amountLimitIssues([line])).toEqual([]);
    expect(amountLimitIssues([{ quantity: 1, price: 1, discountPercent: 1e306 }, { quantity: 1_000_000, price: 99_999_999.99 }])).toEqual([]);
    expect(amountLimitIssues([{ quantity: 1, price: 1, vatRate: Number.MAX_VALUE }])).toEqual([]);
    const parsed = invoiceCreateSchema.safeParse({ lineItems: [{ ...line, description: 'x', unit: 'HOURLY', currency: 'EUR' }] });
    expect(parsed.success).toBe(false);
    const fields = parsed.error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(fields).toEqual(expect.arrayContaining(['lineItems.0.quantity', 'lineItems.0.price', 'lineItems.0.discountPercent']));
  });

  it('name the line beyond the limit and the invoice beyond it (VAT rates as given)', () => {
    expect(amountLimitIssues([{ quantity: 1_000_000, price: 99_999_999.99 }])).toEqual([{ path: [0, 'price'], message: 'validation.lineTotalMax' }]);
    expect(amountLimitIssues([{ quantity: 10, price: 99_999_999.99 }])).toEqual([]);
    expect(amountLimitIssues([{ quantity: 10, price: 99_999_999.99 }, { quantity: 1, price: 0.1 }])).toEqual([
      { path: [], message: 'validation.invoiceTotalMax' },
    ]);
    expect(amountLimitIssues([{ quantity: 8, price: 99_999_999.99, vatRate: 25 }])).toEqual([]);
    expect(amountLimitIssues([{ quantity: 9, price: 99_999_999.99, vatRate: 25 }])).toEqual([{ path: [], message: 'validation.invoiceTotalMax' }]);
    // a discount counts: 11 × 99,999,999.99 less 10 % is under the line limit
    expect(amountLimitIssues([{ quantity: 11, price: 99_999_999.99, discountPercent: 10 }])).toEqual([]);
    expect(exceedsInvoiceTotal(-AMOUNT_LIMITS.maxInvoiceTotalCents - 1)).toBe(true);
  });

  it('are what the form schema reports', () => {
    const result = invoiceCreateSchema.safeParse({
      clientId: 1, billingDate: '2026-01-05', deliveryDate: '2026-01-05', paymentDueDate: '2026-01-20',
      lineItems: [{ id: null, quantity: 1_000_000, description: 'x', price: 99_999_999.99, unit: 'HOURLY', currency: 'EUR' }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual(['lineItems.0.price', 'validation.lineTotalMax']);
  });
});

describe('sumCents', () => {
  it('adds exactly up to 2^53 − 1 cents, and refuses beyond rather than lose a cent', () => {
    const big = 2 ** 52;
    expect(sumCents([big, big - 2, 1])).toBe(Number.MAX_SAFE_INTEGER);
    expect(sumCents(['4503599627370497', -1, 3n])).toBe(4503599627370499);
    expect(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });
});

import { z } from 'zod';
import { envelope, isoDateSchema } from './common';

/**
 * `GET /api/v1/exchange-rate?currency=USD&date=2026-11-26`: the Croatian National Bank's (HNB) middle
 * rate of a currency against the euro on a day, which the New invoice form proposes as the invoice's
 * euro rate. Only the foreign currencies an invoice can be in (USD; HRK is fixed at 7.53450).
 */
export const EXCHANGE_RATE_CURRENCIES = ['USD'] as const;

export const exchangeRateQuerySchema = z.object({
  currency: z.enum(EXCHANGE_RATE_CURRENCIES, { error: 'validation.currency' }),
  date: isoDateSchema,
});
export type ExchangeRateQuery = z.infer<typeof exchangeRateQuerySchema>;

export const exchangeRateSchema = z.object({
  currency: z.enum(EXCHANGE_RATE_CURRENCIES),
  /** Units of the currency per 1 EUR, exact, with a decimal point ("1.0856"), as an invoice's `eurFxRate`. */
  rate: z.string(),
  /** The middle rate ("srednji tečaj") of HNB's list. */
  source: z.literal('HNB_MIDDLE'),
  /** The day asked for. */
  date: isoDateSchema,
  /**
   * The day the list applies on as HNB answers it ("datum primjene"); on a weekend or holiday the
   * list of the last working day may apply, and HNB says which.
   */
  appliesOn: isoDateSchema,
  /** HNB's number of the list ("broj tečajnice"). */
  listNumber: z.string(),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;
export const exchangeRateResponse = envelope(exchangeRateSchema);

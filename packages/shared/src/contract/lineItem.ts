import { z } from 'zod';
import { isValidKpdCode } from '../domain/kpdCode';
import { CURRENCIES, hasAtMostTwoDecimals } from '../domain/money';
import { envelope, optionalText, plainText } from './common';

export const UNITS = ['HOURLY', 'SINGLE'] as const;
export const unitSchema = z.enum(UNITS);
export type Unit = z.infer<typeof unitSchema>;

export const currencyCodeSchema = z
  .string()
  .trim()
  .length(3)
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(CURRENCIES, { error: 'validation.currency' }));

/** A positive amount in currency units with at most two decimals (converted to cents on the server). */
export const priceSchema = z
  .number()
  .gt(0)
  .max(99_999_999.99)
  .refine(hasAtMostTwoDecimals, { error: 'validation.money' });

/**
 * A KPD 2025 code at the six-digit level, `NN.NN.NN` (e-invoice lines need one, HR-BR-25), or
 * nothing: missing, null and blank all mean "not classified yet".
 */
export const kpdCodeSchema = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || isValidKpdCode(value), { error: 'validation.kpdCode' });

/**
 * A catalogue item as the line-item dialog sends it: the form values plus `currency` set to the
 * currency code (spec §3). Either `currency` or `currencyCode` names the currency.
 */
export const lineItemInputSchema = z
  .object({
    nameHr: plainText().trim().min(4).max(200),
    nameEn: optionalText(200),
    unitPrice: priceSchema,
    currency: currencyCodeSchema.optional(),
    currencyCode: currencyCodeSchema.optional(),
    unit: unitSchema,
    kpdCode: kpdCodeSchema,
  })
  .refine((item) => item.currency !== undefined || item.currencyCode !== undefined, {
    error: 'validation.required',
    path: ['currencyCode'],
  })
  .refine((item) => !item.currency || !item.currencyCode || item.currency === item.currencyCode, {
    error: 'validation.currency',
    path: ['currency'],
  });
export type LineItemInput = z.input<typeof lineItemInputSchema>;

export const lineItemSchema = z.object({
  id: z.number().int(),
  nameHr: z.string(),
  nameEn: z.string().nullable(),
  /** Unit price in currency units (12.5 = 12,50). */
  unitPrice: z.number(),
  /** The same price in integer cents, exact. */
  unitPriceCents: z.number().int(),
  currency: z.object({ code: z.string(), symbol: z.string() }),
  currencyCode: z.string(),
  unit: unitSchema,
  /** KPD 2025 code (`62.20.20`), null until the item is classified. */
  kpdCode: z.string().nullable(),
});
export type LineItem = z.infer<typeof lineItemSchema>;

export const lineItemListResponse = envelope(z.array(lineItemSchema));
export const lineItemResponse = envelope(lineItemSchema);

import { z } from 'zod';
import { AMOUNT_LIMITS } from '../domain/moneyLimits';
import { hasAtMostTwoDecimals } from '../domain/money';
import { envelope, idSchema, isoDateSchema, requiredText } from './common';
import { deductedAdvanceSchema } from './invoice';

/** How an advance arrived: a bank transfer (F2 for a business's e-invoice), cash or card (F1, ZKI and JIR). */
export const ADVANCE_PAYMENT_METHODS = ['WIRE', 'CASH', 'CARD'] as const;

/**
 * `POST /api/v1/advance` (issue 48): an advance invoice (račun za predujam) for a payment received
 * before the supply. Each part is the gross amount received at one VAT rate (in euro, two decimals):
 * the invoice states the base and the VAT it contains, is dated and numbered today in the invoice
 * sequence, and its payment (`paidOn`, today or earlier) is recorded with it.
 */
export const advanceCreateSchema = z.object({
  clientId: idSchema,
  /** What the advance is for: the invoice line's text ("Predujam za …" is printed before it). */
  description: requiredText(250),
  parts: z
    .array(
      z.object({
        vatRate: z.union([z.literal(25), z.literal(13), z.literal(5), z.literal(0)]),
        amount: z
          .number()
          .gt(0)
          .max(AMOUNT_LIMITS.maxInvoiceTotalCents / 100)
          .refine(hasAtMostTwoDecimals, { error: 'validation.money' }),
      }),
    )
    .min(1)
    .max(4)
    .refine((parts) => new Set(parts.map((p) => p.vatRate)).size === parts.length, { error: 'validation.advanceRateTwice' }),
  paymentMethod: z.enum(ADVANCE_PAYMENT_METHODS).default('WIRE'),
  paidOn: isoDateSchema,
  /** The date of issue, if sent, must be today (decision 026). */
  billingDate: isoDateSchema.nullish(),
});
export type AdvanceCreate = z.input<typeof advanceCreateSchema>;

export const advanceCreatedResponse = envelope(z.object({ id: z.number(), number: z.string().nullable() }));

/** `GET /api/v1/advance?clientId=`: the client's advance invoices not yet deducted by a final invoice. */
export const openAdvancesQuerySchema = z.object({ clientId: z.coerce.number().pipe(idSchema) });

export const openAdvanceSchema = deductedAdvanceSchema.extend({ currencyCode: z.string() });
export type OpenAdvance = z.infer<typeof openAdvanceSchema>;
export const openAdvancesResponse = envelope(z.array(openAdvanceSchema));

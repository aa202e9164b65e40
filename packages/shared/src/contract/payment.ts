import { z } from 'zod';
import { AMOUNT_LIMITS } from '../domain/moneyLimits';
import { hasAtMostTwoDecimals } from '../domain/money';
import { PAID_STATES, PAYMENT_RECORD_METHODS } from '../domain/payments';
import { envelope, idParamsSchema, idSchema, isoDateSchema, optionalText } from './common';
import { INVOICE_STATES } from './invoice';

export const paymentRecordMethodSchema = z.enum(PAYMENT_RECORD_METHODS);
export const paidStateSchema = z.enum(PAID_STATES);

/**
 * A payment received on an issued invoice (decision 027): `amount` in the invoice's currency, a
 * decimal number with at most two decimals like every amount the API takes (stored as cents). A
 * negative amount corrects the payment `correctsPaymentId`.
 */
export const paymentCreateSchema = z.object({
  date: isoDateSchema,
  amount: z
    .number()
    .min(-AMOUNT_LIMITS.maxInvoiceTotalCents / 100)
    .max(AMOUNT_LIMITS.maxInvoiceTotalCents / 100)
    .refine(hasAtMostTwoDecimals, { error: 'validation.money' }),
  method: paymentRecordMethodSchema,
  note: optionalText(500),
  correctsPaymentId: idSchema.nullish(),
  /** Paying more than is due is refused (409 paymentOverpaid) unless this says it is meant. */
  allowOverpayment: z.boolean().optional(),
});
export type PaymentCreate = z.input<typeof paymentCreateSchema>;

/** `/api/v1/invoice/:id/payment/:paymentId` */
export const paymentParamsSchema = idParamsSchema.extend({ paymentId: idParamsSchema.shape.id });

export const paymentSchema = z.object({
  id: z.number(),
  invoiceId: z.number(),
  /** The day the money arrived. */
  date: z.string(),
  amountCents: z.number(),
  currencyCode: z.string(),
  method: paymentRecordMethodSchema,
  /** The payment report's `nacinPlacanja`: T (transfer), O (set-off), Z (anything else). */
  reportCode: z.enum(['T', 'O', 'Z']),
  note: z.string().nullable(),
  correctsPaymentId: z.number().nullable(),
  operator: z.string(),
  operatorId: z.number(),
  /** Whether it has been reported to the Tax Administration; a reported payment is never deleted. */
  reported: z.boolean(),
  reportedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** Where an invoice stands after a payment was recorded or deleted. */
export const paymentInvoiceSchema = z.object({
  id: z.number(),
  state: z.enum(INVOICE_STATES),
  paidState: paidStateSchema,
  /** What is due (total less credit notes), what the payments sum to, and what is still open. */
  dueCents: z.number(),
  paidCents: z.number(),
  outstandingCents: z.number(),
});

export const paymentListResponse = envelope(z.array(paymentSchema));
export const paymentRecordedResponse = envelope(z.object({ payment: paymentSchema, invoice: paymentInvoiceSchema }));
export const paymentDeletedResponse = envelope(z.object({ id: z.number(), invoice: paymentInvoiceSchema }));

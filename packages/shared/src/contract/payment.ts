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

/**
 * Where a payment's report to the Tax Administration stands (`EvidentirajNaplatuZahtjev`, decision
 * 030): `PENDING` (queued, or waiting for its e-invoice to be fiscalized; sent again after an
 * outage), `REPORTED` (`at`, with the service's `requestId`), `FAILED` (the service refused it:
 * `error` has its code and text; it stays so until sent again with `POST /api/v1/invoice/{id}/fiscalize`).
 * `deadline`: the 20th of the month after the day paid. Null: Faktura does not report this payment
 * (not an e-invoice Faktura fiscalized, or fiscalization from Faktura is not on).
 */
export const PAYMENT_REPORT_STATUSES = ['PENDING', 'REPORTED', 'FAILED'] as const;
export const paymentReportStateSchema = z.object({
  status: z.enum(PAYMENT_REPORT_STATUSES),
  deadline: z.string(),
  /** When the Tax Administration recorded it. */
  at: z.string().nullable(),
  /** The service's idZahtjeva of the accepted report. */
  requestId: z.string().nullable(),
  /** Why it was refused (FAILED), or why the last attempt did not reach the service (PENDING). */
  error: z.object({ code: z.string(), text: z.string().nullable() }).nullable(),
  /** When Faktura sends it again (PENDING after a failed attempt); null: in the next round. */
  nextAttemptAt: z.string().nullable(),
  attempts: z.number().int(),
});
export type PaymentReportState = z.infer<typeof paymentReportStateSchema>;

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
  /** Its report to the Tax Administration; null: Faktura does not report it. */
  report: paymentReportStateSchema.nullable(),
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

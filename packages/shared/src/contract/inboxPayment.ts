import { z } from 'zod';
import { AMOUNT_LIMITS } from '../domain/moneyLimits';
import { PAYMENT_RECORD_METHODS } from '../domain/payments';
import { envelope, idParamsSchema, isoDateSchema, optionalText } from './common';

/**
 * Payments the user made of a received e-invoice (issue 46, decision 039): a date, an amount in the
 * document's currency (integer cents, as the received document's amounts are) and the method, with
 * the same vocabulary as the payments received on issued invoices. Part payments add up; the document
 * reads `PAID` once they reach what it asks (`payableCents`), `RECEIVED` with the rest open otherwise.
 * The supplier reports the payment to the Tax Administration (its duty): Faktura only records it, so
 * a payment can be undone (deleted) while the document is not rejected.
 */
export const receivedPaymentCreateSchema = z.object({
  /** The day the user paid: not in the future, not before the document's issue date. */
  date: isoDateSchema,
  /** In the document's currency, integer cents, at most what is still open. */
  amountCents: z.number().int().min(1).max(AMOUNT_LIMITS.maxInvoiceTotalCents),
  method: z.enum(PAYMENT_RECORD_METHODS),
  note: optionalText(500),
});
export type ReceivedPaymentCreate = z.input<typeof receivedPaymentCreateSchema>;

/** `/api/v1/inbox/:id/payment/:paymentId` */
export const receivedPaymentParamsSchema = idParamsSchema.extend({ paymentId: idParamsSchema.shape.id });

export const receivedPaymentSchema = z.object({
  id: z.number(),
  documentId: z.number(),
  /** The day paid (yyyy-MM-dd). */
  date: z.string(),
  amountCents: z.number(),
  currency: z.string(),
  method: z.enum(PAYMENT_RECORD_METHODS),
  note: z.string().nullable(),
  operator: z.string(),
  createdAt: z.string(),
});
export type ReceivedPayment = z.infer<typeof receivedPaymentSchema>;

/** Where the received document stands after a payment was recorded or undone. */
export const receivedStandingSchema = z.object({
  id: z.number(),
  state: z.enum(['RECEIVED', 'PAID', 'REJECTED']),
  payableCents: z.number(),
  paidCents: z.number(),
  /** What is still to pay (what the HUB-3A code asks for). */
  openCents: z.number(),
});
export type ReceivedStanding = z.infer<typeof receivedStandingSchema>;

export const receivedPaymentRecordedResponse = envelope(z.object({ payment: receivedPaymentSchema, document: receivedStandingSchema }));
export const receivedPaymentDeletedResponse = envelope(z.object({ id: z.number(), document: receivedStandingSchema }));

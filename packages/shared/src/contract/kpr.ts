import { z } from 'zod';
import { PAYMENT_RECORD_METHODS } from '../domain/payments';
import { envelope } from './common';

/**
 * `?year=YYYY` of the KPR and PO-SD (decision 029): required, a whole year 1-9999; anything else is
 * a 400 saying so in the reader's language.
 */
export const reportYearQuerySchema = z.object({
  year: z.coerce
    .number<unknown>({ error: 'validation.year' })
    .int({ error: 'validation.year' })
    .min(1, { error: 'validation.year' })
    .max(9999, { error: 'validation.year' }),
});
export type ReportYearQuery = z.input<typeof reportYearQuerySchema>;

/** Euro cents in the two columns of the form and their sum. */
const sums = {
  cashCents: z.number().int(),
  nonCashCents: z.number().int(),
  totalCents: z.number().int(),
};

/** Who keeps the book, as its head names them (null before the company is entered). */
export const reportIssuerSchema = z
  .object({ name: z.string(), oib: z.string(), address: z.string(), flatRate: z.boolean(), inVatSystem: z.boolean() })
  .nullable();

export const kprRowSchema = z.object({
  /** Redni broj. */
  no: z.number().int(),
  paymentId: z.number().int(),
  /** The day the money arrived (yyyy-MM-dd). */
  date: z.string(),
  invoiceNumber: z.string(),
  method: z.enum(PAYMENT_RECORD_METHODS),
  /** What was paid in the invoice's currency (a foreign-currency invoice's columns are its euro value). */
  amountCents: z.number().int(),
  currencyCode: z.string(),
  /** A negative row corrects this payment. */
  correctsPaymentId: z.number().int().nullable(),
  ...sums,
});
export type KprRowAnswer = z.infer<typeof kprRowSchema>;

export const kprSchema = z.object({
  year: z.number().int(),
  issuer: reportIssuerSchema,
  rows: z.array(kprRowSchema),
  months: z.array(z.object({ month: z.number().int(), ...sums })),
  quarters: z.array(z.object({ quarter: z.number().int(), ...sums })),
  total: z.object(sums),
});
export type KprAnswer = z.infer<typeof kprSchema>;
export const kprResponse = envelope(kprSchema);

export const posdSchema = z.object({
  year: z.number().int(),
  issuer: reportIssuerSchema,
  /** Receipts per quarter from the KPR, the first and last day of each. */
  quarters: z.array(z.object({ quarter: z.number().int(), from: z.string(), to: z.string(), ...sums })),
  total: z.object(sums),
  /** The day the form is due (yyyy-MM-dd): 15 January of the next year. */
  deadline: z.string(),
});
export type PosdAnswer = z.infer<typeof posdSchema>;
export const posdResponse = envelope(posdSchema);

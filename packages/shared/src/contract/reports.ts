import { z } from 'zod';
import { isReportMonth } from '../domain/paymentReport';
import { envelope } from './common';
import { paymentRecordMethodSchema } from './payment';

/** A month, `YYYY-MM` (`2026-11`); anything else is refused with its own reason (`validation.month`). */
export const reportMonthSchema = z.string().refine(isReportMonth, { error: 'validation.month' });

export const paymentReportQuerySchema = z.object({ month: reportMonthSchema });
/** The CSV and the PDF: the PDF's language as `?lang=` (else Accept-Language); the CSV is Croatian. */
export const paymentReportFileQuerySchema = paymentReportQuerySchema.extend({ lang: z.enum(['hr', 'en']).optional() });

/** One payment to report (`Naplata` of `EvidentirajNaplatu`, fiscalization-2026.md §2.1). */
export const paymentReportRowSchema = z.object({
  paymentId: z.number(),
  invoiceId: z.number(),
  /** `brojDokumenta`, `datumIzdavanja`. */
  invoiceNumber: z.string(),
  issueDate: z.string(),
  /** `oibPorezniBrojIzdavatelja`, `oibPorezniBrojPrimatelja`: eleven digits. */
  issuerOib: z.string(),
  recipientOib: z.string(),
  recipientName: z.string(),
  /** `datumNaplate`, `naplaceniIznos` (negative for a correction) in the invoice's currency. */
  paidOn: z.string(),
  amountCents: z.number(),
  currencyCode: z.string(),
  method: paymentRecordMethodSchema,
  /** `nacinPlacanja`: T (transfer), O (set-off), Z (anything else). */
  reportCode: z.enum(['T', 'O', 'Z']),
  /** A correction: the payment it corrects. */
  correctsPaymentId: z.number().nullable(),
  reported: z.boolean(),
  reportedAt: z.string().nullable(),
});
export type PaymentReportRow = z.infer<typeof paymentReportRowSchema>;

export const paymentReportSchema = z.object({
  month: z.string(),
  /** The first and last day of the month. */
  from: z.string(),
  to: z.string(),
  /** The 20th of the next month (decision 028). */
  deadline: z.string(),
  /** By the day paid, then as recorded. */
  rows: z.array(paymentReportRowSchema),
  totals: z.object({
    payments: z.number(),
    /** Those not reported yet. */
    unreported: z.number(),
    /** The sum per currency (corrections included), euro first. */
    amounts: z.array(z.object({ currencyCode: z.string(), amountCents: z.number(), payments: z.number() })),
  }),
});
export type PaymentReport = z.infer<typeof paymentReportSchema>;
export const paymentReportResponse = envelope(paymentReportSchema);

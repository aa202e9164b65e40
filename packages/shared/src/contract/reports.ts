import { z } from 'zod';
import { isReportMonth } from '../domain/paymentReport';
import { envelope, isoDateSchema } from './common';
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

/** The longest period one export covers, in days (both ends included): a leap year. */
export const EXPORT_MAX_DAYS = 366;
export const EXPORT_FORMATS = ['csv', 'zip'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/**
 * `GET /api/v1/export` (issue 31 item 13): the issued documents whose date of issue lies from `from`
 * to `to` (both included, ISO days, at most `EXPORT_MAX_DAYS` days); `format` csv (default) or zip;
 * `lang` the language of the columns, the CSV's convention (hr: `;` and a decimal comma, en: `,` and a
 * decimal point) and the documents (else Accept-Language). A reversed or too long period is refused
 * on `to`.
 */
export const exportQuerySchema = z
  .object({
    from: isoDateSchema,
    to: isoDateSchema,
    format: z.enum(EXPORT_FORMATS, { error: 'validation.exportFormat' }).optional(),
    lang: z.enum(['hr', 'en']).optional(),
  })
  .superRefine((query, ctx) => {
    // a malformed day has its own reason already
    if (!isoDateSchema.safeParse(query.from).success || !isoDateSchema.safeParse(query.to).success) return;
    if (query.from > query.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.exportReversed' });
    else if (dayNumber(query.to) - dayNumber(query.from) + 1 > EXPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.exportTooLong' });
  });
export type ExportQuery = z.input<typeof exportQuerySchema>;

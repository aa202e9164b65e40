import { z } from 'zod';
import { envelope, isoDateSchema, requiredText } from './common';
import { receivedStandingSchema } from './inboxPayment';

/**
 * Rejecting a received e-invoice (issue 47, decision 040). A rejection is the buyer's declaration
 * that it will not deduct the input VAT of that invoice (ZoF čl. 52 st. 3); it is reported to the Tax
 * Administration by the 20th of the following month (`EvidentirajOdbijanjeZahtjev`, ZoF čl. 52 st. 1).
 * The reason type is the one the report carries (`vrstaRazlogaOdbijanja`):
 * - `N`: a mismatch that does not affect the tax (nepodudarnost koja ne utječe na porez),
 * - `U`: a mismatch that affects the tax (nepodudarnost koja utječe na porez),
 * - `O`: another reason (ostalo).
 * One rejection per document (S010 at the service otherwise); it is dated the day it is made (Zagreb).
 */
export const REJECTION_TYPES = ['N', 'U', 'O'] as const;
export const rejectionTypeSchema = z.enum(REJECTION_TYPES);
export type RejectionType = z.infer<typeof rejectionTypeSchema>;

export const REJECTION_REASON_MAX = 1024;

export const receivedRejectSchema = z.object({
  type: rejectionTypeSchema,
  /** `razlogOdbijanja`: 1–1024 characters, in the user's language. */
  reason: requiredText(REJECTION_REASON_MAX),
  /** A document with payments recorded is rejected only when the request says the user confirmed it. */
  confirmPaid: z.boolean().optional(),
});
export type ReceivedReject = z.input<typeof receivedRejectSchema>;

/**
 * Where the rejection's report stands:
 * - `PENDING`: Faktura reports it (SELF mode), not yet accepted; `deadline` is the 20th of the next month;
 * - `REPORTED`: the service accepted it (or answered S010: already on record);
 * - `FAILED`: refused, with the code and the service's text;
 * - `BY_INTERMEDIARY`: the intermediary reports it (INTERMEDIARY mode);
 * - `NONE`: Faktura's fiscalization is off: the user reports it elsewhere (FiskAplikacija) by `deadline`;
 * - `NOT_REQUIRED`: a supplier abroad, nothing to report;
 * - `REPORTED_BY_HAND`: was `NONE`; the user says it reported it (FiskAplikacija) on `reportedAt` (decision 042).
 */
export const REJECTION_REPORT_STATUSES = ['PENDING', 'REPORTED', 'FAILED', 'BY_INTERMEDIARY', 'NONE', 'NOT_REQUIRED', 'REPORTED_BY_HAND'] as const;
export const rejectionReportStatusSchema = z.enum(REJECTION_REPORT_STATUSES);
export type RejectionReportStatus = z.infer<typeof rejectionReportStatusSchema>;

/**
 * Telling the intermediary (moj-eRačun) of the rejection (decision 042):
 * - `PENDING`: not yet accepted (the last attempt's error, if any, in `error`; tried again at `nextAttemptAt`);
 * - `REPORTED`: it accepted the report to the Tax Administration; telling the supplier is still to do;
 * - `DONE`: it accepted everything asked of it;
 * - `FAILED`: it refused (its words in `error`); `SUPPLIER_FAILED`: it accepted the report but refused to tell the supplier.
 */
export const INTERMEDIARY_REJECTION_STATUSES = ['PENDING', 'REPORTED', 'DONE', 'FAILED', 'SUPPLIER_FAILED'] as const;
export const intermediaryRejectionStatusSchema = z.enum(INTERMEDIARY_REJECTION_STATUSES);
export type IntermediaryRejectionStatus = z.infer<typeof intermediaryRejectionStatusSchema>;

export const intermediaryRejectionSchema = z.object({
  status: intermediaryRejectionStatusSchema,
  /** It reports the rejection to the Tax Administration (INTERMEDIARY mode). */
  reports: z.boolean(),
  /** It shows the rejection to the supplier (the document came from it). */
  tellsSupplier: z.boolean(),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  /** The intermediary's own words (refused), or what stopped the last attempt (PENDING). */
  error: z.string().nullable(),
  /** It waits because no intermediary is set up (Settings > Delivery): nothing is sent until one is. */
  notSetUp: z.boolean(),
});
export type IntermediaryRejection = z.infer<typeof intermediaryRejectionSchema>;

export const receivedRejectionSchema = z.object({
  /** The day of the rejection (`datumOdbijanja`), yyyy-MM-dd, Zagreb. */
  date: z.string(),
  type: rejectionTypeSchema,
  reason: z.string(),
  /** Who rejected it. */
  operator: z.string(),
  createdAt: z.string(),
  /** Payments were recorded when it was rejected (the user confirmed). */
  wasPaid: z.boolean(),
  report: z.object({
    status: rejectionReportStatusSchema,
    /** The 20th of the month after the rejection. */
    deadline: z.string(),
    attempts: z.number().int(),
    nextAttemptAt: z.string().nullable(),
    /** Waiting until the document is fiscalized as received (S009 otherwise). */
    waitingForReceipt: z.boolean(),
    requestId: z.string().nullable(),
    reportedAt: z.string().nullable(),
    error: z.object({ code: z.string(), text: z.string().nullable(), reason: z.string() }).nullable(),
  }),
  /** Telling the intermediary (decision 042); null when there is none to tell. */
  intermediary: intermediaryRejectionSchema.nullable(),
});
export type ReceivedRejection = z.infer<typeof receivedRejectionSchema>;

export const receivedRejectedResponse = envelope(z.object({ rejection: receivedRejectionSchema, document: receivedStandingSchema }));

/** `GET /api/v1/reports/rejections?month=YYYY-MM`: each rejection made that month, by day. */
export const rejectionReportRowSchema = z.object({
  receivedId: z.number(),
  supplierName: z.string(),
  supplierOib: z.string().nullable(),
  /** `brojDokumenta`, `datumIzdavanja`. */
  number: z.string(),
  issueDate: z.string(),
  /** `datumOdbijanja`. */
  date: z.string(),
  type: rejectionTypeSchema,
  reason: z.string(),
  reportStatus: rejectionReportStatusSchema,
  requestId: z.string().nullable(),
  errorCode: z.string().nullable(),
  /** Where telling the intermediary stands (decision 042), with its words when it refused; null: none to tell. */
  intermediaryStatus: intermediaryRejectionStatusSchema.nullable(),
  intermediaryError: z.string().nullable(),
});
export type RejectionReportRow = z.infer<typeof rejectionReportRowSchema>;
export const rejectionReportResponse = envelope(
  z.object({
    month: z.string(),
    /** The 20th of the next month. */
    deadline: z.string(),
    rows: z.array(rejectionReportRowSchema),
    /** Rows not yet reported (PENDING, FAILED, NONE, and BY_INTERMEDIARY the intermediary refused). */
    unreported: z.number(),
  }),
);
/** `POST /api/v1/inbox/{id}/rejection/reported`: the day the user reported it in FiskAplikacija (not in the future, not before the rejection). */
export const rejectionReportedByHandSchema = z.object({ date: isoDateSchema });
export type RejectionReportedByHand = z.input<typeof rejectionReportedByHandSchema>;
export const rejectionResponse = envelope(z.object({ rejection: receivedRejectionSchema }));

export type RejectionReport = z.infer<typeof rejectionReportResponse>['data'];

import { z } from 'zod';
import { envelope } from './common';

/**
 * The audit trail (issue 10, decision 012): what a tax inspector may ask about, each entry chained to
 * the previous one by SHA-256 so that an edited or deleted row is found by `npm run audit -- verify`.
 */
export const AUDIT_ACTIONS = [
  'invoice.issued',
  'invoice.amended',
  'invoice.cleared',
  'invoice.uncleared',
  'invoice.deleted',
  'creditNote.issued',
  'einvoice.exported',
  'issuer.changed',
  'numbering.changed',
  // issue 27: who issues (named on every e-invoice) and whom invoices are for
  'operator.changed',
  'client.created',
  'client.changed',
  'client.deleted',
  'payment.recorded',
  'payment.deleted',
  // issue 29: how Faktura fiscalizes (never the key)
  'fiscalization.changed',
  'fiscalization.done',
  'fiscalization.failed',
  // issue 46: a received invoice of a supplier abroad without an OIB: nothing to fiscalize as received
  'fiscalization.notRequired',
  // issue 31 item 13: the period's documents handed to the accountant (CSV or zip with PDFs and e-invoices)
  'documents.exported',
  // issue 32: the intermediary e-invoices are sent through (never the password)
  'delivery.changed',
  // issue 32: a document handed over to the intermediary, refused by it, or where it stands there (delivered, rejected, fiscalized, reported instead)
  'delivery.sent',
  'delivery.refused',
  'delivery.status',
  // issue 47: the buyer rejected an issued e-invoice (its reason type and text), recorded once
  'delivery.buyerRejected',
  // issue 47: a rejected invoice stornoed in one step and its copy prepared as a new invoice
  'invoice.reissued',
  // issue 46: a received e-invoice kept (fetched from the intermediary or imported by hand)
  'inbox.received',
  // issue 46: where the intermediary's fiscalization of a received e-invoice stands (INTERMEDIARY mode)
  'inbox.intermediaryFiscalization',
  // issue 46: a payment of a received e-invoice recorded or undone (decision 039)
  'inbox.paymentRecorded',
  'inbox.paymentDeleted',
  // issue 47: a received e-invoice rejected, and its rejection reported (decision 040)
  'inbox.rejected',
  'inbox.rejectionReported',
  // issue 48: quotes (decision 043); `quote.converted` names the invoice made from it, so its History says so
  'quote.created',
  'quote.updated',
  'quote.sent',
  'quote.accepted',
  'quote.declined',
  'quote.converted',
  'quote.deleted',
  // issue 47: the intermediary told of a rejection (it reports it, the supplier sees it) or refusing; a refused report sent again; one reported by hand (decision 042)
  'inbox.rejectionToIntermediary',
  'inbox.rejectionReportAgain',
  'inbox.rejectionReportedByHand',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

/** A changed field: what it was and what it became. */
export const auditChangeSchema = z.object({ from: z.unknown(), to: z.unknown() });
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z.object({
  seq: z.number().int(),
  /** ISO-8601 UTC. */
  at: z.string(),
  /** The operator's name when the entry was written (null: a command-line action). */
  operator: z.string().nullable(),
  operatorId: z.number().int().nullable(),
  action: auditActionSchema,
  invoiceId: z.number().int().nullable(),
  /** The other document an entry concerns: the corrected invoice of a credit note. */
  relatedInvoiceId: z.number().int().nullable(),
  /** What happened, by action: `number`, `changes` ({ field: { from, to } }), `paymentDate` … */
  details: z.record(z.string(), z.unknown()),
  hash: z.string(),
  prevHash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_SIZE = 20;

export const auditQuerySchema = z.object({
  /** Entries about this invoice or credit note (also those of its credit notes); all when absent. */
  invoiceId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, { error: 'validation.integer' })
    .transform(Number)
    .pipe(z.number().max(2_147_483_647))
    .optional(),
  page: z.coerce.number<number>().int().min(1).max(1_000_000).default(1),
});

export const auditListResponse = envelope(z.array(auditEntrySchema)).extend({
  page: z.object({ page: z.number(), pageSize: z.number(), total: z.number() }),
});
export type AuditListResponse = z.infer<typeof auditListResponse>;

/**
 * The Idempotency-Key request header of the state-changing invoice verbs (decision 012): 1 to 255
 * printable ASCII characters, one per submit, sent again unchanged when that submit is retried. The
 * server checks the format itself, so a bad key gets its own error code (`idempotencyKeyInvalid`).
 */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .describe(
      '1-255 printable ASCII characters, not all spaces (a UUID suits); an empty header is refused. A retry with the same key and the same request answers the first answer and does nothing again; while the first still runs, the retry waits for it (up to 5 s) and then answers its answer, or 409 with Retry-After. The same key with another request is a 409. Keys are kept 24 hours.',
    ),
});

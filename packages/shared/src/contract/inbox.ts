import { z } from 'zod';
import { envelope, plainText } from './common';
import { errorCodeSchema } from './errors';
import { facetSchema, yearQuerySchema } from './invoice';
import { receivedPaymentSchema } from './inboxPayment';
import { receivedRejectionSchema } from './inboxRejection';

/**
 * Received e-invoices (issue 46): the UBL 2.1 Invoices and CreditNotes suppliers sent the user,
 * fetched from the intermediary or imported by hand, kept byte for byte as they came (ZoF čl. 35)
 * and shown readably.
 * - `state`: `RECEIVED` (zaprimljen: an e-invoice counts as received until the buyer rejects it,
 *   PiO eR #29, #71), `PAID` (plaćen), `REJECTED` (odbijen).
 * - `fiscalStatus`: the recipient's own fiscalization of the document as received
 *   (`EvidentirajERacunZahtjev` with `vrstaERacuna=U`, ZoF čl. 48 st. 4), due `fiscalDeadline`:
 *   five working days after the day it was received (Croatian holidays counted). `NOT_REQUIRED`: the
 *   supplier is established abroad and has no Croatian OIB, so its invoice is not a Croatian e-invoice
 *   and has nothing to fiscalize (the message's issuer OIB is mandatory, XSD-F `OIBTip`).
 * - `validation`: the three layers (UBL XSD, EN 16931, HR CIUS) checked after the document is kept;
 *   `PENDING` until then. A document with errors is kept all the same (it can be rejected).
 * - Amounts are integer cents in the document's currency (`currency`), as the supplier stated them.
 */
export const RECEIVED_STATES = ['RECEIVED', 'PAID', 'REJECTED'] as const;
export const receivedStateSchema = z.enum(RECEIVED_STATES);
export type ReceivedState = z.infer<typeof receivedStateSchema>;

export const RECEIVED_DOCUMENT_TYPES = ['INVOICE', 'CREDIT_NOTE'] as const;
export const receivedDocumentTypeSchema = z.enum(RECEIVED_DOCUMENT_TYPES);

/** Where the document came from: the intermediary's inbox, or a file the user imported. */
export const RECEIVED_SOURCES = ['INTERMEDIARY', 'IMPORT'] as const;
export const receivedSourceSchema = z.enum(RECEIVED_SOURCES);

export const RECEIVED_FISCAL_STATUSES = ['PENDING', 'FISCALIZED', 'FAILED', 'BY_INTERMEDIARY', 'NOT_REQUIRED'] as const;
export const receivedFiscalStatusSchema = z.enum(RECEIVED_FISCAL_STATUSES);
export type ReceivedFiscalStatus = z.infer<typeof receivedFiscalStatusSchema>;

export const VALIDATION_STATUSES = ['PENDING', 'VALID', 'INVALID'] as const;
export const validationStatusSchema = z.enum(VALIDATION_STATUSES);
export type ValidationStatus = z.infer<typeof validationStatusSchema>;

/** Something noticed about a kept document that the user should see (it is kept all the same). */
export const RECEIVED_FLAGS = ['otherRecipient', 'creditedNotInInbox', 'amountsRounded'] as const;
export const receivedFlagSchema = z.enum(RECEIVED_FLAGS);
export type ReceivedFlag = z.infer<typeof receivedFlagSchema>;

export const receivedListRowSchema = z.object({
  id: z.number(),
  documentType: receivedDocumentTypeSchema,
  /** UNTDID 1001: 380 invoice, 381 credit note, 386 advance, 384 corrected … */
  typeCode: z.string(),
  number: z.string(),
  supplierName: z.string(),
  /** The supplier's OIB, when the document names one (a Croatian supplier always does). */
  supplierOib: z.string().nullable(),
  issueDate: z.string(),
  dueDate: z.string().nullable(),
  currency: z.string(),
  /** TaxInclusiveAmount (BT-112). */
  totalCents: z.number(),
  /** TaxAmount in the document's currency (BT-110). */
  vatCents: z.number(),
  /** PayableAmount (BT-115). */
  payableCents: z.number(),
  paidCents: z.number(),
  state: receivedStateSchema,
  fiscalStatus: receivedFiscalStatusSchema,
  fiscalDeadline: z.string(),
  validation: validationStatusSchema,
  flags: z.array(receivedFlagSchema),
  source: receivedSourceSchema,
  receivedAt: z.string(),
});
export type ReceivedListRow = z.infer<typeof receivedListRowSchema>;

export const receivedListQuerySchema = z.object({
  year: yearQuerySchema.optional(),
  /** By number or supplier (name or OIB). */
  q: plainText().trim().max(100).optional(),
  state: receivedStateSchema.optional(),
  fiscalStatus: receivedFiscalStatusSchema.optional(),
  /** The supplier's OIB. */
  supplier: z.string().trim().regex(/^\d{11}$/, { error: 'validation.oib' }).optional(),
  page: z.coerce.number<number>().int().min(1).default(1),
  pageSize: z.coerce.number<number>().int().min(1).max(200).default(50),
});
export type ReceivedListQuery = z.input<typeof receivedListQuerySchema>;

/** The print's language (`GET /api/v1/inbox/{id}/pdf`): hr or en, else the reader's. */
export const receivedPdfQuerySchema = z.object({ lang: z.enum(['hr', 'en']).optional() });

export const receivedListResponse = z.object({
  data: z.array(receivedListRowSchema),
  filters: z.array(z.object({ key: z.string(), facets: z.array(facetSchema) })),
  page: z.object({ page: z.number(), pageSize: z.number(), total: z.number() }),
});
export type ReceivedListResponse = z.infer<typeof receivedListResponse>;

const receivedAddressSchema = z.object({
  street: z.string().nullable(),
  city: z.string().nullable(),
  postcode: z.string().nullable(),
  country: z.string().nullable(),
});

export const receivedPartySchema = z.object({
  name: z.string(),
  oib: z.string().nullable(),
  /** BT-31 / BT-48 as written (e.g. `HR12345678903`). */
  vatId: z.string().nullable(),
  /** The electronic address (BT-34 / BT-49) with its scheme, e.g. `9934:12345678903`. */
  endpoint: z.string().nullable(),
  address: receivedAddressSchema,
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type ReceivedParty = z.infer<typeof receivedPartySchema>;

export const receivedLineSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** As the supplier wrote them (decimal text), with the unit code (UN/ECE rec. 20). */
  quantity: z.string(),
  unitCode: z.string().nullable(),
  price: z.string().nullable(),
  netCents: z.number(),
  vatCategory: z.string().nullable(),
  /** Percent, e.g. 25. */
  vatRate: z.number().nullable(),
  /** KPD 2025 (`ItemClassificationCode listID="CG"`). */
  kpd: z.string().nullable(),
  note: z.string().nullable(),
});

export const receivedVatGroupSchema = z.object({
  category: z.string(),
  rate: z.number().nullable(),
  baseCents: z.number(),
  vatCents: z.number(),
  exemptionReason: z.string().nullable(),
});

export const receivedValidationSchema = z.object({
  status: validationStatusSchema,
  xsd: z.array(z.string()),
  en16931: z.array(z.string()),
  hrCius: z.array(z.string()),
  checkedAt: z.string().nullable(),
});
export type ReceivedValidation = z.infer<typeof receivedValidationSchema>;

export const receivedAttachmentSchema = z.object({
  /** Its place among the document's embedded attachments, for the download. */
  index: z.number(),
  id: z.string().nullable(),
  fileName: z.string().nullable(),
  mimeCode: z.string(),
  description: z.string().nullable(),
  byteSize: z.number(),
});

export const receivedDocumentSchema = receivedListRowSchema.extend({
  issueTime: z.string().nullable(),
  supplier: receivedPartySchema,
  buyer: receivedPartySchema,
  /** The operator who issued it (HR-BR-37), as the supplier named them. */
  supplierContact: z.object({ id: z.string().nullable(), name: z.string().nullable() }).nullable(),
  lines: z.array(receivedLineSchema),
  vatBreakdown: z.array(receivedVatGroupSchema),
  totals: z.object({
    lineExtensionCents: z.number(),
    taxExclusiveCents: z.number(),
    allowanceCents: z.number(),
    chargeCents: z.number(),
    prepaidCents: z.number(),
    roundingCents: z.number(),
  }),
  payment: z.object({
    meansCode: z.string().nullable(),
    iban: z.string().nullable(),
    bic: z.string().nullable(),
    accountName: z.string().nullable(),
    /** PaymentID as sent, e.g. `HR00 2026-17`. */
    paymentId: z.string().nullable(),
    /** The model (`HR00`) and reference (`2026-17`) read from it, for the HUB-3A code. */
    model: z.string().nullable(),
    reference: z.string().nullable(),
    terms: z.string().nullable(),
  }),
  deliveryDate: z.string().nullable(),
  period: z.object({ start: z.string().nullable(), end: z.string().nullable() }).nullable(),
  notes: z.array(z.string()),
  buyerReference: z.string().nullable(),
  orderReference: z.string().nullable(),
  contractReference: z.string().nullable(),
  /** The invoices a credit note (or corrected invoice) refers to; `inboxId` when that one is here too. */
  billingReferences: z.array(z.object({ number: z.string(), issueDate: z.string().nullable(), inboxId: z.number().nullable() })),
  attachments: z.array(receivedAttachmentSchema),
  sha256: z.string(),
  byteSize: z.number(),
  validationReport: receivedValidationSchema,
  providerDocumentId: z.string().nullable(),
  /** Kept at least until then (end of the year of issue + the retention years). */
  retainedUntil: z.string(),
  /** The payments the user recorded of it, oldest first (decision 039). */
  payments: z.array(receivedPaymentSchema),
  /** The supplier's record among the clients and suppliers (found or created by OIB when kept); null without an OIB. */
  supplierCompanyId: z.number().nullable(),
  /** The user's rejection of it and where its report stands (decision 040); null while not rejected. */
  rejection: receivedRejectionSchema.nullable(),
});
export type ReceivedDocument = z.infer<typeof receivedDocumentSchema>;
export const receivedDocumentResponse = envelope(receivedDocumentSchema);

/** One file's outcome in an import: kept, already there, or refused (nothing stored). */
export const IMPORT_OUTCOMES = ['IMPORTED', 'DUPLICATE', 'REFUSED'] as const;
export const importResultSchema = z.object({
  /** The file's name (inside a zip: `archive.zip/entry.xml`). */
  file: z.string(),
  outcome: z.enum(IMPORT_OUTCOMES),
  /** The kept document (IMPORTED) or the one already there (DUPLICATE). */
  id: z.number().nullable(),
  number: z.string().nullable(),
  supplierName: z.string().nullable(),
  /** Why it was refused or is a duplicate, or what was noticed about it. */
  code: errorCodeSchema.nullable(),
  reason: z.string().nullable(),
  flags: z.array(receivedFlagSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;
export const importResponse = envelope(
  z.object({ imported: z.number(), duplicates: z.number(), refused: z.number(), results: z.array(importResultSchema) }),
);
export type ImportAnswer = z.infer<typeof importResponse>['data'];

/**
 * "Fetch now" (and the server's schedule): the intermediary's inbox of the last days is listed and
 * every document not yet kept is downloaded and kept. `ok` false: the intermediary could not be asked
 * or refused (`reason` says why in the request's language); what was kept before stays.
 */
export const inboxFetchSchema = z.object({
  ok: z.boolean(),
  /** Documents the intermediary listed for those days. */
  listed: z.number(),
  /** Newly kept now. */
  fetched: z.number(),
  /** Listed but kept already (an earlier round, or imported by hand). */
  alreadyHere: z.number(),
  /** Listed but not downloaded now (tried again next round). */
  failed: z.number(),
  reason: z.string().nullable(),
  fetchedAt: z.string(),
});
export type InboxFetch = z.infer<typeof inboxFetchSchema>;
export const inboxFetchResponse = envelope(inboxFetchSchema);
/**
 * What the dashboard warns of (issue 46): received e-invoices still to fiscalize as received whose
 * five-working-day deadline has passed (`late`) or ends within two working days (`dueSoon`, the
 * nearest day in `nextDeadline`), and those the Tax Administration refused (`refused`); and where
 * fetching from the intermediary stands (`fetch`: a scheduled round that fails says why here).
 */
export const inboxFetchStatusSchema = z.object({
  /** When the last round (scheduled or Fetch now) started. */
  lastAttemptAt: z.string(),
  /** When a round last took everything the intermediary listed; null: none yet. */
  lastOkAt: z.string().nullable(),
  /** Why the last round did not, in the reader's language; null: it did. */
  problem: z.string().nullable(),
});
export type InboxFetchStatus = z.infer<typeof inboxFetchStatusSchema>;

export const inboxAttentionSchema = z.object({
  late: z.number(),
  dueSoon: z.number(),
  nextDeadline: z.string().nullable(),
  refused: z.number(),
  /** Rejections not yet reported to the Tax Administration (decision 040): how many, and the nearest deadline (the 20th). */
  rejectionsToReport: z.number(),
  rejectionsDeadline: z.string().nullable(),
  /** Fetching from the intermediary (decision 037); null: never fetched (not set up). */
  fetch: inboxFetchStatusSchema.nullable(),
});
export type InboxAttention = z.infer<typeof inboxAttentionSchema>;
export const inboxAttentionResponse = envelope(inboxAttentionSchema);
export const attachmentParamsSchema = z.object({
  id: z.string().regex(/^[1-9]\d{0,9}$/, { error: 'validation.integer' }).transform(Number).pipe(z.number().max(2_147_483_647)),
  index: z.string().regex(/^(0|[1-9]\d{0,3})$/, { error: 'validation.integer' }).transform(Number),
});

/**
 * A received e-invoice's fiscalization as received (`EvidentirajERacunZahtjev` with `vrstaERacuna`
 * U, ZoF čl. 48 st. 4, decision 038): where it stands, by when, each message exchanged.
 * - `sender`: FAKTURA (SELF mode: Faktura sends it), INTERMEDIARY (the intermediary does), NONE
 *   (Faktura's fiscalization is off: the user fiscalizes it elsewhere);
 * - `error`: the refusal (or, while PENDING, the last attempt's problem): the service's code and text
 *   as it answered, and `reason`, what it means in the reader's language.
 */
export const receivedFiscalizationSchema = z.object({
  status: receivedFiscalStatusSchema,
  sender: z.enum(['FAKTURA', 'INTERMEDIARY', 'NONE']),
  deadline: z.string(),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  /** The service's idZahtjeva of the accepted message, and when it was recorded. */
  requestId: z.string().nullable(),
  at: z.string().nullable(),
  error: z.object({ code: z.string(), text: z.string().nullable(), reason: z.string() }).nullable(),
  messages: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      messageId: z.string(),
      outcome: z.enum(['FISCALIZED', 'RETRY', 'FAILED']),
      requestId: z.string().nullable(),
      errorCode: z.string().nullable(),
      errorText: z.string().nullable(),
      httpStatus: z.number().int().nullable(),
      sentAt: z.string(),
    }),
  ),
});
export type ReceivedFiscalization = z.infer<typeof receivedFiscalizationSchema>;
export const receivedFiscalizationResponse = envelope(receivedFiscalizationSchema);

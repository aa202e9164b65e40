import { z } from 'zod';
import { supplyDateProblems, todayInZagreb } from '../domain/dates';
import { AMOUNT_LIMITS, amountLimitIssues } from '../domain/moneyLimits';
import { PAID_STATES } from '../domain/payments';
import { REFERENCE_MODELS, isValidReference } from '../domain/reference';
import { VAT_TREATMENTS } from '../domain/vat';
import { clientKindSchema, contractTypeSchema } from './company';
import { envelope, idSchema, isoDateSchema, optionalText, plainText, requiredText } from './common';
import { buyerRejectionSchema, deliveryFilterSchema, deliveryStatusSchema, invoiceDeliverySchema } from './delivery';
import { fiscalStatusSchema, invoiceFiscalSummarySchema } from './fiscalization';
import { currencyCodeSchema, kpdCodeSchema, unitSchema } from './lineItem';
import { issuerSchema } from './settings';

export const INVOICE_STATES = ['DRAFT', 'PUBLISHED', 'CLEARED'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
/**
 * Invoices, the credit notes (odobrenja) that correct them and advance invoices (računi za predujam,
 * UBL 386: a payment received before the supply, issue 48) share one numbering sequence.
 */
export const DOCUMENT_TYPES = ['INVOICE', 'CREDIT_NOTE', 'ADVANCE'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const documentTypeSchema = z.enum(DOCUMENT_TYPES);
/** How much of an issued invoice its credit notes have credited: none (null), part or all. */
export const CREDIT_STATUSES = ['PARTIAL', 'FULL'] as const;
export type CreditStatus = (typeof CREDIT_STATUSES)[number];
export const creditStatusSchema = z.enum(CREDIT_STATUSES);

/**
 * How the invoice is to be paid: bank transfer, cash, card (decision 031: cash and card invoices are
 * fiscalized with ZKI and JIR, `NacinPlac` G and K), or an advance already paid.
 */
export const PAYMENT_METHODS = ['WIRE', 'CASH', 'CARD', 'ADVANCE'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const vatTreatmentSchema = z.enum(VAT_TREATMENTS);
export const referenceModelSchema = z.enum(REFERENCE_MODELS);

const decimals = (max: number) => (value: number) =>
  Number.isFinite(value) && Math.abs(Math.round(value * 10 ** max) - value * 10 ** max) < 1e-6;

/**
 * One invoice line as the forms send it; `id` is the catalogue item it came from, null when that
 * item has since been deleted (the line keeps its own name and price).
 */
export const invoiceLineInputSchema = z.object({
  id: idSchema.nullish().transform((value) => value ?? null),
  quantity: z.number().gt(0).max(AMOUNT_LIMITS.maxQuantity).refine(decimals(3), { error: 'validation.quantityDecimals' }),
  description: requiredText(300),
  descriptionEn: optionalText(300),
  price: z.number().min(0).max(AMOUNT_LIMITS.maxPrice).refine(decimals(2), { error: 'validation.money' }),
  unit: unitSchema,
  currency: currencyCodeSchema,
  discountPercent: z
    .number()
    .min(0)
    .max(AMOUNT_LIMITS.maxDiscountPercent)
    .refine(decimals(2), { error: 'validation.money' })
    .default(0),
  /** VAT rate in percent for domestic invoices (25, 13, 5 or 0); 25 when absent. */
  vatRate: z.union([z.literal(25), z.literal(13), z.literal(5), z.literal(0)]).optional(),
  /** KPD 2025 code of the line; the catalogue item's code when absent. */
  kpdCode: kpdCodeSchema,
});
export type InvoiceLineInput = z.input<typeof invoiceLineInputSchema>;

export const invoiceLinesSchema = z
  .array(invoiceLineInputSchema)
  .min(1, { error: 'validation.atLeastOneItem' })
  .max(200)
  .superRefine((lines, ctx) => {
    const seen = new Set<number>();
    lines.forEach((line, index) => {
      if (line.id === null) return;
      if (seen.has(line.id)) ctx.addIssue({ code: 'custom', message: 'validation.uniqueItems', path: [index, 'id'] });
      seen.add(line.id);
    });
    const currencies = new Set(lines.map((line) => line.currency));
    if (currencies.size > 1) ctx.addIssue({ code: 'custom', message: 'validation.mixedCurrencies', path: [] });
    // line and invoice totals within what prints, pays and sums exactly (decision 011)
    for (const issue of amountLimitIssues(lines)) ctx.addIssue({ code: 'custom', ...issue });
  });

/** A positive exchange rate with up to six decimals, as text so it stays exact ("1.0825"). */
export const fxRateSchema = z
  .union([z.string().trim(), z.number().transform(String)])
  .refine((value) => /^\d{1,6}(\.\d{1,6})?$/.test(value) && Number(value) > 0, { error: 'validation.fxRate' });

/** BT-73/74: the period of supply, both days included. */
export const servicePeriodSchema = z.object({ start: isoDateSchema, end: isoDateSchema });

const invoiceFields = {
  clientId: idSchema,
  /**
   * The date of issue. An invoice is dated the day it is issued (Fiscalization Act, decision 026):
   * the server sets it (today, Europe/Zagreb). It may be left out; one sent must be today, anything
   * else is refused (409 billingDateNotToday).
   */
  billingDate: isoDateSchema.optional(),
  /** BT-72, the date of supply (the month of work): on or before the day of issue. */
  deliveryDate: isoDateSchema,
  /** BT-73/74, the period of supply: starts on or before the day of issue, ends after it only for RENT. */
  servicePeriod: servicePeriodSchema.nullish().transform((value) => value ?? null),
  paymentDueDate: isoDateSchema,
  paymentMethod: paymentMethodSchema.default('WIRE'),
  referenceModel: referenceModelSchema.default('HR00'),
  referenceNumber: optionalText(22),
  extraInfo: optionalText(100),
  contractType: contractTypeSchema.nullish().transform((value) => value ?? null),
  contractDueDays: z.number().int().min(0).max(365).nullish().transform((value) => value ?? null),
  /** The signed-in operator issues the invoice; a sent id is ignored (spec default: 1). */
  operatorId: idSchema.optional(),
  /** Overrides the VAT treatment the issuer and client imply. */
  vatTreatment: vatTreatmentSchema.optional(),
  /** Units of the invoice currency per euro; required for USD, fixed for HRK, none for EUR. */
  eurFxRate: fxRateSchema.nullish(),
  lineItems: invoiceLinesSchema,
};

type DateFields = {
  deliveryDate: string;
  servicePeriod?: { start: string; end: string } | null;
  paymentDueDate: string;
  contractType?: string | null;
};
type ReferenceFields = { referenceModel: string; referenceNumber: string | null; lineItems: { currency: string }[] };

/**
 * The date rules of an invoice issued today (decision 026) and the reference rules of spec §5,
 * shared by create and draft edits. Issuing a draft later checks the dates again against its day.
 */
export function checkInvoiceRules(value: DateFields & ReferenceFields, ctx: z.RefinementCtx, today = todayInZagreb()) {
  for (const problem of supplyDateProblems(value, today)) {
    ctx.addIssue({ code: 'custom', message: problem.messageKey, path: problem.field.split('.') });
  }
  checkReference(value, ctx);
}

export function checkReference(value: ReferenceFields, ctx: z.RefinementCtx) {
  const currency = value.lineItems[0]?.currency;
  if (currency === 'HRK' && !value.referenceNumber)
    ctx.addIssue({ code: 'custom', message: 'validation.referenceRequired', path: ['referenceNumber'] });
  if (value.referenceNumber && !isValidReference(value.referenceModel as 'HR00', value.referenceNumber))
    ctx.addIssue({ code: 'custom', message: `validation.reference${value.referenceModel}`, path: ['referenceNumber'] });
}

export const invoiceCreateSchema = z
  .object({
    ...invoiceFields,
    draft: z.boolean().default(false),
    /** Storno and re-issue (issue 47): the stornoed invoice this one is issued in place of. */
    reissueOf: idSchema.optional(),
    /**
     * A final invoice (issue 48): the client's advance invoices it deducts (`GET /api/v1/advance`
     * lists those not yet deducted). Only an invoice issued at once deducts them, never a draft.
     */
    advanceIds: z.array(idSchema).max(50).optional(),
  })
  .superRefine((value, ctx) => checkInvoiceRules(value, ctx));
export type InvoiceCreate = z.input<typeof invoiceCreateSchema>;

/**
 * Update body (spec §3): payment due date, reference number, internal number and lines. A draft
 * also takes the other fields; an issued invoice refuses any change to its client, dates, lines or
 * amounts (409), so sending them unchanged is harmless.
 */
export const invoiceUpdateSchema = z
  .object({
    paymentDueDate: isoDateSchema,
    referenceNumber: optionalText(22),
    referenceModel: referenceModelSchema.optional(),
    extraInfo: optionalText(100),
    lineItems: invoiceLinesSchema,
    clientId: idSchema.optional(),
    /** A draft has no date of issue; one sent must be today (409 billingDateNotToday otherwise). */
    billingDate: isoDateSchema.nullish(),
    deliveryDate: isoDateSchema.optional(),
    /** A draft's period of supply: absent keeps it, null removes it. */
    servicePeriod: servicePeriodSchema.nullish(),
    contractType: contractTypeSchema.nullish(),
    contractDueDays: z.number().int().min(0).max(365).nullish(),
    vatTreatment: vatTreatmentSchema.optional(),
    eurFxRate: fxRateSchema.nullish(),
    /** A draft's payment method (absent keeps it); an issued invoice refuses a change (409). */
    paymentMethod: paymentMethodSchema.optional(),
  })
  .superRefine((value, ctx) => checkReference({ ...value, referenceModel: value.referenceModel ?? 'HR00' }, ctx));
export type InvoiceUpdate = z.input<typeof invoiceUpdateSchema>;

export const clearInvoiceSchema = z.object({ paymentDate: isoDateSchema.optional() });

/**
 * A credit note (odobrenje) for an issued invoice: the reason and the
 * lines with the quantities to credit; without `lines` the whole invoice is credited (storno).
 * A line sent with quantity 0 is not credited (left out of the note); when every line sent is 0 the
 * request is refused (`validation.creditAllZero`), nothing is issued.
 */
export const creditNoteCreateSchema = z.object({
  reason: requiredText(500),
  /** Dated the day it is issued, like an invoice: may be left out; one sent must be today (409 billingDateNotToday). */
  billingDate: isoDateSchema.optional(),
  lines: z
    .array(
      z.object({
        lineId: idSchema,
        quantity: z.number().min(0).max(AMOUNT_LIMITS.maxQuantity).refine(decimals(3), { error: 'validation.quantityDecimals' }),
      }),
    )
    .min(1, { error: 'validation.atLeastOneItem' })
    .max(200)
    .superRefine((lines, ctx) => {
      const seen = new Set<number>();
      lines.forEach((line, index) => {
        if (seen.has(line.lineId)) ctx.addIssue({ code: 'custom', message: 'validation.uniqueItems', path: [index, 'lineId'] });
        seen.add(line.lineId);
      });
    })
    .optional(),
});
export type CreditNoteCreate = z.input<typeof creditNoteCreateSchema>;

export const vatGroupSchema = z.object({ rate: z.number(), baseCents: z.number(), vatCents: z.number() });

export const invoiceLineSchema = z.object({
  /** The stored line's id: credit notes name the lines they credit by it. */
  lineId: z.number(),
  productId: z.number().nullable(),
  quantity: z.number(),
  price: z.number(),
  priceCents: z.number(),
  discountPercent: z.number(),
  currencyCode: z.string(),
  description: z.string(),
  descriptionEn: z.string().nullable(),
  unit: unitSchema,
  vatRate: z.number(),
  lineTotalCents: z.number(),
  kpdCode: z.string().nullable(),
  /** On an invoice: the quantity its credit notes have credited so far (0 when none). */
  creditedQuantity: z.number(),
  /** On a credit note: the original invoice's line this line credits. */
  creditedLineId: z.number().nullable(),
});

/** An advance invoice as a final invoice deducts it (issue 48). */
export const deductedAdvanceSchema = z.object({
  id: z.number(),
  number: z.string().nullable(),
  billingDate: z.string(),
  /** What is deducted: the advance's gross amount (less its credit notes). */
  totalCents: z.number(),
  vatGroups: z.array(z.object({ rateBp: z.number(), baseCents: z.number(), vatCents: z.number() })),
});
export type DeductedAdvance = z.infer<typeof deductedAdvanceSchema>;

export const invoiceSchema = z.object({
  id: z.number(),
  clientId: z.number(),
  client: z.string(),
  invoiceNumber: z.string().nullable(),
  state: z.enum(INVOICE_STATES),
  operator: z.string(),
  operatorId: z.number(),
  paymentMethod: paymentMethodSchema,
  contractType: contractTypeSchema.nullable(),
  contractDueDays: z.number().nullable(),
  /** The date of issue (spec name); null for a draft, which is dated the day it is issued. */
  createDate: z.string().nullable(),
  /** The date of issue (BT-2); null for a draft. */
  billingDate: z.string().nullable(),
  /** BT-72, the date of supply. */
  deliveryDate: z.string(),
  /** BT-73/74, the period of supply, when the invoice has one. */
  servicePeriod: servicePeriodSchema.nullable(),
  paymentDueDate: z.string(),
  extraInfo: z.string().nullable(),
  referenceModel: referenceModelSchema,
  referenceNumber: z.string().nullable(),
  currencyCode: z.string(),
  eurFxRate: z.string().nullable(),
  vatTreatment: vatTreatmentSchema,
  lineItems: z.array(invoiceLineSchema),
  subtotalCents: z.number(),
  vatCents: z.number(),
  totalCents: z.number(),
  totalEurCents: z.number(),
  vatGroups: z.array(vatGroupSchema),
  amountFormatted: z.string(),
  issuedAt: z.string().nullable(),
  paymentDate: z.string().nullable(),
  /** Issued invoices keep client, dates, lines and amounts. */
  locked: z.boolean(),
  /** Drafts, and the newest uncleared invoice of its sequence, may be deleted. */
  deletable: z.boolean(),
  documentType: documentTypeSchema,
  /** Time of issue, Zagreb local time (`HH:mm:ss`), beside the date of issue. */
  issueTime: z.string().nullable(),
  /** A credit note: the invoice it corrects and why. */
  creditedInvoice: z.object({ id: z.number(), number: z.string().nullable(), billingDate: z.string() }).nullable(),
  creditReason: z.string().nullable(),
  /** An invoice: whether credit notes have credited part or all of it. */
  creditStatus: creditStatusSchema.nullable(),
  /** An invoice: its credit notes, oldest first. */
  creditNotes: z.array(z.object({ id: z.number(), number: z.string().nullable(), billingDate: z.string(), totalCents: z.number() })),
  /** What remains of the invoice once its credit notes are counted (its total for a credit note). */
  remainingCents: z.number(),
  /** Whether the client receives it as a Croatian e-invoice (a Croatian business with an OIB). */
  eInvoice: z.boolean(),
  /**
   * A business, or a private person (decision 031): as issued (the client snapshot), as the client is
   * now for a draft. A private person's document has no e-invoice at all (`GET …/ubl` refuses it).
   */
  clientKind: clientKindSchema,
  /**
   * The language the document is written in for its client: Croatian for a client in Croatia, English
   * otherwise (as issued: the client snapshot; a draft as the client is now). Its e-mail goes in it and
   * the credit-note dialog names its lines in it; the printout of a foreign client's may be switched.
   */
  documentLanguage: z.enum(['hr', 'en']),
  /**
   * An issued invoice: how far its payments (decision 027) cover `remainingCents`; null for a draft
   * and a credit note. What is still open is `remainingCents - paidCents`.
   */
  paidState: z.enum(PAID_STATES).nullable(),
  /** The sum of its payments, corrections included, in the invoice's currency. */
  paidCents: z.number(),
  /** How many payment records it has (`GET /api/v1/invoice/{id}/payment` lists them). */
  payments: z.number(),
  /**
   * Settled by credit notes, not by a payment (decision 027): an invoice cleared because its credit
   * notes left nothing due, or a credit note settled together with that invoice. It reads
   * "Credited", never "Paid on", and has no clearing to undo.
   */
  creditSettled: z.boolean(),
  /** Where it stands with the Tax Administration (decision 030); its messages: `GET /api/v1/invoice/{id}/fiscalization`. */
  fiscalization: invoiceFiscalSummarySchema,
  /** Where it stands with the user's information intermediary (issue 32); NOT_SENT when never sent. */
  delivery: invoiceDeliverySchema,
  /**
   * The buyer rejected this issued e-invoice (issue 47), as the intermediary's process status brought it
   * back: when, the reason type (N: mismatch not affecting tax, U: affecting tax, O: other; null: not
   * said) and the buyer's text (null: not said). Null: not rejected by the buyer.
   */
  buyerRejection: buyerRejectionSchema.nullable(),
  /** An invoice issued again after a storno (issue 47): the rejected invoice it re-issues. */
  reissueOf: z.object({ id: z.number(), number: z.string().nullable() }).nullable(),
  /** A re-issued invoice: the invoices issued (or prepared) in its place, oldest first. */
  reissuedBy: z.array(z.object({ id: z.number(), number: z.string().nullable() })),
  /**
   * A final invoice (issue 48): the advance invoices it deducts, oldest first, each with the base and
   * VAT per rate deducted; `remainingCents` is then the supply's total less them (BT-115).
   */
  advances: z.array(deductedAdvanceSchema),
  /** An advance invoice: the final invoice that deducted it; null while it is still to be deducted. */
  deductedBy: z.object({ id: z.number(), number: z.string().nullable() }).nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** POST /api/v1/invoice/{id}/reissue (issue 47): the storno credit note, and the copy the New invoice form starts from. */
export const reissueResultSchema = z.object({
  /** The storno credit note of the whole remaining invoice, issued (numbered, queued for fiscalization and delivery). */
  creditNote: z.object({ id: z.number(), number: z.string().nullable() }),
  /** The invoice re-issued: the New invoice form repeats it (`?from=`) and records `reissueOf` when saved. */
  reissueOf: z.number(),
});
export type ReissueResult = z.infer<typeof reissueResultSchema>;
export const reissueResponse = envelope(reissueResultSchema);

/** Why a list row does not offer an action (the web says it in a tooltip). */
export const ROW_ACTION_REFUSALS = [
  'CLEARED',
  'NOT_NEWEST',
  'HAS_CREDIT_NOTES',
  'NOT_ISSUED',
  'IS_CREDIT_NOTE',
  'FULLY_CREDITED',
  'HAS_PAYMENTS',
  'FISCALIZED',
  'SENT_TO_INTERMEDIARY',
] as const;
export type RowActionRefusal = (typeof ROW_ACTION_REFUSALS)[number];
export const rowActionSchema = z.object({ allowed: z.boolean(), reason: z.enum(ROW_ACTION_REFUSALS).nullable() });
export type RowAction = z.infer<typeof rowActionSchema>;

export const invoiceListRowSchema = z.object({
  id: z.number(),
  invoiceNumber: z.string().nullable(),
  client: z.string(),
  /** The date of issue; for a draft, the day it was last saved. */
  invoiceDate: z.string(),
  invoiceState: z.enum(INVOICE_STATES),
  amountFormatted: z.string(),
  totalCents: z.number(),
  currencyCode: z.string(),
  paymentDueDate: z.string(),
  overdue: z.boolean(),
  documentType: documentTypeSchema,
  creditStatus: creditStatusSchema.nullable(),
  /** What the row may offer, as the server would allow it now, and why not. */
  actions: z.object({ delete: rowActionSchema, creditNote: rowActionSchema }),
  /** When the invoice was last sent by e-mail (ISO UTC), null if never. */
  sentAt: z.string().nullable(),
  /** An issued invoice: how far its payments cover what is due (decision 027); null for drafts and credit notes. */
  paidState: z.enum(PAID_STATES).nullable(),
  /** What its payments sum to, and what is due (total less credit notes), in the invoice's currency. */
  paidCents: z.number(),
  dueCents: z.number(),
  /** Settled by credit notes rather than paid (see the invoice's `creditSettled`). */
  creditSettled: z.boolean(),
  /**
   * What is still owed (due less paid; negative when overpaid), in its currency (decision 028). Null
   * for drafts and credit notes.
   */
  outstandingCents: z.number().nullable(),
  /** Its fiscalization status (decision 030); null: Faktura keeps no fiscalization record of it. */
  fiscalStatus: fiscalStatusSchema.nullable(),
  /**
   * Where it stands with the e-invoice intermediary (issue 32): an issued document never handed over
   * is `NOT_SENT`; null for a draft.
   */
  deliveryStatus: deliveryStatusSchema.nullable(),
  /** The buyer rejected it after receipt (decision 041): its page says why and offers storno and re-issue. */
  buyerRejected: z.boolean(),
});
export type InvoiceListRow = z.infer<typeof invoiceListRowSchema>;

/** Any year an ISO date can hold: a year with no invoices is an empty list, not an error. */
export const yearQuerySchema = z.coerce.number<number>().int().min(1).max(9999);

export const invoiceListQuerySchema = z.object({
  year: yearQuerySchema.optional(),
  // a search text: no control characters (PostgreSQL cannot even compare a NUL; the fuzz found it)
  q: plainText().trim().max(100).optional(),
  state: z.enum(INVOICE_STATES).optional(),
  overdue: z.enum(['1', 'true']).optional(),
  notInvoicedThisMonth: z
    .enum(['1', 'true'])
    .optional()
    .describe(
      'Rent clients still to invoice this month: for every client with a RENT contract, its latest issued ' +
        'RENT invoice (published or cleared), shown only while the client has no RENT invoice (draft or issued, ' +
        'credit notes aside) billed in the current month (Europe/Zagreb). Combines with the other filters.',
    ),
  fiscalStatus: fiscalStatusSchema
    .optional()
    .describe('Only documents with this fiscalization status (decision 030), e.g. FAILED: the ones the Tax Administration refused.'),
  delivery: deliveryFilterSchema
    .optional()
    .describe(
      'Only issued documents with this e-invoice delivery status (issue 32), e.g. REJECTED: the ones the buyer\'s side refused; ' +
        'NOT_SENT: issued documents never handed to the intermediary; NOT_FISCALIZED: the intermediary reports their fiscalization failed.',
    ),
  page: z.coerce.number<number>().int().min(1).default(1),
  pageSize: z.coerce.number<number>().int().min(1).max(200).default(50),
});

export const facetSchema = z.object({ value: z.string(), isSelected: z.boolean() });
export const invoiceListResponse = z.object({
  data: z.array(invoiceListRowSchema),
  filters: z.array(z.object({ key: z.string(), facets: z.array(facetSchema) })),
  page: z.object({ page: z.number(), pageSize: z.number(), total: z.number() }),
});
export type InvoiceListResponse = z.infer<typeof invoiceListResponse>;

export const invoiceResponse = envelope(invoiceSchema);
export const invoiceListAllResponse = envelope(z.array(invoiceSchema));
export const invoiceCreatedResponse = envelope(z.object({ id: z.number(), number: z.string().nullable() }));
/** What the issue, clear and unclear verbs answer. */
export const invoiceStateResponse = envelope(
  z.object({ id: z.number(), state: z.enum(INVOICE_STATES), number: z.string().nullable() }),
);
export const invoiceNumberResponse = envelope(z.object({ number: z.string().nullable() }));

export const newInvoiceScreenSchema = z.object({
  operator: z.object({ id: z.number(), operatorName: z.string() }),
  nextInvoiceNumber: z.string(),
  paymentMethods: z.array(paymentMethodSchema),
  me: issuerSchema.nullable(),
});
export const newInvoiceScreenResponse = envelope(newInvoiceScreenSchema);
export type NewInvoiceScreen = z.infer<typeof newInvoiceScreenSchema>;

export const dashboardSchema = z.object({
  year: z.number(),
  years: z.array(z.number()),
  /** The year's issued documents (by date of issue), credit notes (negative) included. */
  issuedEurCents: z.number(),
  /** The year's issued documents that are CLEARED (paid in full or settled by credit notes). */
  clearedEurCents: z.number(),
  /**
   * What is still owed on the year's issued documents: the open ones' totals less what has been paid
   * on them (part payments count; decision 028).
   */
  outstandingEurCents: z.number(),
  /** The payments received in the year, by the day paid (decision 028). */
  paidEurCents: z.number(),
  overdueCount: z.number(),
  /** What is still owed on the year's overdue invoices (due less paid; decision 028). */
  overdueEurCents: z.number(),
  monthly: z.array(
    z.object({
      month: z.number(),
      issuedEurCents: z.number(),
      clearedEurCents: z.number(),
      /** The payments received in the month, by the day paid (decision 028). */
      paidEurCents: z.number(),
    }),
  ),
  latest: z.array(invoiceListRowSchema),
  /**
   * What needs the user about fiscalization (decision 030), whatever the year: documents the Tax
   * Administration refused, documents still to be sent and those of them past the legal deadline,
   * and payment reports refused.
   */
  fiscalization: z.object({
    failed: z.number(),
    pending: z.number(),
    late: z.number(),
    /**
     * Documents sent at least once without an answer (the service was down) that Faktura keeps sending
     * within their deadline, e.g. a consumer invoice's late delivery (decision 031), and the earliest of
     * those deadlines.
     */
    waiting: z.number(),
    waitingUntil: z.string().nullable(),
    paymentReportsFailed: z.number(),
  }),
  /**
   * E-invoices that need the user about their delivery (issue 32), whatever the year: rejected by the
   * buyer's side (a credit note and a new invoice correct them) and refused by the intermediary.
   */
  delivery: z.object({ rejected: z.number(), failed: z.number(), notFiscalized: z.number(), buyerRejected: z.number().optional() }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardResponse = envelope(dashboardSchema);
export const dashboardQuerySchema = z.object({ year: yearQuerySchema.optional() });

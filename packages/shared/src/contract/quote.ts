import { z } from 'zod';
import { addDays } from '../domain/dates';
import { emailAddressSchema, headerText } from './email';
import { envelope, idSchema, isoDateSchema, optionalText, plainText } from './common';
import { fxRateSchema, invoiceLinesSchema, paymentMethodSchema, vatGroupSchema, vatTreatmentSchema } from './invoice';
import { unitSchema } from './lineItem';

/**
 * Quotes (ponude, issue 48, decision 043): prices offered to a client, never an invoice. Stored states;
 * EXPIRED is not stored but read from `validUntil` and Zagreb's today (`status`).
 */
export const QUOTE_STATES = ['DRAFT', 'SENT', 'ACCEPTED', 'DECLINED'] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];
/** What the list shows and filters by: the stored state, or EXPIRED for a draft or sent quote past its day. */
export const QUOTE_STATUSES = [...QUOTE_STATES, 'EXPIRED'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const quoteStatusSchema = z.enum(QUOTE_STATUSES);

/**
 * What a quote can be made into. Only INVOICE for now; ADVANCE (an advance invoice) joins the enum
 * when advance invoices exist, so the body keeps its shape.
 */
export const QUOTE_CONVERSIONS = ['INVOICE'] as const;
export type QuoteConversion = (typeof QUOTE_CONVERSIONS)[number];

/** The quote's status on `today`: a draft or sent quote whose last valid day has passed is EXPIRED. */
export function quoteStatus(state: QuoteState, validUntil: string, today: string): QuoteStatus {
  return (state === 'DRAFT' || state === 'SENT') && validUntil < today ? 'EXPIRED' : state;
}

/** The days a quote is valid for when the form proposes its "valid until": 15, as payment terms usually are. */
export const QUOTE_VALID_DAYS = 15;
export const proposedValidUntil = (quoteDate: string) => addDays(quoteDate, QUOTE_VALID_DAYS);

/** New quote and a draft's edit: the invoice form's client, lines, VAT treatment and currency, with its own dates. */
export const quoteInputSchema = z
  .object({
    clientId: idSchema,
    /** The quote's date; valid until the day given, both days included. */
    quoteDate: isoDateSchema,
    validUntil: isoDateSchema,
    /** The payment terms offered, in days from the invoice's date: the invoice made from it is due that many days after it is issued. */
    paymentDueDays: z.number().int().min(0).max(365).default(15),
    paymentMethod: paymentMethodSchema.default('WIRE'),
    vatTreatment: vatTreatmentSchema.optional(),
    eurFxRate: fxRateSchema.nullish(),
    note: optionalText(1000),
    lineItems: invoiceLinesSchema,
  })
  .superRefine((value, ctx) => {
    if (value.validUntil < value.quoteDate) ctx.addIssue({ code: 'custom', message: 'validation.validUntilBeforeDate', path: ['validUntil'] });
  });
export type QuoteInput = z.input<typeof quoteInputSchema>;

export const quoteLineSchema = z.object({
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
});

export const quoteSchema = z.object({
  id: z.number(),
  /** P-1/2026: its own yearly sequence, never the invoices'. */
  number: z.string(),
  clientId: z.number(),
  client: z.string(),
  state: z.enum(QUOTE_STATES),
  status: quoteStatusSchema,
  quoteDate: z.string(),
  validUntil: z.string(),
  paymentDueDays: z.number(),
  paymentMethod: paymentMethodSchema,
  vatTreatment: vatTreatmentSchema,
  currencyCode: z.string(),
  eurFxRate: z.string().nullable(),
  note: z.string().nullable(),
  lineItems: z.array(quoteLineSchema),
  subtotalCents: z.number(),
  vatCents: z.number(),
  totalCents: z.number(),
  vatGroups: z.array(vatGroupSchema),
  sentAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The invoice made from it, while it exists. */
  invoice: z.object({ id: z.number(), number: z.string().nullable() }).nullable(),
  /** Only a draft is edited or deleted (decision 043). */
  editable: z.boolean(),
  documentLanguage: z.enum(['hr', 'en']),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const quoteListRowSchema = quoteSchema.pick({
  id: true, number: true, clientId: true, client: true, state: true, status: true, quoteDate: true, validUntil: true,
  currencyCode: true, totalCents: true, invoice: true,
});
export type QuoteListRow = z.infer<typeof quoteListRowSchema>;

export const quoteListQuerySchema = z.object({
  status: quoteStatusSchema.optional(),
  /** Number or client name, any case. */
  q: plainText().max(100).optional(),
});

/** Sent (by hand: "Mark as sent"), accepted or declined. */
export const quoteStateInputSchema = z.object({ state: z.enum(['SENT', 'ACCEPTED', 'DECLINED']) });

export const quoteConvertSchema = z.object({
  to: z.enum(QUOTE_CONVERSIONS),
  /** Made into an invoice already: make another only when the user confirms (409 quoteAlreadyConverted otherwise). */
  again: z.boolean().default(false),
});

export const quoteEmailInputSchema = z.object({
  to: z.array(emailAddressSchema).min(1).max(20),
  cc: z.array(emailAddressSchema).max(20).optional(),
  subject: headerText(300).optional(),
  body: plainText().max(20_000).optional(),
});
export type QuoteEmailInput = z.input<typeof quoteEmailInputSchema>;

export const quoteResponse = envelope(quoteSchema);
export const quoteListResponse = envelope(z.array(quoteListRowSchema));
export const quoteCreatedResponse = envelope(z.object({ id: z.number(), number: z.string() }));
export const quoteConvertedResponse = envelope(z.object({ invoiceId: z.number(), quoteId: z.number() }));
export const quoteSentResponse = envelope(
  z.object({ status: z.enum(['SENT', 'FAILED']), reason: z.string().nullable(), quote: quoteSchema }),
);

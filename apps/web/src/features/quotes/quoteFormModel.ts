import { z } from 'zod';
import {
  type Language,
  type PaymentMethod,
  type Quote,
  type VatTreatment,
  lineFromWire,
  proposedValidUntil,
  quoteInputSchema,
} from '@faktura/shared';
import { formLine, invoiceCurrency, lineBody, parseLine, type LineValues } from '../invoices';
import { currentLanguage } from '../../lib/i18n';

/**
 * The quote form's inputs: the invoice form's client, lines (as typed: `LineValues`, the invoice
 * form's own line editor edits them) and VAT treatment, with the quote's own dates and terms.
 */
export interface QuoteFormValues {
  clientId: number | null;
  quoteDate: string;
  validUntil: string;
  paymentDueDays: number;
  paymentMethod: PaymentMethod;
  vatTreatment: VatTreatment;
  /** As typed ("1,0825"); only sent for USD. */
  eurFxRate: string;
  note: string;
  lineItems: LineValues[];
}

export type QuoteFormOutput = z.output<typeof quoteInputSchema>;

export function newQuoteValues(today: string, vatTreatment: VatTreatment): QuoteFormValues {
  return {
    clientId: null, quoteDate: today, validUntil: proposedValidUntil(today), paymentDueDays: 15, paymentMethod: 'WIRE',
    vatTreatment, eurFxRate: '', note: '', lineItems: [],
  };
}

/** A saved quote back into its inputs (its lines read by the shared `lineFromWire`). */
export function quoteValues(quote: Quote, language: Language = currentLanguage()): QuoteFormValues {
  return {
    clientId: quote.clientId,
    quoteDate: quote.quoteDate,
    validUntil: quote.validUntil,
    paymentDueDays: quote.paymentDueDays,
    paymentMethod: quote.paymentMethod,
    vatTreatment: quote.vatTreatment,
    eurFxRate: quote.currencyCode === 'USD' ? (quote.eurFxRate ?? '') : '',
    note: quote.note ?? '',
    lineItems: quote.lineItems.map((line) =>
      formLine(
        lineFromWire(
          {
            id: line.productId, description: line.description, descriptionEn: line.descriptionEn, quantity: line.quantity, price: line.price,
            unit: line.unit, currency: line.currencyCode, discountPercent: line.discountPercent, vatRate: line.vatRate, kpdCode: line.kpdCode,
          },
          quote.vatTreatment,
        ),
        language,
      ),
    ),
  };
}

/** The form's name of a request field: the VAT rate select holds basis points. */
const formPath = (path: PropertyKey[]) => path.map((part) => (part === 'vatRate' ? 'vatRateBp' : part));

/**
 * What the inputs hold, checked as the server checks it: each line parsed once by the invoice form's
 * `parseLine` and written by its `lineBody`, the body checked by the contract's `quoteInputSchema`.
 */
export const quoteFormSchema = z.unknown().transform((input, ctx): QuoteFormOutput => {
  const values = input as QuoteFormValues;
  const language = currentLanguage();
  const unread = new Set<string>();
  const lineItems = values.lineItems.map((item, index) => {
    const { line, issues } = parseLine(item, values.vatTreatment, language);
    for (const issue of issues) {
      unread.add(`lineItems.${index}.${issue.field}`);
      ctx.addIssue({ code: 'custom', path: ['lineItems', index, issue.field], message: issue.message });
    }
    return lineBody(line, values.vatTreatment);
  });
  const currency = invoiceCurrency(values.lineItems);
  const body = {
    clientId: values.clientId ?? 0,
    quoteDate: values.quoteDate,
    validUntil: values.validUntil,
    paymentDueDays: Number(values.paymentDueDays),
    paymentMethod: values.paymentMethod,
    vatTreatment: values.vatTreatment,
    eurFxRate: currency === 'USD' ? values.eurFxRate.trim().replace(',', '.') || null : null,
    note: values.note.trim() || null,
    lineItems,
  };
  const result = quoteInputSchema.safeParse(values.clientId === null ? { ...body, clientId: undefined } : body);
  if (result.success && unread.size === 0) return result.data;
  for (const issue of result.error?.issues ?? []) {
    if (unread.has(issue.path.join('.'))) continue;
    ctx.addIssue({ ...issue, path: formPath(issue.path) });
  }
  return z.NEVER;
});

import { z } from 'zod';
import {
  addDays,
  basisPointsInput,
  centsInput,
  invoiceCreateSchema,
  lineFromWire,
  lineToWire,
  lineVatRate,
  milliInput,
  parseBasisPoints,
  parseCents,
  parseMilli,
  VAT_RATES_BP,
  type ContractType,
  type Invoice,
  type InvoiceCreate,
  type InvoiceUpdate,
  type Language,
  type Line,
  type LineItem,
  type PAYMENT_METHODS,
  type Parsed,
  type ReferenceModel,
  type Unit,
  type VatTreatment,
  type WireLine,
} from '@faktura/shared';
import { currentLanguage } from '../../../lib/i18n';

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** A line's VAT rate, in hundredths of a percent, as the rate select offers it. */
export type VatRateBp = (typeof VAT_RATES_BP)[number];
export const VAT_RATE_CHOICES: readonly VatRateBp[] = VAT_RATES_BP;

/**
 * One line as its inputs hold it: amounts as the text typed, in the language's way of writing
 * numbers ("10,5"), read into a `Line` in integer units by `parseLine` (decision 018).
 */
export interface LineValues {
  /** The catalogue item the line came from (unique per invoice); null once that item was deleted. */
  id: number | null;
  description: string;
  descriptionEn: string;
  quantity: string;
  price: string;
  unit: Unit;
  currency: string;
  discountPercent: string;
  vatRateBp: VatRateBp;
  /** KPD 2025 code (e-invoice lines need one): the catalogue item's, or the stored line's. */
  kpdCode: string | null;
}

export interface InvoiceFormValues {
  clientId: number | null;
  contractType: ContractType | null;
  contractDueDays: number | null;
  /** The date of supply (BT-72); the date of issue is the day the invoice is issued (decision 026). */
  deliveryDate: string;
  /** The period of supply (BT-73/74), both blank when none. */
  servicePeriodStart: string;
  servicePeriodEnd: string;
  paymentDueDate: string;
  paymentMethod: PaymentMethod;
  extraInfo: string;
  referenceModel: ReferenceModel;
  referenceNumber: string;
  vatTreatment: VatTreatment;
  /** As typed ("1,0825" or "1.0825"); only sent for USD invoices. */
  eurFxRate: string;
  operatorId: number;
  lineItems: LineValues[];
}

/** What a valid form gives: the create body without `draft`, which the pressed button decides. */
export type InvoiceFormOutput = z.output<typeof invoiceCreateSchema>;

/** Without a contract the due date is 15 days out, the default payment term of a contract (spec §9). */
const DEFAULT_DUE_DAYS = 15;

export function newInvoiceValues(
  operatorId: number,
  today: string,
  vatTreatment: VatTreatment,
): InvoiceFormValues {
  return {
    clientId: null,
    contractType: null,
    contractDueDays: null,
    deliveryDate: today,
    servicePeriodStart: '',
    servicePeriodEnd: '',
    paymentDueDate: addDays(today, DEFAULT_DUE_DAYS),
    paymentMethod: 'WIRE',
    extraInfo: '',
    referenceModel: 'HR00',
    referenceNumber: '',
    vatTreatment,
    eurFxRate: '',
    operatorId,
    lineItems: [],
  };
}

function asVatRate(bp: number): VatRateBp {
  return VAT_RATE_CHOICES.find((choice) => choice === bp) ?? 2500;
}

/** A line as text to edit, in the language's way of writing numbers. */
export function formLine(line: Line, language: Language = currentLanguage()): LineValues {
  return {
    id: line.itemId,
    description: line.description,
    descriptionEn: line.descriptionEn ?? '',
    quantity: milliInput(line.quantityMilli, language),
    price: centsInput(line.priceCents, language),
    unit: line.unit,
    currency: line.currency,
    discountPercent: basisPointsInput(line.discountBp, language),
    vatRateBp: asVatRate(line.vatRateBp),
    kpdCode: line.kpdCode,
  };
}

/** A catalogue item as a new line: one unit at the item's price in cents, 25 % VAT. */
export function lineFromCatalogue(item: LineItem, language: Language = currentLanguage()): LineValues {
  return formLine(
    {
      itemId: item.id,
      description: item.nameHr,
      descriptionEn: item.nameEn,
      quantityMilli: 1000,
      unit: item.unit,
      priceCents: item.unitPriceCents,
      currency: item.currencyCode,
      discountBp: 0,
      vatRateBp: 2500,
      kpdCode: item.kpdCode,
    },
    language,
  );
}

/** An answer's lines as lines (the answer's `productId` is the wire's `id`), read by the shared `lineFromWire`. */
export function linesOf(invoice: Invoice): Line[] {
  return invoice.lineItems.map((line) =>
    lineFromWire(
      {
        id: line.productId,
        description: line.description,
        descriptionEn: line.descriptionEn,
        quantity: line.quantity,
        price: line.price,
        unit: line.unit,
        currency: line.currencyCode,
        discountPercent: line.discountPercent,
        vatRate: line.vatRate,
        kpdCode: line.kpdCode,
      },
      invoice.vatTreatment,
    ),
  );
}

/** The amount inputs a line has, by the name the request gives them. */
type AmountField = 'quantity' | 'price' | 'discountPercent';

/**
 * A line's inputs read once into a `Line`: each amount parsed by the shared parsers, the VAT rate
 * as the treatment decides it. An input that does not read counts 0 and is named in `issues`
 * with its reason (an i18n key); an empty discount is no discount.
 */
export function parseLine(
  values: LineValues,
  treatment: VatTreatment,
  language: Language = currentLanguage(),
): { line: Line; issues: { field: AmountField; message: string }[] } {
  const issues: { field: AmountField; message: string }[] = [];
  const read = (field: AmountField, parsed: Parsed) => {
    if (parsed.ok) return parsed.value;
    issues.push({ field, message: parsed.error });
    return 0;
  };
  const discount = values.discountPercent.trim() === '' ? 0 : read('discountPercent', parseBasisPoints(values.discountPercent, language));
  const line: Line = {
    itemId: values.id,
    description: values.description,
    descriptionEn: values.descriptionEn || null,
    quantityMilli: read('quantity', parseMilli(values.quantity, language)),
    unit: values.unit,
    priceCents: read('price', parseCents(values.price, language)),
    currency: values.currency,
    discountBp: discount,
    vatRateBp: lineVatRate(treatment, values.vatRateBp),
    kpdCode: values.kpdCode,
  };
  return { line, issues };
}

export function draftValues(invoice: Invoice, language: Language = currentLanguage()): InvoiceFormValues {
  return {
    clientId: invoice.clientId,
    contractType: invoice.contractType,
    contractDueDays: invoice.contractDueDays,
    deliveryDate: invoice.deliveryDate,
    servicePeriodStart: invoice.servicePeriod?.start ?? '',
    servicePeriodEnd: invoice.servicePeriod?.end ?? '',
    paymentDueDate: invoice.paymentDueDate,
    paymentMethod: invoice.paymentMethod,
    extraInfo: invoice.extraInfo ?? '',
    referenceModel: invoice.referenceModel,
    referenceNumber: invoice.referenceNumber ?? '',
    vatTreatment: invoice.vatTreatment,
    eurFxRate: invoice.currencyCode === 'USD' ? (invoice.eurFxRate ?? '') : '',
    operatorId: invoice.operatorId,
    lineItems: linesOf(invoice).map((line) => formLine(line, language)),
  };
}

/** The invoice's currency is its lines' currency; EUR, the business's own, before there are any. */
export function invoiceCurrency(lines: readonly Pick<LineValues, 'currency'>[]): string {
  return lines[0]?.currency ?? 'EUR';
}

/**
 * A line as the API takes it, written by the shared `lineToWire`; the VAT rate is sent only for
 * domestic VAT, where it is the operator's choice.
 */
export function lineBody(line: Line, treatment: VatTreatment): WireLine {
  const { vatRate, ...rest } = lineToWire(line);
  return treatment === 'DOMESTIC' ? { ...rest, vatRate } : rest;
}

/** The server's create rules, plus the one it can only check after pricing: USD needs a rate. */
const checkedCreate = invoiceCreateSchema.superRefine((value, ctx) => {
  if (value.lineItems[0]?.currency === 'USD' && !value.eurFxRate)
    ctx.addIssue({ code: 'custom', path: ['eurFxRate'], message: 'validation.fxRateRequired' });
});

/**
 * The form's name of a request field: the VAT rate select holds basis points, the period of supply
 * is two inputs.
 */
const formPath = (path: PropertyKey[]) => {
  if (path[0] === 'servicePeriod') return [path[1] === 'start' ? 'servicePeriodStart' : 'servicePeriodEnd'];
  return path.map((part) => (part === 'vatRate' ? 'vatRateBp' : part));
};

/**
 * What the inputs hold, checked as the server checks it: each line's amounts are parsed once into a
 * `Line` (a reason under any that does not read), the lines are written with `lineToWire`, and the
 * body is checked with the contract's schema (its reasons under the same inputs). Blank dates are
 * missing (so they read "required"); the exchange rate only exists for USD (HRK's is fixed, EUR
 * needs none) and may be typed with a decimal comma.
 */
export const invoiceFormSchema = z.unknown().transform((input, ctx): InvoiceFormOutput => {
  const values = input as InvoiceFormValues;
  const language = currentLanguage();
  const currency = invoiceCurrency(values.lineItems);
  const date = (value: string) => (value ? value : undefined);
  const unread = new Set<string>();
  const lineItems = values.lineItems.map((item, index) => {
    const { line, issues } = parseLine(item, values.vatTreatment, language);
    for (const issue of issues) {
      unread.add(`lineItems.${index}.${issue.field}`);
      ctx.addIssue({ code: 'custom', path: ['lineItems', index, issue.field], message: issue.message });
    }
    return lineBody(line, values.vatTreatment);
  });
  // a period is both days or none: one alone is said under the blank one
  const { servicePeriodStart: start, servicePeriodEnd: end, ...rest } = values;
  const partial = Boolean(start) !== Boolean(end);
  if (partial) {
    ctx.addIssue({ code: 'custom', path: [start ? 'servicePeriodEnd' : 'servicePeriodStart'], message: 'invoiceForm.servicePeriodPartial' });
  }
  const result = checkedCreate.safeParse({
    ...rest,
    deliveryDate: date(values.deliveryDate),
    servicePeriod: start && end ? { start, end } : null,
    paymentDueDate: date(values.paymentDueDate),
    eurFxRate: currency === 'USD' ? values.eurFxRate.trim().replace(',', '.') || null : null,
    lineItems,
  });
  if (result.success && unread.size === 0 && !partial) return result.data;
  // an amount that did not read has said why; what the schema makes of its stand-in is not news
  for (const issue of result.error?.issues ?? []) {
    if (unread.has(issue.path.join('.'))) continue;
    ctx.addIssue({ ...issue, path: formPath(issue.path) });
  }
  return z.NEVER;
});

export function createBody(values: InvoiceFormOutput, draft: boolean): InvoiceCreate {
  return { ...values, draft };
}

/** A draft takes every field of a new invoice except the operator, who stays the one who made it. */
export function draftUpdateBody(values: InvoiceFormOutput): InvoiceUpdate {
  const { operatorId: _operator, draft: _draft, ...body } = values;
  return body;
}

import { z } from 'zod';
import {
  addDays,
  invoiceCreateSchema,
  type ContractType,
  type Invoice,
  type InvoiceCreate,
  type InvoiceUpdate,
  type LineItem,
  type PAYMENT_METHODS,
  type ReferenceModel,
  type Unit,
  type VatTreatment,
} from '@faktura/shared';

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type VatRate = 25 | 13 | 5 | 0;
export const VAT_RATE_CHOICES: readonly VatRate[] = [25, 13, 5, 0];

/** One line as its inputs hold it; an emptied number input holds nothing rather than 0. */
export interface LineValues {
  /** The catalogue item the line came from (unique per invoice); null once that item was deleted. */
  id: number | null;
  description: string;
  descriptionEn: string;
  quantity: number | undefined;
  price: number | undefined;
  unit: Unit;
  currency: string;
  discountPercent: number | undefined;
  vatRate: VatRate;
  /** KPD 2025 code (e-invoice lines need one): the catalogue item's, or the stored line's. */
  kpdCode: string | null;
}

export interface InvoiceFormValues {
  clientId: number | null;
  contractType: ContractType | null;
  contractDueDays: number | null;
  billingDate: string;
  deliveryDate: string;
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
    billingDate: today,
    deliveryDate: today,
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

export function lineFromCatalogue(item: LineItem): LineValues {
  return {
    id: item.id,
    description: item.nameHr,
    descriptionEn: item.nameEn ?? '',
    quantity: 1,
    // The exact cents, not the float the API also sends.
    price: item.unitPriceCents / 100,
    unit: item.unit,
    currency: item.currencyCode,
    discountPercent: 0,
    vatRate: 25,
    kpdCode: item.kpdCode,
  };
}

function asVatRate(rate: number): VatRate {
  return (VAT_RATE_CHOICES as readonly number[]).includes(rate) ? (rate as VatRate) : 25;
}

/** The stored lines as form lines, unchanged (an issued invoice must get back exactly these). */
export function linesOf(invoice: Invoice): LineValues[] {
  return invoice.lineItems.map((line) => ({
    id: line.productId,
    description: line.description,
    descriptionEn: line.descriptionEn ?? '',
    quantity: line.quantity,
    price: line.priceCents / 100,
    unit: line.unit,
    currency: line.currencyCode,
    discountPercent: line.discountPercent,
    vatRate: asVatRate(line.vatRate),
    kpdCode: line.kpdCode,
  }));
}

export function draftValues(invoice: Invoice): InvoiceFormValues {
  return {
    clientId: invoice.clientId,
    contractType: invoice.contractType,
    contractDueDays: invoice.contractDueDays,
    billingDate: invoice.billingDate,
    deliveryDate: invoice.deliveryDate,
    paymentDueDate: invoice.paymentDueDate,
    paymentMethod: invoice.paymentMethod,
    extraInfo: invoice.extraInfo ?? '',
    referenceModel: invoice.referenceModel,
    referenceNumber: invoice.referenceNumber ?? '',
    vatTreatment: invoice.vatTreatment,
    eurFxRate: invoice.currencyCode === 'USD' ? (invoice.eurFxRate ?? '') : '',
    operatorId: invoice.operatorId,
    lineItems: linesOf(invoice),
  };
}

/** The invoice's currency is its lines' currency; EUR, the business's own, before there are any. */
export function invoiceCurrency(lines: readonly Pick<LineValues, 'currency'>[]): string {
  return lines[0]?.currency ?? 'EUR';
}

/** Lines as the API takes them; the VAT rate is the operator's choice only for domestic VAT. */
export function lineBody(line: LineValues, treatment: VatTreatment) {
  const { vatRate, ...rest } = line;
  return treatment === 'DOMESTIC' ? { ...rest, vatRate } : rest;
}

/**
 * Turns what the inputs hold into what the contract checks: blank dates are missing (so they read
 * "required"), the exchange rate only exists for USD (HRK's is fixed, EUR needs none) and may be
 * typed with a decimal comma.
 */
function prepare(input: unknown): unknown {
  const values = input as InvoiceFormValues;
  const currency = invoiceCurrency(values.lineItems);
  const date = (value: string) => (value ? value : undefined);
  return {
    ...values,
    billingDate: date(values.billingDate),
    deliveryDate: date(values.deliveryDate),
    paymentDueDate: date(values.paymentDueDate),
    eurFxRate: currency === 'USD' ? values.eurFxRate.trim().replace(',', '.') || null : null,
    lineItems: values.lineItems.map((line) => lineBody(line, values.vatTreatment)),
  };
}

/** The server's create rules, plus the one it can only check after pricing: USD needs a rate. */
export const invoiceFormSchema = z.preprocess(
  prepare,
  invoiceCreateSchema.superRefine((value, ctx) => {
    if (value.lineItems[0]?.currency === 'USD' && !value.eurFxRate)
      ctx.addIssue({ code: 'custom', path: ['eurFxRate'], message: 'validation.fxRateRequired' });
  }),
);

export function createBody(values: InvoiceFormOutput, draft: boolean): InvoiceCreate {
  return { ...values, draft };
}

/** A draft takes every field of a new invoice except the operator, who stays the one who made it. */
export function draftUpdateBody(values: InvoiceFormOutput): InvoiceUpdate {
  const { operatorId: _operator, draft: _draft, paymentMethod: _method, ...body } = values;
  return body;
}

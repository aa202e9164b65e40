import type { z } from 'zod';
import {
  currencySymbol,
  lineItemInputSchema,
  type LineItem,
  type LineItemInput,
  type Unit,
} from '@faktura/shared';

/** What the dialog can be opened with: a saved item (has an id) or a prototype to prefill. */
export type LineItemDraft = Partial<
  Pick<LineItem, 'id' | 'nameHr' | 'nameEn' | 'unitPrice' | 'currencyCode' | 'unit' | 'kpdCode'>
>;

/** The inputs as they hold values: an empty price input holds nothing rather than 0. */
export interface LineItemFormValues {
  nameHr: string;
  nameEn: string;
  unitPrice: number | undefined;
  currencyCode: string;
  unit: Unit;
  /** KPD 2025 code, null for none. */
  kpdCode: string | null;
}

/** The dialog offers these (spec §9); an item saved in another currency (HRK) keeps its own. */
export const OFFERED_CURRENCIES = ['EUR', 'USD'] as const;

export function currencyOptions(current: string): { value: string; label: string }[] {
  const codes: string[] = [...OFFERED_CURRENCIES];
  if (current && !codes.includes(current)) codes.push(current);
  return codes.map((code) => ({ value: code, label: `${code} (${currencySymbol(code)})` }));
}

/** Defaults for a new item are HOURLY and EUR (spec §4); an existing item brings its own values. */
export function formValues(item?: LineItemDraft): LineItemFormValues {
  return {
    nameHr: item?.nameHr ?? '',
    nameEn: item?.nameEn ?? '',
    unitPrice: item?.unitPrice,
    currencyCode: item?.currencyCode ?? 'EUR',
    unit: item?.unit ?? 'HOURLY',
    kpdCode: item?.kpdCode ?? null,
  };
}

/**
 * The shared contract's rules, plus the dialog's own: when the caller needs an English name (an
 * invoice printed in English) it is required, except for HRK items, which only Croatian invoices use.
 */
export function lineItemFormSchema(requireEnglish: boolean) {
  return lineItemInputSchema.superRefine((item, ctx) => {
    if (requireEnglish && item.currencyCode !== 'HRK' && !item.nameEn) {
      ctx.addIssue({ code: 'custom', path: ['nameEn'], message: 'validation.required' });
    }
  });
}

export type LineItemFormOutput = z.output<typeof lineItemInputSchema>;

/** The request body: the form values plus `currency` set to the currency code (spec §3). */
export function toBody(values: LineItemFormOutput): LineItemInput {
  const code = values.currencyCode ?? values.currency;
  return {
    nameHr: values.nameHr,
    nameEn: values.nameEn,
    unitPrice: values.unitPrice,
    unit: values.unit,
    currency: code,
    currencyCode: code,
    kpdCode: values.kpdCode,
  };
}

/** The server names the currency `currency` or `currencyCode`; both sit under the one select. */
export function formFieldFor(field: string): keyof LineItemFormValues | null {
  if (field === 'currency' || field === 'currencyCode') return 'currencyCode';
  return field === 'nameHr' ||
    field === 'nameEn' ||
    field === 'unitPrice' ||
    field === 'unit' ||
    field === 'kpdCode'
    ? field
    : null;
}

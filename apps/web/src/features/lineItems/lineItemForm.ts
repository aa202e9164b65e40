import { z } from 'zod';
import {
  centsInput,
  currencySymbol,
  fromCents,
  lineItemInputSchema,
  parseCents,
  type Language,
  type LineItem,
  type LineItemInput,
  type Unit,
} from '@faktura/shared';
import { currentLanguage } from '../../lib/i18n';

/** What the dialog can be opened with: a saved item (has an id) or a prototype to prefill. */
export type LineItemDraft = Partial<
  Pick<LineItem, 'id' | 'nameHr' | 'nameEn' | 'unitPriceCents' | 'currencyCode' | 'unit' | 'kpdCode'>
>;

/** The inputs as they hold values: the price as typed ("45,50"), read once into cents. */
export interface LineItemFormValues {
  nameHr: string;
  nameEn: string;
  unitPrice: string;
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
export function formValues(item?: LineItemDraft, language: Language = currentLanguage()): LineItemFormValues {
  return {
    nameHr: item?.nameHr ?? '',
    nameEn: item?.nameEn ?? '',
    // the exact cents, written only here, as the language writes amounts
    unitPrice: item?.unitPriceCents === undefined ? '' : centsInput(item.unitPriceCents, language, false),
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
  const checked = lineItemInputSchema.superRefine((item, ctx) => {
    if (requireEnglish && item.currencyCode !== 'HRK' && !item.nameEn) {
      ctx.addIssue({ code: 'custom', path: ['nameEn'], message: 'validation.required' });
    }
  });
  // the price is read once into cents (a reason under it when it does not read); the body carries
  // it as spec §7's unitPrice, which the contract's schema checks with the rest
  return z.unknown().transform((input, ctx): LineItemFormOutput => {
    const values = input as LineItemFormValues;
    const price = parseCents(values.unitPrice, currentLanguage());
    if (!price.ok) ctx.addIssue({ code: 'custom', path: ['unitPrice'], message: price.error });
    const result = checked.safeParse({ ...values, unitPrice: price.ok ? fromCents(price.value) : 1 });
    if (result.success && price.ok) return result.data;
    for (const issue of result.error?.issues ?? []) {
      if (!price.ok && issue.path[0] === 'unitPrice') continue;
      ctx.addIssue({ ...issue });
    }
    return z.NEVER;
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

import { EU_COUNTRIES } from './country';

/**
 * How VAT applies to an invoice, from the issuer and the client (VAT Act):
 * - NOT_IN_VAT: the issuer is outside the VAT system: no VAT, note of art. 90 st. 1;
 * - DOMESTIC: Croatian VAT, 25 % by default, 13/5/0 % per line;
 * - REVERSE_CHARGE: an EU business with a VAT number: 0 %, "Prijenos porezne obveze";
 * - OUTSIDE_EU: a client outside the EU: not subject to Croatian VAT, with its note.
 * The operator may choose another treatment for an invoice.
 */
export const VAT_TREATMENTS = ['DOMESTIC', 'REVERSE_CHARGE', 'OUTSIDE_EU', 'NOT_IN_VAT'] as const;
export type VatTreatment = (typeof VAT_TREATMENTS)[number];

/** Croatian VAT rates in hundredths of a percent. */
export const VAT_RATES_BP = [2500, 1300, 500, 0] as const;
export const STANDARD_VAT_BP = 2500;

export function defaultVatTreatment(input: {
  issuerInVatSystem: boolean;
  clientCountry: string;
  clientVatNumber: string | null;
}): VatTreatment {
  if (!input.issuerInVatSystem) return 'NOT_IN_VAT';
  if (input.clientCountry === 'HR') return 'DOMESTIC';
  if (EU_COUNTRIES.has(input.clientCountry)) return input.clientVatNumber ? 'REVERSE_CHARGE' : 'DOMESTIC';
  return 'OUTSIDE_EU';
}

/** The rate a line gets: the chosen one for domestic invoices (25 % by default), otherwise 0. */
export function lineVatRate(treatment: VatTreatment, requestedBp: number | undefined): number {
  return treatment === 'DOMESTIC' ? (requestedBp ?? STANDARD_VAT_BP) : 0;
}

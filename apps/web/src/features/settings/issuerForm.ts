import type { FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { DEFAULT_EINVOICE_PROFILE, type EinvoiceProfile, type Issuer, type issuerInputSchema } from '@faktura/shared';

/** What the inputs hold: text everywhere (blank for "none"), the country as its ISO code. */
export interface IssuerFormValues {
  name: string;
  oib: string;
  address: {
    address1: string;
    address2: string;
    city: string;
    zip: string;
    state: string;
    countryCode: string;
  };
  email: string;
  phone: string;
  iban: string;
  swift: string;
  inVatSystem: boolean;
  flatRate: boolean;
  defaultFootnote: string;
  footerText: string;
  defaultFootnoteEn: string;
  footerTextEn: string;
  einvoiceProfile: EinvoiceProfile;
}

export type IssuerOutput = z.output<typeof issuerInputSchema>;

/** Every input of the form, by the name the server uses in its field errors ("address.zip"). */
export const ISSUER_FIELDS = [
  'name',
  'oib',
  'address.address1',
  'address.address2',
  'address.city',
  'address.zip',
  'address.state',
  'address.countryCode',
  'email',
  'phone',
  'iban',
  'swift',
  'inVatSystem',
  'flatRate',
  'defaultFootnote',
  'footerText',
  'defaultFootnoteEn',
  'footerTextEn',
  'einvoiceProfile',
] as const satisfies readonly FieldPath<IssuerFormValues>[];

/** IBANs are stored without spaces but read in groups of four, as banks print them. */
export function groupIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The saved company as form values; a first visit starts in Croatia. */
export function issuerFormValues(issuer: Issuer | null): IssuerFormValues {
  const address = issuer?.address;
  return {
    name: issuer?.name ?? '',
    oib: issuer?.oib ?? '',
    address: {
      address1: address?.address1 ?? '',
      address2: address?.address2 ?? '',
      city: address?.city ?? '',
      zip: address?.zip ?? '',
      state: address?.state ?? '',
      countryCode: address?.countryCode ?? 'HR',
    },
    email: issuer?.email ?? '',
    phone: issuer?.phone ?? '',
    iban: issuer?.iban ? groupIban(issuer.iban) : '',
    swift: issuer?.swift ?? '',
    inVatSystem: issuer?.inVatSystem ?? false,
    flatRate: issuer?.flatRate ?? false,
    defaultFootnote: issuer?.defaultFootnote ?? '',
    footerText: issuer?.footerText ?? '',
    defaultFootnoteEn: issuer?.defaultFootnoteEn ?? '',
    footerTextEn: issuer?.footerTextEn ?? '',
    einvoiceProfile: issuer?.einvoiceProfile ?? DEFAULT_EINVOICE_PROFILE,
  };
}

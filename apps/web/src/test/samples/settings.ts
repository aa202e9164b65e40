import type { Issuer, LineItem } from '@faktura/shared';
import { ILICA } from './addresses';

/** Sample answers of the settings API: the issuer (written once; the invoice form's is this one in the VAT system) and the catalogue. */
export const ISSUER: Issuer = {
  name: 'Obrt Anić',
  oib: '12345678903',
  vatNumber: 'HR12345678903',
  address: ILICA,
  email: 'ured@obrt.hr',
  phone: null,
  iban: 'HR1210010051863000160',
  swift: 'ZABAHR2X',
  inVatSystem: false,
  defaultFootnote: null,
  footerText: null,
  defaultFootnoteEn: null,
  footerTextEn: null,
  premisesCode: 'POSL1',
  deviceCode: '1',
  einvoiceProfile: 'P1',
};

export const LINE_ITEMS: LineItem[] = [
  {
    id: 1,
    nameHr: 'Programiranje',
    nameEn: 'Programming',
    unitPrice: 1234.5,
    unitPriceCents: 123450,
    currency: { code: 'EUR', symbol: '€' },
    currencyCode: 'EUR',
    unit: 'HOURLY',
    kpdCode: '62.10.11',
  },
  {
    id: 2,
    nameHr: 'Licenca za softver',
    nameEn: null,
    unitPrice: 99,
    unitPriceCents: 9900,
    currency: { code: 'USD', symbol: '$' },
    currencyCode: 'USD',
    unit: 'SINGLE',
    kpdCode: null,
  },
];

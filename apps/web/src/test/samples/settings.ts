import type { Issuer, LineItem } from '@faktura/shared';
import { sampleIssuer, sampleItem } from '@faktura/shared/samples';

/**
 * Sample answers of the settings API: the issuer (the shared one, also the API tests' and the
 * demo's), here outside the VAT system (the invoice form's is inside it), and the catalogue.
 */
export const ISSUER: Issuer = sampleIssuer({ inVatSystem: false });

export const LINE_ITEMS: LineItem[] = [
  sampleItem('development', {
    id: 1,
    nameHr: 'Programiranje',
    nameEn: 'Programming',
    unitPrice: 1234.5,
    unitPriceCents: 123450,
  }),
  sampleItem('review', {
    id: 2,
    nameHr: 'Licenca za softver',
    nameEn: null,
    unitPrice: 99,
    unitPriceCents: 9900,
    kpdCode: null,
  }),
];

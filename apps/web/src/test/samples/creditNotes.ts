import type { Invoice } from '@faktura/shared';
import { ISSUED } from './invoices';

/** ISSUED with a second line: 2 × maintenance at 250,00 €. */
export const TWO_LINES: Invoice = {
  ...ISSUED,
  lineItems: [
    ...ISSUED.lineItems,
    {
      lineId: 52,
      productId: 2,
      quantity: 2,
      price: 250,
      priceCents: 25000,
      discountPercent: 0,
      currencyCode: 'EUR',
      description: 'Održavanje',
      descriptionEn: 'Maintenance',
      unit: 'SINGLE',
      vatRate: 25,
      lineTotalCents: 50000,
      kpdCode: '62.10.11',
      creditedQuantity: 0,
      creditedLineId: null,
    },
  ],
  subtotalCents: 92525,
  vatCents: 23131,
  totalCents: 115656,
  totalEurCents: 115656,
  amountFormatted: '1.156,56 €',
};

/** TWO_LINES after credit note 7/POSL1/1 took 10 h of programming and all the maintenance. */
export const PARTLY_CREDITED: Invoice = {
  ...TWO_LINES,
  lineItems: [
    { ...TWO_LINES.lineItems[0]!, creditedQuantity: 10 },
    { ...TWO_LINES.lineItems[1]!, creditedQuantity: 2 },
  ],
  creditStatus: 'PARTIAL',
  creditNotes: [{ id: 7, number: '7/POSL1/1', billingDate: '2026-03-10', totalCents: -74313 }],
  remainingCents: 41343,
  deletable: false,
};

/** Credit note 7/POSL1/1 for invoice 5/POSL1/1: 10 h of programming back, negative amounts. */
export const CREDIT_NOTE: Invoice = {
  ...ISSUED,
  id: 7,
  invoiceNumber: '7/POSL1/1',
  billingDate: '2026-03-10',
  createDate: '2026-03-10',
  deliveryDate: '2026-03-10',
  documentType: 'CREDIT_NOTE',
  creditedInvoice: { id: 5, number: '5/POSL1/1', billingDate: '2026-02-27' },
  creditReason: 'Manje sati nego obračunato',
  lineItems: [
    { ...ISSUED.lineItems[0]!, lineId: 71, quantity: -10, lineTotalCents: -9450, creditedLineId: 51 },
  ],
  subtotalCents: -9450,
  vatCents: -2363,
  totalCents: -11813,
  totalEurCents: -11813,
  vatGroups: [{ rate: 25, baseCents: -9450, vatCents: -2363 }],
  amountFormatted: '-118,13 €',
  remainingCents: -11813,
  deletable: false,
};

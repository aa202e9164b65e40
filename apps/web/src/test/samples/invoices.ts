import type { Company, Invoice, Issuer, LineItem, NewInvoiceScreen } from '@faktura/shared';
import { ISSUER } from './settings';

/** Test data of the invoice form pages' tests (their "today" is ui.ts's TODAY). */

/** The settings tests' sample company, inside the VAT system. */
export const ME: Issuer = { ...ISSUER, inVatSystem: true };

export const SCREEN: NewInvoiceScreen = {
  operator: { id: 1, operatorName: 'Ana Anić' },
  nextInvoiceNumber: '7/POSL1/1',
  paymentMethods: ['WIRE', 'CASH', 'ADVANCE'],
  me: ME,
  earliestBillingDate: { date: '2025-01-01', reason: 'YEAR_LIMIT', lastIssued: null },
};

const address = (id: number, countryCode: string, city: string) => ({
  id,
  address1: 'Ulica 1',
  address2: null,
  city,
  zip: '10000',
  state: null,
  country: countryCode,
  countryCode,
});

const client = (id: number, name: string, extra: Partial<Company>): Company => ({
  id,
  name,
  email: 'racuni@example.hr',
  pin: '69435151530',
  phone: null,
  note: null,
  bankAccountNumber: null,
  contracts: [],
  address: address(id + 10, 'HR', 'Split'),
  addressId: id + 10,
  vatNumber: null,
  ...extra,
});

export const JADRAN = client(1, 'Jadran d.o.o.', {
  contracts: [
    { id: 21, type: 'SOW', paymentDueDays: 15 },
    { id: 22, type: 'RENT', paymentDueDays: 10 },
  ],
});
export const NO_CONTRACTS = client(2, 'Bez ugovora d.o.o.', {});
export const NORDLICHT = client(3, 'Nordlicht GmbH', {
  pin: 'DE811907980',
  address: address(13, 'DE', 'Berlin'),
  contracts: [{ id: 23, type: 'SOW', paymentDueDays: 30 }],
});

const item = (
  id: number,
  nameHr: string,
  nameEn: string | null,
  cents: number,
  code: string,
  unit: LineItem['unit'],
): LineItem => ({
  id,
  nameHr,
  nameEn,
  unitPrice: cents / 100,
  unitPriceCents: cents,
  currency: { code, symbol: code === 'USD' ? '$' : '€' },
  currencyCode: code,
  unit,
  // programming services: lines taken from the catalogue carry the item's code
  kpdCode: id === 1 ? '62.10.11' : null,
});

export const PROGRAMMING = item(1, 'Programiranje', 'Programming', 1050, 'EUR', 'HOURLY');
export const MAINTENANCE = item(2, 'Održavanje', 'Maintenance', 25000, 'EUR', 'SINGLE');
export const REVIEW = item(3, 'Revizija koda', 'Code review', 120000, 'USD', 'SINGLE');

/** An issued invoice of JADRAN: 45 h of programming at 10,50 € with 10 % off, 25 % VAT. */
export const ISSUED: Invoice = {
  id: 5,
  clientId: 1,
  client: 'Jadran d.o.o.',
  invoiceNumber: '5/POSL1/1',
  state: 'PUBLISHED',
  operator: 'Ana Anić',
  operatorId: 1,
  paymentMethod: 'WIRE',
  contractType: 'SOW',
  contractDueDays: 15,
  createDate: '2026-02-27',
  billingDate: '2026-02-27',
  deliveryDate: '2026-02-27',
  paymentDueDate: '2026-03-14',
  extraInfo: 'INT-5',
  referenceModel: 'HR00',
  referenceNumber: null,
  currencyCode: 'EUR',
  eurFxRate: null,
  vatTreatment: 'DOMESTIC',
  lineItems: [
    {
      lineId: 51,
      productId: 1,
      quantity: 45,
      price: 10.5,
      priceCents: 1050,
      discountPercent: 10,
      currencyCode: 'EUR',
      description: 'Programiranje',
      descriptionEn: 'Programming',
      unit: 'HOURLY',
      vatRate: 25,
      lineTotalCents: 42525,
      kpdCode: '62.10.11',
      creditedQuantity: 0,
      creditedLineId: null,
    },
  ],
  subtotalCents: 42525,
  vatCents: 10631,
  totalCents: 53156,
  totalEurCents: 53156,
  vatGroups: [{ rate: 25, baseCents: 42525, vatCents: 10631 }],
  amountFormatted: '531,56 €',
  issuedAt: '2026-02-27T10:00:00.000Z',
  paymentDate: null,
  locked: true,
  deletable: true,
  documentType: 'INVOICE',
  issueTime: '11:00:00',
  creditedInvoice: null,
  creditReason: null,
  creditStatus: null,
  creditNotes: [],
  remainingCents: 53156,
  eInvoice: true,
};

export const DRAFT: Invoice = { ...ISSUED, id: 6, invoiceNumber: null, state: 'DRAFT', locked: false };

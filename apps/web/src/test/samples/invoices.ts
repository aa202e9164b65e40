import type { Company, Invoice, Issuer, LineItem, NewInvoiceScreen } from '@faktura/shared';
import {
  sampleAddress,
  sampleClient,
  sampleInvoice,
  sampleIssuer,
  sampleItem,
  sampleStoredLine,
} from '@faktura/shared/samples';

/** Test data of the invoice form pages' tests (their "today" is ui.ts's TODAY), from the shared samples. */

/** The shared issuer, inside the VAT system. */
export const ME: Issuer = sampleIssuer({ inVatSystem: true });

export const SCREEN: NewInvoiceScreen = {
  operator: { id: 1, operatorName: 'Ana Anić' },
  nextInvoiceNumber: '7/POSL1/1',
  paymentMethods: ['WIRE', 'CASH', 'CARD', 'ADVANCE'],
  me: ME,
};

/** The domestic client with a statement-of-work and a rent contract. */
export const JADRAN: Company = sampleClient('domestic', {
  contracts: [
    { id: 21, type: 'SOW', paymentDueDays: 15 },
    { id: 22, type: 'RENT', paymentDueDays: 10 },
  ],
});
export const NO_CONTRACTS: Company = sampleClient('domesticSmall', {
  name: 'Bez ugovora d.o.o.',
  contracts: [],
});
export const NORDLICHT: Company = sampleClient('eu', {
  address: sampleAddress('eu', { id: 13 }),
  contracts: [{ id: 23, type: 'SOW', paymentDueDays: 30 }],
});

// programming services: lines taken from the catalogue carry the item's code
export const PROGRAMMING: LineItem = sampleItem('development', {
  id: 1,
  nameHr: 'Programiranje',
  nameEn: 'Programming',
  unitPrice: 10.5,
});
export const MAINTENANCE: LineItem = sampleItem('maintenance', {
  id: 2,
  nameHr: 'Održavanje',
  nameEn: 'Maintenance',
  kpdCode: null,
});
export const REVIEW: LineItem = sampleItem('review', { id: 3, kpdCode: null });

const issued = sampleInvoice({
  lines: [
    sampleStoredLine({
      itemId: PROGRAMMING.id,
      description: PROGRAMMING.nameHr,
      descriptionEn: PROGRAMMING.nameEn,
      quantityMilli: 45_000,
      priceCents: PROGRAMMING.unitPriceCents,
      discountBp: 1_000,
    }),
  ],
  id: 5,
  clientId: JADRAN.id,
  invoiceNumber: '5/POSL1/1',
  extraInfo: 'INT-5',
});

/** An issued invoice of JADRAN: 45 h of programming at 10,50 € with 10 % off, 25 % VAT; its line is 51. */
export const ISSUED: Invoice = {
  ...issued,
  lineItems: issued.lineItems.map((line) => ({ ...line, lineId: 51 })),
};

/** A draft saved last month: no number and no date of issue (decision 026), due after today. */
export const DRAFT: Invoice = {
  ...ISSUED,
  id: 6,
  invoiceNumber: null,
  state: 'DRAFT',
  locked: false,
  billingDate: null,
  createDate: null,
  issueTime: null,
  issuedAt: null,
  paymentDueDate: '2026-03-31',
};

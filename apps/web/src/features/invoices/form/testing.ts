import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { vi } from 'vitest';
import type { Company, Invoice, Issuer, LineItem, NewInvoiceScreen } from '@faktura/shared';
import { jsonResponse, type stubApi } from '../../../test/fixtures';
import { renderSignedIn } from '../../settings/testHarness';
import { ISSUER } from '../../settings/fixtures';

/** Test data and helpers for the invoice form pages' tests. "Today" is frozen at TODAY. */
export const TODAY = '2026-03-18';

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

type Handlers = Parameters<typeof stubApi>[0];

/** The reads every invoice form makes. */
export function formApi(screen: NewInvoiceScreen = SCREEN): Handlers {
  return {
    'GET /screen/v1/invoice/new': () => jsonResponse(200, { data: screen }),
    'GET /api/v1/company': () => jsonResponse(200, { data: [JADRAN, NO_CONTRACTS, NORDLICHT] }),
    'GET /api/v1/lineItem': () => jsonResponse(200, { data: [PROGRAMMING, MAINTENANCE, REVIEW] }),
  };
}

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

/** Freezes the clock's date only: user-event and Mantine keep their real timers. */
export function freezeToday() {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${TODAY}T10:00:00Z`) });
}

/** The app at `path`, signed in, without toasts left from an earlier test. */
export function openPage(path: string) {
  notifications.clean();
  return renderSignedIn(path);
}

type User = ReturnType<typeof userEvent.setup>;

/** Opens a select by its label and picks the option. */
export async function choose(
  user: User,
  label: string,
  option: string | RegExp,
  scope: HTMLElement = document.body,
) {
  await user.click(within(scope).getByRole('textbox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Picks a catalogue item and presses "Add item", in Croatian unless told the English labels. */
export async function addItem(
  user: User,
  name: RegExp,
  labels = { catalogue: 'Stavka iz kataloga', add: 'Dodaj stavku' },
) {
  await choose(user, labels.catalogue, name);
  await user.click(screen.getByRole('button', { name: labels.add }));
}

/** The text shown on a date picker's button. */
export const dateButton = (label: string) => screen.getByRole('button', { name: label });

/** The parsed JSON body of the n-th call in a list of fetch calls. */
export function bodyOf(calls: unknown[][], index = 0): unknown {
  const init = calls[index]?.[1] as { body?: string } | undefined;
  return JSON.parse(init?.body ?? 'null');
}

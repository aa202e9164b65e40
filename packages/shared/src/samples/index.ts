/**
 * Sample data, typed by the contract: one issuer, its clients and its catalogue, written once for
 * the web's tests (answers for the fake API), the API's tests (requests for the test world) and
 * the demo seed (FAKTURA_DEMO=1). Every factory returns a value its contract schema accepts
 * (`samples.test.ts` parses each one); `overrides` replace whole fields.
 *
 * Test and demo data only: the web imports it from its tests alone, so it never reaches a
 * production bundle. The OIBs and IBANs carry valid check digits but belong to no one.
 */
import type { AddressInput, Address } from '../contract/address';
import type { ClientKind, Company, CompanyCreate, ContractType } from '../contract/company';
import type { Invoice, InvoiceCreate, InvoiceLineInput, InvoiceListRow } from '../contract/invoice';
import type { LineItem, LineItemInput, Unit } from '../contract/lineItem';
import type { Issuer, IssuerInput } from '../contract/settings';
import { addDays, contractDates, todayInZagreb } from '../domain/dates';
import { type Line, lineToWire, percentToWire } from '../domain/line';
import { type CurrencyCode, currencySymbol, toCents } from '../domain/money';
import { computeTotals } from '../domain/totals';
import { countryName } from '../locale/countries';
import { formatMoney } from '../locale/money';

/** Every field present: what a form sends when nothing is left out. */
export type FilledAddressInput = Filled<AddressInput>;

type Filled<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

/** The language of the answers' country names and formatted amounts (decision 019). */
const ANSWER_LANGUAGE = 'hr';

// ---------------------------------------------------------------------------------------------
// Addresses

const ADDRESSES = {
  issuer: {
    address1: 'Ilica 42',
    address2: null,
    city: 'Zagreb',
    zip: '10000',
    state: 'Grad Zagreb',
    countryCode: 'HR',
  },
  domestic: {
    address1: 'Obala kneza Branimira 12',
    address2: null,
    city: 'Split',
    zip: '21000',
    state: 'Splitsko-dalmatinska',
    countryCode: 'HR',
  },
  domesticSmall: {
    address1: 'Trg Ante Starčevića 3',
    address2: '2. kat',
    city: 'Osijek',
    zip: '31000',
    state: null,
    countryCode: 'HR',
  },
  eu: {
    address1: 'Friedrichstraße 100',
    address2: null,
    city: 'Berlin',
    zip: '10117',
    state: 'Berlin',
    countryCode: 'DE',
  },
  nonEu: {
    address1: '500 Market Street',
    address2: 'Suite 300',
    city: 'San Francisco',
    zip: '94105',
    state: 'CA',
    countryCode: 'US',
  },
  consumer: {
    address1: 'Ulica Matije Gupca 7',
    address2: null,
    city: 'Rijeka',
    zip: '51000',
    state: 'Primorsko-goranska',
    countryCode: 'HR',
  },
} as const satisfies Record<string, FilledAddressInput>;
export type SampleAddressKind = keyof typeof ADDRESSES;

/** The answers' address ids: the issuer's first, then one per client kind. */
const ADDRESS_IDS: Record<SampleAddressKind, number> = {
  issuer: 1,
  domestic: 2,
  domesticSmall: 3,
  eu: 4,
  nonEu: 5,
  consumer: 6,
};

/** An address as a form sends it: the issuer's in Zagreb, or a client kind's. */
export function sampleAddressInput(
  kind: SampleAddressKind = 'issuer',
  overrides: Partial<FilledAddressInput> = {},
): FilledAddressInput {
  return { ...ADDRESSES[kind], ...overrides };
}

/** An address as the API answers it, its country named in Croatian. */
export function sampleAddress(kind: SampleAddressKind = 'issuer', overrides: Partial<Address> = {}): Address {
  const input = sampleAddressInput(kind);
  const countryCode = overrides.countryCode ?? input.countryCode;
  return {
    id: ADDRESS_IDS[kind],
    ...input,
    country: countryName(countryCode, ANSWER_LANGUAGE),
    ...overrides,
    countryCode,
  };
}

// ---------------------------------------------------------------------------------------------
// The issuer: Kodni Obrt Ivana Horvat, a software craft in Zagreb inside the VAT system

export type SampleIssuerInput = Omit<
  IssuerInput,
  | 'address'
  | 'phone'
  | 'swift'
  | 'iban'
  | 'defaultFootnote'
  | 'footerText'
  | 'defaultFootnoteEn'
  | 'footerTextEn'
> & {
  address: FilledAddressInput;
  iban: string;
  phone: string | null;
  swift: string | null;
  defaultFootnote: string | null;
  footerText: string | null;
  defaultFootnoteEn: string | null;
  footerTextEn: string | null;
};

/** The issuer as Settings > General saves it; no footnotes or footers unless given. */
export function sampleIssuerInput(overrides: Partial<SampleIssuerInput> = {}): SampleIssuerInput {
  return {
    name: 'Kodni Obrt Ivana Horvat',
    oib: '69814562369',
    address: sampleAddressInput('issuer'),
    email: 'ivana@kodni-obrt.hr',
    phone: '+385 91 234 5678',
    iban: 'HR6023600001101234567',
    swift: 'ZABAHR2X',
    inVatSystem: true,
    defaultFootnote: null,
    footerText: null,
    defaultFootnoteEn: null,
    footerTextEn: null,
    ...overrides,
  };
}

/** The same issuer with the thank-you note and the footers the demo prints, in both languages. */
export function demoIssuerInput(overrides: Partial<SampleIssuerInput> = {}): SampleIssuerInput {
  return sampleIssuerInput({
    defaultFootnote: 'Hvala na povjerenju!',
    footerText: 'Kodni Obrt, vl. Ivana Horvat · Ilica 42, 10000 Zagreb · OIB 69814562369',
    defaultFootnoteEn: 'Thank you for your business!',
    footerTextEn: 'Kodni Obrt, owner Ivana Horvat · Ilica 42, 10000 Zagreb, Croatia · TIN (OIB) 69814562369',
    ...overrides,
  });
}

/** The issuer as `GET /api/v1/settings/issuer` answers it (numbering POSL1/1, profile P1). */
export function sampleIssuer(overrides: Partial<Issuer> = {}): Issuer {
  const input = sampleIssuerInput();
  return {
    name: input.name,
    oib: input.oib,
    vatNumber: `HR${input.oib}`,
    address: sampleAddress('issuer'),
    email: input.email,
    phone: input.phone,
    iban: input.iban,
    swift: input.swift,
    inVatSystem: input.inVatSystem,
    defaultFootnote: input.defaultFootnote,
    footerText: input.footerText,
    defaultFootnoteEn: input.defaultFootnoteEn,
    footerTextEn: input.footerTextEn,
    premisesCode: 'POSL1',
    deviceCode: '1',
    einvoiceProfile: 'P1',
    flatRate: false,
    ...overrides,
  };
}

// ---------------------------------------------------------------------------------------------
// Clients: two Croatian businesses (e-invoice recipients), one in the EU, one outside it, and a
// private person in Croatia (decision 031: OIB optional, no VAT number, never an e-invoice)

export interface SampleClientInput extends CompanyCreate {
  name: string;
  email: string;
  pin: string | null;
  phone: string | null;
  note: string | null;
  bankAccountNumber: string | null;
  address: FilledAddressInput;
  contracts: { type: ContractType; paymentDueDays: number }[];
  kind: ClientKind;
}

const CLIENTS = {
  domestic: {
    kind: 'BUSINESS',
    name: 'Jadranski Softver d.o.o.',
    email: 'racuni@jadranski-softver.hr',
    pin: '33914072203',
    phone: '+385 21 555 010',
    bankAccountNumber: 'HR8124840081105514875',
    contracts: [
      { type: 'SOW', paymentDueDays: 15 },
      { type: 'RENT', paymentDueDays: 10 },
    ],
  },
  domesticSmall: {
    kind: 'BUSINESS',
    name: 'Slavonska Pekara j.d.o.o.',
    email: 'ured@slavonska-pekara.hr',
    pin: '88241270546',
    phone: null,
    bankAccountNumber: 'HR9825000091102345678',
    contracts: [{ type: 'SUBCONTRACT', paymentDueDays: 30 }],
  },
  eu: {
    kind: 'BUSINESS',
    name: 'Nordlicht Digital GmbH',
    email: 'billing@nordlicht.example',
    pin: 'DE811907980',
    phone: '+49 30 1234567',
    bankAccountNumber: 'DE89370400440532013000',
    contracts: [{ type: 'SOW', paymentDueDays: 30 }],
  },
  nonEu: {
    kind: 'BUSINESS',
    name: 'Bluewater Analytics LLC',
    email: 'ap@bluewater.example',
    pin: '84-1234567',
    phone: '+1 415 555 0199',
    bankAccountNumber: null,
    contracts: [{ type: 'SOW', paymentDueDays: 45 }],
  },
  consumer: {
    kind: 'CONSUMER',
    name: 'Marija Kovačević',
    email: 'marija.kovacevic@posta.example',
    pin: '54702138609',
    phone: '+385 91 555 0123',
    bankAccountNumber: null,
    contracts: [],
  },
} as const satisfies Record<
  string,
  Omit<SampleClientInput, 'address' | 'note' | 'contracts'> & {
    contracts: readonly { type: ContractType; paymentDueDays: number }[];
  }
>;
export type SampleClientKind = keyof typeof CLIENTS;
export const SAMPLE_CLIENT_KINDS = Object.keys(CLIENTS) as SampleClientKind[];

const CLIENT_IDS: Record<SampleClientKind, number> = { domestic: 1, domesticSmall: 2, eu: 3, nonEu: 4, consumer: 5 };

/** A client as the client dialog sends it, with its address and contracts. */
export function sampleClientInput(
  kind: SampleClientKind = 'domestic',
  overrides: Partial<SampleClientInput> = {},
): SampleClientInput {
  const client = CLIENTS[kind];
  return {
    ...client,
    note: null,
    contracts: client.contracts.map((contract) => ({ ...contract })),
    address: sampleAddressInput(kind),
    ...overrides,
  };
}

/** A client as the API answers it: ids, contracts with ids, the VAT number as the API writes it. */
export function sampleClient(kind: SampleClientKind = 'domestic', overrides: Partial<Company> = {}): Company {
  const { name, email, pin, phone, note, bankAccountNumber, contracts, kind: clientKind } = sampleClientInput(kind);
  const address = overrides.address ?? sampleAddress(kind);
  const id = overrides.id ?? CLIENT_IDS[kind];
  const consumer = (overrides.kind ?? clientKind) === 'CONSUMER';
  return {
    id,
    name,
    kind: clientKind,
    email,
    pin,
    phone,
    note,
    bankAccountNumber,
    contracts: contracts.map((contract, index) => ({ id: id * 10 + index + 1, ...contract })),
    address,
    addressId: address.id,
    // a private person has no VAT number and receives no e-invoices
    vatNumber: consumer ? null : vatNumberOf(overrides.pin === undefined ? pin : overrides.pin, address.countryCode),
    receivesEInvoices: !consumer,
    isClient: true,
    isSupplier: false,
    ...overrides,
  };
}

/** As the API writes it: HR + OIB for Croatian clients, the tax number itself otherwise. */
function vatNumberOf(pin: string | null, countryCode: string): string | null {
  if (!pin) return null;
  return countryCode === 'HR' && !pin.toUpperCase().startsWith('HR') ? `HR${pin}` : pin;
}

// ---------------------------------------------------------------------------------------------
// The catalogue, each item with its KPD 2025 code (Croatian e-invoices need one on every line)

export interface SampleItemInput extends LineItemInput {
  nameHr: string;
  nameEn: string | null;
  unitPrice: number;
  currency: CurrencyCode;
  unit: Unit;
  kpdCode: string | null;
}

const ITEMS = {
  development: {
    nameHr: 'Razvoj softvera',
    nameEn: 'Software development',
    unitPrice: 45,
    currency: 'EUR',
    unit: 'HOURLY',
    kpdCode: '62.10.11',
  },
  consulting: {
    nameHr: 'Savjetovanje',
    nameEn: 'Consulting',
    unitPrice: 60,
    currency: 'EUR',
    unit: 'HOURLY',
    kpdCode: '62.20.20',
  },
  maintenance: {
    nameHr: 'Održavanje web stranice (mjesečno)',
    nameEn: 'Website maintenance (monthly)',
    unitPrice: 250,
    currency: 'EUR',
    unit: 'SINGLE',
    kpdCode: '62.20.30',
  },
  rent: {
    nameHr: 'Najam poslovnog prostora',
    nameEn: 'Office space rent',
    unitPrice: 800,
    currency: 'EUR',
    unit: 'SINGLE',
    kpdCode: '68.20.02',
  },
  developmentUsd: {
    nameHr: 'Razvoj softvera (USD)',
    nameEn: 'Software development',
    unitPrice: 55,
    currency: 'USD',
    unit: 'HOURLY',
    kpdCode: '62.10.11',
  },
  review: {
    nameHr: 'Revizija koda',
    nameEn: 'Code review',
    unitPrice: 1200,
    currency: 'USD',
    unit: 'SINGLE',
    kpdCode: '62.20.20',
  },
} as const satisfies Record<string, SampleItemInput>;
export type SampleItemKind = keyof typeof ITEMS;
export const SAMPLE_ITEM_KINDS = Object.keys(ITEMS) as SampleItemKind[];

/** A catalogue item as the line-item dialog sends it (`currency` holds the code). */
export function sampleItemInput(
  kind: SampleItemKind = 'development',
  overrides: Partial<SampleItemInput> = {},
): SampleItemInput {
  return { ...ITEMS[kind], ...overrides };
}

/** A catalogue item as the API answers it; `unitPriceCents` follows `unitPrice` unless given. */
export function sampleItem(
  kind: SampleItemKind = 'development',
  overrides: Partial<LineItem> = {},
): LineItem {
  const { nameHr, nameEn, unitPrice, currency, unit, kpdCode } = sampleItemInput(kind);
  const price = overrides.unitPrice ?? unitPrice;
  const code = overrides.currencyCode ?? currency;
  return {
    id: SAMPLE_ITEM_KINDS.indexOf(kind) + 1,
    nameHr,
    nameEn,
    unitPrice: price,
    unitPriceCents: toCents(price),
    currency: { code, symbol: currencySymbol(code) },
    currencyCode: code,
    unit,
    kpdCode,
    ...overrides,
  };
}

// ---------------------------------------------------------------------------------------------
// Invoices

/** A line with every field the form always sends; the VAT rate and KPD code only when given. */
export type SampleLineInput = Omit<Filled<InvoiceLineInput>, 'vatRate' | 'kpdCode'> &
  Pick<InvoiceLineInput, 'vatRate' | 'kpdCode'>;

/**
 * One invoice line as the form sends it: an hour of development at 45,00 €, not from the
 * catalogue; without `vatRate` and `kpdCode` the API takes 25 % (domestic) and the item's code.
 */
export function sampleLine(overrides: Partial<SampleLineInput> = {}): SampleLineInput {
  const item = sampleItemInput('development');
  return {
    id: null,
    quantity: 1,
    description: item.nameHr,
    descriptionEn: item.nameEn,
    price: item.unitPrice,
    unit: item.unit,
    currency: item.currency,
    discountPercent: 0,
    ...overrides,
  };
}

export type SampleInvoiceRequest = InvoiceCreate & { lineItems: InvoiceLineInput[] };

/**
 * A new invoice as the form sends it under a statement-of-work contract of 15 days: issued today
 * (no date of issue sent; the server dates it), last month's work (the period, supplied on its last
 * working day), due in 15 days, by wire, one line unless given.
 */
export function sampleInvoiceRequest(
  clientId: number,
  overrides: Partial<SampleInvoiceRequest> = {},
): SampleInvoiceRequest {
  const proposed = contractDates('SOW', 15, todayInZagreb());
  return {
    clientId,
    deliveryDate: proposed.deliveryDate,
    servicePeriod: proposed.servicePeriod,
    paymentDueDate: proposed.paymentDueDate,
    paymentMethod: 'WIRE',
    referenceNumber: null,
    extraInfo: null,
    contractType: 'SOW',
    contractDueDays: 15,
    operatorId: 1,
    lineItems: [sampleLine()],
    ...overrides,
  };
}

/** A stored line in integer units (decision 018), for the answers below: 10 h of development. */
export function sampleStoredLine(overrides: Partial<Line> = {}): Line {
  const item = sampleItem('development');
  return {
    itemId: item.id,
    description: item.nameHr,
    descriptionEn: item.nameEn,
    quantityMilli: 10_000,
    unit: item.unit,
    priceCents: item.unitPriceCents,
    currency: item.currencyCode,
    discountBp: 0,
    vatRateBp: 2_500,
    kpdCode: item.kpdCode,
    ...overrides,
  };
}

/**
 * An invoice as `GET /api/v1/invoice/{id}` answers it: 1/POSL1/1 to the domestic client, issued,
 * its amounts computed from `lines` by the shared `computeTotals` (10 h of development by default).
 * `overrides` come last, as they are.
 */
export function sampleInvoice({
  lines = [sampleStoredLine()],
  ...overrides
}: Partial<Invoice> & { lines?: Line[] } = {}): Invoice {
  const client = sampleClient('domestic');
  const totals = computeTotals(lines);
  const currencyCode = lines[0]?.currency ?? 'EUR';
  const billingDate = '2026-02-27';
  return {
    id: 1,
    clientId: client.id,
    client: client.name,
    invoiceNumber: '1/POSL1/1',
    state: 'PUBLISHED',
    operator: 'Ana Anić',
    operatorId: 1,
    paymentMethod: 'WIRE',
    contractType: 'SOW',
    contractDueDays: 15,
    createDate: billingDate,
    billingDate,
    deliveryDate: billingDate,
    servicePeriod: null,
    paymentDueDate: addDays(billingDate, 15),
    extraInfo: null,
    referenceModel: 'HR00',
    referenceNumber: null,
    currencyCode,
    eurFxRate: null,
    vatTreatment: 'DOMESTIC',
    lineItems: lines.map((line, index) => {
      const wire = lineToWire(line);
      return {
        lineId: index + 1,
        productId: wire.id,
        quantity: wire.quantity,
        price: wire.price,
        priceCents: line.priceCents,
        discountPercent: wire.discountPercent,
        currencyCode: line.currency,
        description: line.description,
        descriptionEn: line.descriptionEn,
        unit: line.unit,
        vatRate: wire.vatRate,
        lineTotalCents: totals.lineNetCents[index] ?? 0,
        kpdCode: line.kpdCode,
        creditedQuantity: 0,
        creditedLineId: null,
      };
    }),
    subtotalCents: totals.subtotalCents,
    vatCents: totals.vatCents,
    totalCents: totals.totalCents,
    totalEurCents: totals.totalCents,
    vatGroups: totals.vatGroups.map((group) => ({
      rate: percentToWire(group.rateBp),
      baseCents: group.baseCents,
      vatCents: group.vatCents,
    })),
    amountFormatted: formatMoney(totals.totalCents, currencyCode, ANSWER_LANGUAGE),
    issuedAt: `${billingDate}T10:00:00.000Z`,
    paymentDate: null,
    locked: true,
    deletable: true,
    documentType: 'INVOICE',
    issueTime: '11:00:00',
    creditedInvoice: null,
    creditReason: null,
    creditStatus: null,
    creditNotes: [],
    remainingCents: totals.totalCents,
    eInvoice: client.address.countryCode === 'HR' && client.pin !== null,
    clientKind: 'BUSINESS',
    documentLanguage: client.address.countryCode === 'HR' ? 'hr' : 'en',
    // as the state says: a cleared invoice paid in one payment, a draft nothing
    paidState: overrides.state === 'DRAFT' ? null : overrides.state === 'CLEARED' ? 'PAID' : 'UNPAID',
    paidCents: overrides.state === 'CLEARED' ? totals.totalCents : 0,
    payments: overrides.state === 'CLEARED' ? 1 : 0,
    creditSettled: false,
    fiscalization: { status: null, kind: null, requestId: null, at: null, attempts: 0, error: null, deadline: null, nextAttemptAt: null, zki: null, jir: null },
    delivery: { status: 'NOT_SENT', providerDocumentId: null, at: null, error: null, providerStatus: null, fiscalized: null, fiscalizationError: null, eReported: false, attempts: 0, nextAttemptAt: null },
    buyerRejection: null,
    reissueOf: null,
    reissuedBy: [],
    advances: [],
    deductedBy: null,
    ...overrides,
  };
}

/** A row of the invoice list: 1/POSL1/1 to the domestic client, issued, 1.250,00 €, not yet due. */
export function sampleListRow(overrides: Partial<InvoiceListRow> = {}): InvoiceListRow {
  const totalCents = overrides.totalCents ?? 125_000;
  const currencyCode = overrides.currencyCode ?? 'EUR';
  return {
    id: 1,
    invoiceNumber: '1/POSL1/1',
    client: sampleClient('domestic').name,
    invoiceDate: '2026-11-22',
    invoiceState: 'PUBLISHED',
    amountFormatted: formatMoney(totalCents, currencyCode, ANSWER_LANGUAGE),
    totalCents,
    currencyCode,
    paymentDueDate: '2026-12-07',
    overdue: false,
    documentType: 'INVOICE',
    creditStatus: null,
    actions: { delete: { allowed: true, reason: null }, creditNote: { allowed: true, reason: null } },
    sentAt: null,
    fiscalStatus: null,
    deliveryStatus: overrides.invoiceState === 'DRAFT' ? null : 'NOT_SENT',
    buyerRejected: false,
    // as the state says: a cleared invoice paid in one payment, a draft or a credit note none
    paidState:
      overrides.invoiceState === 'DRAFT' || overrides.documentType === 'CREDIT_NOTE'
        ? null
        : overrides.invoiceState === 'CLEARED'
          ? 'PAID'
          : 'UNPAID',
    paidCents: overrides.invoiceState === 'CLEARED' ? totalCents : 0,
    dueCents: totalCents,
    creditSettled: false,
    outstandingCents: overrides.invoiceState === 'DRAFT' || overrides.documentType === 'CREDIT_NOTE' ? null : overrides.invoiceState === 'CLEARED' ? 0 : totalCents,
    ...overrides,
  };
}

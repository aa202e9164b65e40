import { type CurrencyCode, type PaymentMethod, type VatTreatment, computeTotals } from '@faktura/shared';
import type { EInvoiceSources } from '../../src/modules/invoice/einvoice/document';
import { type StoredLine, lineFromRow } from '../../src/modules/invoice/invoice.lines';
import type { InvoiceWithNames } from '../../src/modules/invoice/invoice.repository';
import type { ClientData, IssuerData } from '../../src/modules/invoice/print/sources';

/** Valid OIBs (ISO 7064 MOD 11,10). */
export const OIB = { issuer: '69814562369', operator: '24680135792', hrClient: '98765432106', other: '12345678903' } as const;
export const OPERATOR = { name: 'Ana Operater', oib: OIB.operator };

/** The issuer as `issuer_snapshot` stores it at issue time (invoice.snapshot.ts). */
export function issuerSnapshot(overrides: Partial<IssuerData> = {}): IssuerData {
  return {
    v: 1, name: 'Kodni Obrt', oib: OIB.issuer, email: 'ivana@kodni-obrt.hr', phone: '+385 1 2345 678',
    iban: 'HR6023600001101234567', swift: 'ZABAHR2X', in_vat_system: true, default_footnote: null, footer_text: null,
    einvoice_profile: 'P1',
    address: { address1: 'Ilica 42', address2: null, zip: '10000', city: 'Zagreb', state: null, country_code: 'HR' },
    ...overrides,
  };
}

export const CLIENTS = {
  hr: { v: 1, name: 'Jadran d.o.o.', pin: OIB.hrClient, email: 'racuni@jadran.hr', address: { address1: 'Riva 1', address2: 'Kat 2', zip: '21000', city: 'Split', state: null, country_code: 'HR' } },
  de: { v: 1, name: 'Nordlicht GmbH', pin: 'DE811907980', email: 'buchhaltung@nordlicht.de', address: { address1: 'Hafenstraße 7', address2: null, zip: '20457', city: 'Hamburg', state: null, country_code: 'DE' } },
  us: { v: 1, name: 'Bluewater LLC', pin: '84-1234567', email: 'ap@bluewater.example', address: { address1: '500 Market St', address2: null, zip: '94105', city: 'San Francisco', state: 'CA', country_code: 'US' } },
  hrNoOib: { v: 1, name: 'Ivan Horvat', pin: null, email: 'ivan@horvat.hr', address: { address1: 'Vukovarska 3', address2: null, zip: '31000', city: 'Osijek', state: null, country_code: 'HR' } },
} satisfies Record<string, ClientData>;

export interface LineSpec {
  description: string;
  descriptionEn?: string | null;
  quantityMilli: number;
  unit?: 'HOURLY' | 'SINGLE';
  priceCents: number;
  discountBp?: number;
  vatRateBp: number;
  kpd: string | null;
  creditedLineId?: number | null;
}

/** Invoice lines as `invoice_line` stores them (read back as lines), their totals computed as the API stores them. */
export function lineRows(invoiceId: number, specs: LineSpec[], firstId = 1): StoredLine[] {
  const { lineNetCents } = computeTotals(
    specs.map((s) => ({ priceCents: s.priceCents, quantityMilli: s.quantityMilli, discountBp: s.discountBp ?? 0, vatRateBp: s.vatRateBp })),
  );
  return specs.map((s, i) => ({
    id: firstId + i, invoice_id: invoiceId, position: i, line_item_id: null, description: s.description,
    description_en: s.descriptionEn ?? null, quantity_milli: s.quantityMilli, unit: s.unit ?? 'HOURLY',
    unit_price_cents: s.priceCents, currency_code: 'EUR' as const, discount_bp: s.discountBp ?? 0, vat_rate_bp: s.vatRateBp,
    line_total_cents: lineNetCents[i] ?? 0, kpd_code: s.kpd, credited_line_id: s.creditedLineId ?? null,
  })).map(lineFromRow);
}

export interface InvoiceSpec {
  id?: number;
  seq: number;
  documentType?: 'INVOICE' | 'CREDIT_NOTE';
  billingDate?: string;
  /** BT-72, 27 February 2026 unless given. */
  deliveryDate?: string;
  /** BT-73/74, none unless given. */
  servicePeriod?: { start: string; end: string } | null;
  vatTreatment: VatTreatment;
  currencyCode?: CurrencyCode;
  eurFxRate?: string | null;
  paymentMethod?: PaymentMethod;
  issueTime?: string | null;
  creditedInvoiceId?: number | null;
  creditReason?: string | null;
  client: ClientData;
  issuer?: ReturnType<typeof issuerSnapshot>;
  lines: LineSpec[];
}

/** An issued invoice (or credit note) as `loadPrintSources` returns it: row, lines and snapshots. */
export function storedSources(spec: InvoiceSpec): EInvoiceSources {
  const id = spec.id ?? spec.seq;
  const lines = lineRows(id, spec.lines, id * 100);
  const totals = computeTotals(lines);
  const billingDate = spec.billingDate ?? '2026-03-02';
  const issuer = spec.issuer ?? issuerSnapshot();
  const invoice: InvoiceWithNames = {
    id, client_id: 3, operator_id: 1, state: 'PUBLISHED', invoice_number: `${spec.seq}/POSL1/1`, number_year: 2026,
    number_seq: spec.seq, premises_code: 'POSL1', device_code: '1', payment_method: spec.paymentMethod ?? 'WIRE',
    contract_type: 'SOW', contract_due_days: 15, billing_date: billingDate, delivery_date: spec.deliveryDate ?? '2026-02-27',
    service_period_start: spec.servicePeriod?.start ?? null, service_period_end: spec.servicePeriod?.end ?? null,
    payment_due_date: '2026-03-17', extra_info: null, reference_model: null, reference_number: null,
    currency_code: spec.currencyCode ?? 'EUR', eur_fx_rate: spec.eurFxRate ?? null, vat_treatment: spec.vatTreatment,
    subtotal_cents: totals.subtotalCents, vat_cents: totals.vatCents, total_cents: totals.totalCents,
    issued_at: '2026-03-02T08:15:30.000Z', cleared_at: null, emailed_at: null,
    client_snapshot: JSON.stringify(spec.client), issuer_snapshot: JSON.stringify(issuer),
    document_type: spec.documentType ?? 'INVOICE', credited_invoice_id: spec.creditedInvoiceId ?? null,
    credit_reason: spec.creditReason ?? null, reissue_of_id: null, prepaid_cents: 0, credit_status: null, settled_with_original: 0,
    issue_time: spec.issueTime === undefined ? '09:15:30' : spec.issueTime,
    created_at: '2026-03-01T10:00:00.000Z', updated_at: '2026-03-02T08:15:30.000Z',
    client_name: spec.client.name, operator_name: OPERATOR.name,
  };
  return { invoice, lines, client: spec.client, issuer };
}

/** Negates stored lines as a credit note stores them (negative quantities), optionally partially. */
export function creditLines(original: readonly StoredLine[], quantities?: Record<number, number>): LineSpec[] {
  return original
    .filter((l) => !quantities || quantities[l.id] !== undefined)
    .map((l) => ({
      description: l.description, descriptionEn: l.descriptionEn, quantityMilli: -(quantities?.[l.id] ?? l.quantityMilli),
      unit: l.unit, priceCents: l.priceCents, discountBp: l.discountBp, vatRateBp: l.vatRateBp,
      kpd: l.kpdCode, creditedLineId: l.id,
    }));
}

/** A few bytes that stand for the printed PDF. */
export const PDF = new TextEncoder().encode('%PDF-1.4\n% Faktura test\n%%EOF\n');

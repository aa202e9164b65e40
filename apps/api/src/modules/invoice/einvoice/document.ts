import { type Language, type VatTreatment, VAT_TREATMENTS, isValidOib, timeInZagreb, translate } from '@faktura/shared';
import type { DeductedAdvance } from '@faktura/shared';
import type { StoredLine } from '../invoice.lines';
import type { InvoiceWithNames } from '../invoice.repository';
import { documentLanguage, lineName } from '../print/format';
import type { ClientData, IssuerData, PartyAddress } from '../print/sources';

/**
 * What an e-invoice says, as plain data in the app's integer units: money in cents, quantities in
 * thousandths, rates and discounts in hundredths of a percent. `buildUbl` turns it into UBL 2.1 XML
 * without looking anything up, so the same document always gives the same bytes.
 *
 * Signs are the document's own: a credit note's lines, stored with negative quantities (a credit
 * note counts negative in the app), are carried here with positive quantities, because a UBL
 * CreditNote states what is credited as positive amounts.
 */
export interface EInvoiceDocument {
  /** An invoice (380), a credit note (381) or an advance invoice (386, issue 48). */
  type: 'INVOICE' | 'CREDIT_NOTE' | 'ADVANCE';
  /** BT-23, the business process: P1-P12 or `P99:<buyer's label>`. */
  profileId: string;
  /** BT-1, the invoice number as written (no whitespace: HR-BR-1), e.g. `7/POSL1/1`. */
  number: string;
  /** BT-2 (yyyy-MM-dd) and HR-BT-2 (HH:mm:ss, Zagreb local time). */
  issueDate: string;
  issueTime: string;
  /** BT-9 (an invoice's cbc:DueDate; a credit note's PaymentMeans/PaymentDueDate). */
  dueDate: string;
  /** BT-72, the actual date of supply (the month of work may lie before the date of issue). */
  deliveryDate: string;
  /** BT-73/74, the period of supply, when the invoice has one. */
  servicePeriod: { start: string; end: string } | null;
  /** BT-5, ISO 4217. */
  currencyCode: string;
  /** Units of the currency per euro as exact decimal text ("1.08250"); null for an invoice in EUR. */
  eurFxRate: string | null;
  vatTreatment: VatTreatment;
  /** BT-120: why no VAT is charged (every treatment but DOMESTIC); null for DOMESTIC. */
  exemptionReason: string | null;
  /** BT-140, the reason a line allowance (a line's discount) states, in the document's language. */
  discountReason: string;
  /** BT-22: a free-text note (a credit note's reason, as its issuer wrote it). */
  note: string | null;
  /** BG-3: the invoice a credit note corrects. */
  billingReference: { number: string; issueDate: string } | null;
  /**
   * A final invoice (issue 48): the advance invoices it deducts, each a BG-3 preceding invoice
   * reference; their sum is BT-113 (PrepaidAmount), the payable amount the rest. Empty otherwise.
   */
  advances: { number: string; issueDate: string; totalCents: number }[];
  seller: EInvoiceSeller;
  buyer: EInvoiceBuyer;
  payment: EInvoicePayment;
  /** BG-24: the human-readable invoice (the PDF), embedded. */
  attachment: { filename: string; mimeCode: 'application/pdf'; content: Uint8Array } | null;
  lines: EInvoiceLine[];
}

export interface EInvoiceAddress {
  street: string;
  additionalStreet: string | null;
  city: string;
  zip: string;
  /** BT-39/BT-54: region, county, state. */
  subdivision: string | null;
  countryCode: string;
}

export interface EInvoiceSeller {
  name: string;
  oib: string;
  /** Null when the issuer has no address on file: the e-invoice then states the country (HR) only. */
  address: EInvoiceAddress | null;
  email: string | null;
  phone: string | null;
  /** HR-BT-4/HR-BT-5: the person who issued the invoice. */
  operator: { name: string; oib: string };
}

export interface EInvoiceBuyer {
  name: string;
  address: EInvoiceAddress;
  /** A Croatian buyer's OIB (11 digits, no prefix). */
  oib: string | null;
  /** BT-48 with its country prefix (`HR12345678903`, `DE811907980`). */
  vatId: string | null;
  /** BT-46, another identifier the client is known by (a US EIN ...), when it is no VAT id. */
  otherId: string | null;
  email: string | null;
}

export interface EInvoicePayment {
  method: 'WIRE' | 'CASH' | 'ADVANCE' | 'CARD';
  iban: string | null;
  bic: string | null;
  /** BT-83 as `MODEL REFERENCE` (`HR00 7-2026`); null when none. */
  paymentId: string | null;
}

export interface EInvoiceLine {
  /**
   * BT-153, the item name in the document's language, and an optional description (BT-154): a
   * Croatian document's English name beside its Croatian one; none on an English document.
   */
  name: string;
  description: string | null;
  /** BT-129 in thousandths, and its UN/ECE Rec 20 unit (HUR hour, H87 piece). */
  quantityMilli: number;
  unitCode: string;
  /** BT-146, the net unit price in cents. */
  priceCents: number;
  /** The line discount, hundredths of a percent (written as a line allowance, BG-27). */
  discountBp: number;
  vatRateBp: number;
  /** KPD 2025 code (`62.20.20`), BT-158 with listID CG (HR-BR-25). */
  kpdCode: string | null;
}

/** What `loadPrintSources` returns: an invoice with its stored lines and its issue-time snapshots. */
export interface EInvoiceSources {
  invoice: InvoiceWithNames;
  lines: readonly StoredLine[];
  client: ClientData;
  issuer: IssuerData;
  /** A final invoice's advances deducted (issue 48). */
  advances?: readonly DeductedAdvance[];
}

/** What the e-invoice needs beyond the print sources. */
export interface EInvoiceExtras {
  /** The operator who issued the invoice (HR-BR-37, HR-BR-9). */
  operator: { name: string; oib: string };
  /** A credit note: the invoice it corrects (its number and billing date). */
  creditedInvoice: { number: string; billingDate: string } | null;
  /** The printed invoice to embed; null to embed none. */
  pdf: Uint8Array | null;
  /**
   * The language of the texts the XML carries (item names, the VAT exemption reason), the printout's:
   * always Croatian for a client in Croatia (`documentLanguage`). Croatian when left out.
   */
  language?: Language;
}


const UNIT_CODES: Record<string, string> = { HOURLY: 'HUR', SINGLE: 'H87' };

/** Whitespace is not allowed in an e-invoice number (HR-BR-1); slashes are (spec: `1234/2024/01`). */
export const eInvoiceNumber = (number: string) => number.replace(/\s+/g, '');

function toAddress(address: PartyAddress): EInvoiceAddress {
  return {
    street: address.address1,
    additionalStreet: address.address2 || null,
    city: address.city,
    zip: address.zip,
    subdivision: address.state || null,
    countryCode: address.country_code,
  };
}

/**
 * The client's identifiers from its one stored `pin`: a Croatian client's OIB (with or without the
 * HR prefix) is its OIB and, prefixed, its VAT id (as the printout shows it); a foreign client's pin
 * is its VAT id when it starts with a country prefix (`DE811907980`), otherwise another identifier.
 */
export function buyerIdentifiers(client: ClientData): Pick<EInvoiceBuyer, 'oib' | 'vatId' | 'otherId'> {
  const pin = client.pin?.replace(/[\s.-]/g, '').toUpperCase() ?? '';
  const raw = client.pin?.trim() || null;
  if (!pin) return { oib: null, vatId: null, otherId: null };
  const oib = pin.startsWith('HR') ? pin.slice(2) : pin;
  if (client.address.country_code === 'HR' && isValidOib(oib)) return { oib, vatId: `HR${oib}`, otherId: null };
  if (/^[A-Z]{2}[0-9A-Z]{2,13}$/.test(pin)) return { oib: null, vatId: pin, otherId: null };
  return { oib: null, vatId: null, otherId: raw };
}

/**
 * Builds the e-invoice of an issued invoice or credit note from what the printout is made of.
 * Dates, lines and amounts are the stored ones; client and issuer are the issue-time snapshots.
 */
export function toEInvoiceDocument(sources: EInvoiceSources, extras: EInvoiceExtras): EInvoiceDocument {
  const { invoice, lines, client, issuer } = sources;
  if (!invoice.invoice_number || invoice.state === 'DRAFT') throw new Error(`invoice ${invoice.id} is a draft`);
  const creditNote = invoice.document_type === 'CREDIT_NOTE';
  const advance = invoice.document_type === 'ADVANCE';
  if (creditNote && !extras.creditedInvoice) throw new Error(`credit note ${invoice.id} needs the invoice it credits`);
  const treatment = invoice.vat_treatment;
  if (!VAT_TREATMENTS.includes(treatment)) throw new Error(`unknown VAT treatment ${invoice.vat_treatment}`);
  const sign = creditNote ? -1 : 1;
  const language = documentLanguage(client, extras.language ?? 'hr');
  const number = eInvoiceNumber(invoice.invoice_number);
  const model = invoice.reference_model ?? 'HR00';
  const reference =
    invoice.reference_number ?? (invoice.number_seq !== null ? `${invoice.number_seq}-${invoice.number_year}` : null);

  return {
    type: creditNote ? 'CREDIT_NOTE' : advance ? 'ADVANCE' : 'INVOICE',
    // A credit note corrects an issued invoice: process P10 (storno/correction, as the Tax
    // Administration's credit-note sample); invoices declare the issuer's chosen process.
    profileId: creditNote ? 'P10' : issuer.einvoice_profile || 'P1',
    number,
    issueDate: invoice.billing_date,
    // invoices issued before the time of issue was stored: the time of issued_at, in Zagreb
    issueTime: invoice.issue_time ?? timeInZagreb(new Date(invoice.issued_at ?? invoice.created_at)),
    dueDate: invoice.payment_due_date,
    deliveryDate: invoice.delivery_date,
    servicePeriod:
      invoice.service_period_start && invoice.service_period_end ? { start: invoice.service_period_start, end: invoice.service_period_end } : null,
    currencyCode: invoice.currency_code,
    eurFxRate: invoice.currency_code === 'EUR' ? null : invoice.eur_fx_rate,
    vatTreatment: treatment,
    // the printout's note for the treatment, in its language: the legal ground for charging no VAT
    exemptionReason: treatment === 'DOMESTIC' ? null : translate(language, `print.notes.${treatment}`),
    discountReason: translate(language, 'print.columns.discount'),
    note: creditNote ? invoice.credit_reason || null : null,
    billingReference: extras.creditedInvoice
      ? { number: eInvoiceNumber(extras.creditedInvoice.number), issueDate: extras.creditedInvoice.billingDate }
      : null,
    advances: (sources.advances ?? []).map((a) => ({ number: eInvoiceNumber(a.number ?? ''), issueDate: a.billingDate, totalCents: a.totalCents })),
    seller: {
      name: issuer.name,
      oib: issuer.oib,
      address: issuer.address ? toAddress(issuer.address) : null,
      email: issuer.email,
      phone: issuer.phone,
      operator: extras.operator,
    },
    buyer: { name: client.name, address: toAddress(client.address), email: client.email, ...buyerIdentifiers(client) },
    payment: {
      method: invoice.payment_method,
      iban: issuer.iban?.replace(/\s+/g, '') || null,
      bic: issuer.swift || null,
      paymentId: reference ? `${model} ${reference}` : null,
    },
    attachment: extras.pdf
      ? { filename: `${number.replace(/[^A-Za-z0-9._-]/g, '-')}.pdf`, mimeCode: 'application/pdf', content: extras.pdf }
      : null,
    lines: lines.map((line) => ({
      name: lineName(line, language),
      // a Croatian document names the English name too (as it always has); an English one only its own
      description: language === 'hr' && line.descriptionEn && line.descriptionEn !== line.description ? line.descriptionEn : null,
      quantityMilli: sign * line.quantityMilli,
      unitCode: UNIT_CODES[line.unit] ?? 'H87',
      priceCents: line.priceCents,
      discountBp: line.discountBp,
      vatRateBp: line.vatRateBp,
      // an advance invoice states no KPD code (HR-BR-25 leaves it out for 386, TS-F2 3.1.3.17.13)
      kpdCode: advance ? null : line.kpdCode,
    })),
  };
}

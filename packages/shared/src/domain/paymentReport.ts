import { isEInvoiceRecipient } from './einvoice';

/**
 * The month's payment report (issue 28, decision 028): which payments the issuer reports to the Tax
 * Administration (`EvidentirajNaplatu`, Fiscalization Act art. 53; `fiscalization-2026.md` §2.1), and
 * by when. Pure rules; the API lists the rows, the web and the printout show them.
 */

/** A month as the report names it: `2026-11`. */
export const REPORT_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export function isReportMonth(value: string): boolean {
  return REPORT_MONTH_PATTERN.test(value) && value >= '0001-01';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The first and last day of a month (`2026-02` → `2026-02-01`, `2026-02-28`). */
export function monthDays(month: string): { from: string; to: string } {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${pad(last)}` };
}

/** The month after (`2026-12` → `2027-01`). */
export function nextMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${String(year + 1).padStart(4, '0')}-01` : `${month.slice(0, 4)}-${pad(m + 1)}`;
}

/** The month before (`2027-01` → `2026-12`): the report a user most likely files today. */
export function previousMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 1 ? `${String(year - 1).padStart(4, '0')}-12` : `${month.slice(0, 4)}-${pad(m - 1)}`;
}

/**
 * The deadline of a month's payments: the 20th of the next month ("do 20. dana u mjesecu za
 * prethodni mjesec", ZoF art. 53; payments of March 2026 by 20 April 2026, PiO eR #59). The sources
 * name no move for a 20th that falls on a weekend or public holiday, so none is made here.
 */
export function paymentReportDeadline(month: string): string {
  return `${nextMonth(month)}-20`;
}

/**
 * From when an issuer reports payments: VAT-registered issuers for e-invoices issued from
 * 1 January 2026, issuers outside the VAT system from 1 January 2027 (ZoF art. 38 (1) 2, art. 80).
 */
export function paymentReportingFrom(issuerInVatSystem: boolean): string {
  return issuerInVatSystem ? '2026-01-01' : '2027-01-01';
}

/** What decides whether an invoice's payments are reported. */
export interface ReportableInvoice {
  documentType: 'INVOICE' | 'CREDIT_NOTE' | 'ADVANCE';
  /** The date of issue (BT-2). */
  issueDate: string;
  /** The client as the invoice names it (its issue-time snapshot). */
  client: { countryCode: string; pin: string | null; kind?: 'BUSINESS' | 'CONSUMER' | undefined };
  issuerInVatSystem: boolean;
}

/**
 * Whether the payments of an issued document are reported: an invoice (a credit note's refunds are
 * not: the note is itself fiscalized, PiO eR #79) to a Croatian business identified by a valid OIB,
 * which gets it as an e-invoice, or, without an address in the e-invoice directory, as paper or PDF
 * reported as an "IR" delivery: both are reported (ZoF art. 53 (1)-(2)). Foreign clients are not
 * (PiO eR #61), nor private persons (`kind` CONSUMER, OIB or not) and clients without an OIB: their
 * invoices are fiscalized as B2C receipts, which carry no payment reports (`isEInvoiceRecipient`).
 * Only documents issued since the issuer's duty began count.
 */
export function isReportedInvoice(invoice: ReportableInvoice): boolean {
  // an advance invoice's payment is money received like an invoice's (issue 48); a credit note is paid by nobody
  if (invoice.documentType === 'CREDIT_NOTE') return false;
  if (invoice.issueDate < paymentReportingFrom(invoice.issuerInVatSystem)) return false;
  return isEInvoiceRecipient(invoice.client);
}

/** The OIB as the report carries it: eleven digits, without a leading `HR`. */
export function reportOib(pin: string): string {
  return pin.replace(/^HR/i, '').trim();
}

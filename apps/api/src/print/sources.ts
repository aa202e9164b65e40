import type { Db } from '../db/connection';
import { AppError } from '../http/errors';
import * as addressRepo from '../modules/address/address.repository';
import * as companyRepo from '../modules/company/company.repository';
import * as invoiceRepo from '../modules/invoice/invoice.repository';
import * as settingsRepo from '../modules/settings/settings.repository';

export interface PartyAddress {
  address1: string;
  address2: string | null;
  zip: string;
  city: string;
  state: string | null;
  country_code: string;
}
export interface ClientData {
  name: string;
  pin: string | null;
  email: string | null;
  address: PartyAddress;
}
export interface IssuerData {
  name: string;
  oib: string;
  email: string | null;
  phone: string | null;
  iban: string | null;
  swift: string | null;
  default_footnote: string | null;
  footer_text: string | null;
  /** English variants; absent from snapshots taken before they existed (the Croatian text prints). */
  default_footnote_en?: string | null;
  footer_text_en?: string | null;
  address: PartyAddress | null;
  /** The e-invoice business process (P1 …); absent from snapshots taken before it existed. */
  einvoice_profile?: string;
}

/**
 * What a printout is made of. An issued invoice prints what it said when it was issued (its
 * snapshots); a draft prints today's client and company data.
 */
export async function loadPrintSources(db: Db, id: number) {
  const invoice = await invoiceRepo.findInvoice(db, id);
  if (!invoice) throw new AppError('invoiceNotFound');
  const lines = await invoiceRepo.linesOf(db, [id]);
  const client = invoice.client_snapshot
    ? (JSON.parse(invoice.client_snapshot) as ClientData)
    : await liveClient(db, invoice.client_id);
  const issuer = invoice.issuer_snapshot
    ? (JSON.parse(invoice.issuer_snapshot) as IssuerData)
    : await liveIssuer(db);
  // a credit note names the invoice it corrects
  const original = invoice.credited_invoice_id === null ? undefined : await invoiceRepo.findInvoice(db, invoice.credited_invoice_id);
  return { invoice, lines, client, issuer, original };
}

async function liveClient(db: Db, clientId: number): Promise<ClientData> {
  const company = await companyRepo.findCompany(db, clientId);
  const address = company ? await addressRepo.findAddress(db, company.address_id) : undefined;
  if (!company || !address) throw new AppError('companyNotFound');
  return { name: company.name, pin: company.pin, email: company.email, address };
}

async function liveIssuer(db: Db): Promise<IssuerData> {
  const issuer = await settingsRepo.findIssuer(db);
  if (!issuer) throw new AppError('issuerMissing');
  const address = issuer.address_id ? ((await addressRepo.findAddress(db, issuer.address_id)) ?? null) : null;
  return { ...issuer, address };
}

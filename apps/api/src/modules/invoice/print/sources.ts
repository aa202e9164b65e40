import type { Db } from '../../../db/connection';
import { AppError } from '../../../http/errors';
import { operatorOib } from '../../auth';
import { clientWithAddress } from '../../company';
import { getIssuer } from '../../issuer';
import * as invoiceRepo from '../invoice.repository';
import { deductedAdvanceOf } from '../invoice.advances';
import {
  type ClientSnapshot,
  type IssuerSnapshot,
  buildClientSnapshot,
  buildIssuerSnapshot,
  issuingOperator,
  parseClientSnapshot,
  parseIssuerSnapshot,
} from '../invoice.snapshot';

/** What a printout says about the client and the issuer: the issue-time snapshots' shape. */
export type { ClientSnapshot as ClientData, IssuerSnapshot as IssuerData, PartyAddress } from '../invoice.snapshot';

/** What an invoice is printed and turned into an e-invoice from (one read, passed on). */
export type PrintSources = Awaited<ReturnType<typeof loadPrintSources>>;

/**
 * What a printout is made of. An issued invoice prints what it said when it was issued (its
 * snapshots); a draft prints today's client and company data.
 */
export async function loadPrintSources(db: Db, id: number) {
  const invoice = await invoiceRepo.findInvoice(db, id);
  if (!invoice) throw new AppError('invoiceNotFound');
  const lines = await invoiceRepo.linesOf(db, [id]);
  const client = invoice.client_snapshot
    ? parseClientSnapshot(id, invoice.client_snapshot)
    : await liveClient(db, invoice.client_id);
  const issuer = invoice.issuer_snapshot
    ? parseIssuerSnapshot(id, invoice.issuer_snapshot)
    : await liveIssuer(db, invoice);
  // a credit note names the invoice it corrects
  const original = invoice.credited_invoice_id === null ? undefined : await invoiceRepo.findInvoice(db, invoice.credited_invoice_id);
  // a fiscalized invoice prints its ZKI and JIR (decision 031); a draft has no fiscalization yet
  const fiscal = invoice.state === 'DRAFT' ? undefined : await invoiceRepo.fiscalRecord(db, id);
  // a final invoice names the advances it deducts (issue 48)
  const advances = invoice.prepaid_cents > 0 ? (await invoiceRepo.advancesDeductedBy(db, id)).map(deductedAdvanceOf) : [];
  return { invoice, lines, client, issuer, original, fiscal, advances };
}

/** A draft prints what its client and the issuer are today, in the shape an issued invoice keeps. */
async function liveClient(db: Db, clientId: number): Promise<ClientSnapshot> {
  const client = await clientWithAddress(db, clientId);
  if (!client?.address) throw new AppError('companyNotFound');
  return buildClientSnapshot(client, client.address);
}

async function liveIssuer(db: Db, invoice: invoiceRepo.InvoiceWithNames): Promise<IssuerSnapshot> {
  const issuer = await getIssuer(db);
  if (!issuer) throw new AppError('issuerMissing');
  return buildIssuerSnapshot(issuer, { name: invoice.operator_name, oib: await operatorOib(db, invoice.operator_id) });
}

/** Who issued it, as the invoice names them: frozen at issue; today's name for older snapshots and drafts. */
export function operatorOf(sources: { invoice: invoiceRepo.InvoiceWithNames; issuer: IssuerSnapshot }): { name: string; oib: string | null } {
  return issuingOperator(sources.issuer, sources.invoice.operator_name);
}

/**
 * What any document of the issuer's prints about a client and the issuer today, in the snapshots'
 * shape (a quote prints with these, decision 043): 404 companyNotFound for an unknown client.
 */
export async function liveParties(db: Db, clientId: number): Promise<{ client: ClientSnapshot; issuer: IssuerSnapshot }> {
  const client = await liveClient(db, clientId);
  const issuer = await getIssuer(db);
  if (!issuer) throw new AppError('issuerMissing');
  return { client, issuer: buildIssuerSnapshot(issuer, { name: '', oib: null }) };
}

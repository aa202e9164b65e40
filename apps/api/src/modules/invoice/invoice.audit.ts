import type { Db } from '../../db/connection';
import * as repo from './invoice.repository';
import { parseClientSnapshot } from './invoice.snapshot';
import { type Actor, record } from '../audit';

/** What an issued invoice or credit note said when it was issued: number, date, client, amount. */
async function issuedDetails(trx: Db, id: number) {
  const row = await repo.findInvoice(trx, id);
  if (!row) return {};
  return {
    number: row.invoice_number,
    documentType: row.document_type,
    billingDate: row.billing_date,
    // the client as the document names it (its snapshot, read through its schema)
    client: row.client_snapshot ? parseClientSnapshot(row.id, row.client_snapshot).name : row.client_name,
    currencyCode: row.currency_code,
    totalCents: Number(row.total_cents),
  };
}

export async function auditIssued(trx: Db, actor: Actor, id: number): Promise<void> {
  await record(trx, actor, {
    action: 'invoice.issued',
    invoiceId: id,
    details: await issuedDetails(trx, id),
  });
}

export async function auditCreditNote(
  trx: Db,
  actor: Actor,
  noteId: number,
  invoiceId: number,
  reason: string,
): Promise<void> {
  const original = await repo.findInvoice(trx, invoiceId);
  await record(trx, actor, {
    action: 'creditNote.issued',
    invoiceId: noteId,
    relatedInvoiceId: invoiceId,
    details: {
      ...(await issuedDetails(trx, noteId)),
      creditedNumber: original?.invoice_number ?? null,
      reason,
    },
  });
}

import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/connection';
import type { FiscalDocumentTable, FiscalMessageTable } from '../../db/schema';

/** Private to the fiscalization module: the outbox (`fiscal_document`) and the kept messages (`fiscal_message`). */
export type FiscalDocumentRow = Selectable<FiscalDocumentTable>;
export type FiscalMessageRow = Selectable<FiscalMessageTable>;

/** What the outbox reads of an issued document to decide whether it is an e-invoice. */
export interface IssuedDocument {
  id: number;
  state: string;
  invoice_number: string | null;
  document_type: string;
  billing_date: string;
  client_snapshot: string | null;
  issuer_snapshot: string | null;
  issued_at: string | null;
}

export function fiscalMode(db: Db): Promise<{ mode: string; self_since: string | null } | undefined> {
  return db.selectFrom('fiscal_settings').select(['mode', 'self_since']).where('id', '=', 1).executeTakeFirst();
}

export function issuedDocument(db: Db, id: number): Promise<IssuedDocument | undefined> {
  return db
    .selectFrom('invoice')
    .select(['id', 'state', 'invoice_number', 'document_type', 'billing_date', 'client_snapshot', 'issuer_snapshot', 'issued_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Issued documents since `since` that are not in the outbox yet, oldest first. */
export function issuedNotQueued(db: Db, since: string): Promise<IssuedDocument[]> {
  return db
    .selectFrom('invoice')
    .select(['id', 'state', 'invoice_number', 'document_type', 'billing_date', 'client_snapshot', 'issuer_snapshot', 'issued_at'])
    .where('state', '!=', 'DRAFT')
    .where('invoice_number', 'is not', null)
    .where('issued_at', '>=', since)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('fiscal_document').select('invoice_id').whereRef('fiscal_document.invoice_id', '=', 'invoice.id'))))
    .orderBy('id')
    .execute();
}

export async function queue(db: Db, row: Insertable<FiscalDocumentTable>): Promise<void> {
  await db.insertInto('fiscal_document').values(row).onConflict((oc) => oc.column('invoice_id').doNothing()).execute();
}

export function outboxRow(db: Db, invoiceId: number): Promise<FiscalDocumentRow | undefined> {
  return db.selectFrom('fiscal_document').selectAll().where('invoice_id', '=', invoiceId).executeTakeFirst();
}

/** PENDING rows due by `at`, the longest waiting first. */
export async function due(db: Db, at: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('fiscal_document')
    .select('invoice_id')
    .where('status', '=', 'PENDING')
    .where('next_attempt_at', '<=', at)
    .orderBy('next_attempt_at')
    .orderBy('invoice_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.invoice_id);
}

/**
 * Takes the row for `processId` until `until`, when nobody holds it and it is PENDING and due by
 * `at` (or, `force`, PENDING or FAILED at any time). One UPDATE: of several processes one wins.
 */
export async function claim(db: Db, invoiceId: number, processId: string, at: string, until: string, force: boolean): Promise<boolean> {
  let query = db
    .updateTable('fiscal_document')
    .set({ claimed_until: until, claimed_by: processId })
    .where('invoice_id', '=', invoiceId)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]));
  query = force ? query.where('status', 'in', ['PENDING', 'FAILED']) : query.where('status', '=', 'PENDING').where('next_attempt_at', '<=', at);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function update(db: Db, invoiceId: number, values: Updateable<FiscalDocumentTable>): Promise<void> {
  await db.updateTable('fiscal_document').set(values).where('invoice_id', '=', invoiceId).execute();
}

export async function keepMessage(db: Db, row: Insertable<FiscalMessageTable>): Promise<void> {
  await db.insertInto('fiscal_message').values(row).execute();
}

export function messagesOf(db: Db, invoiceId: number): Promise<FiscalMessageRow[]> {
  return db.selectFrom('fiscal_message').selectAll().where('invoice_id', '=', invoiceId).orderBy('id').execute();
}

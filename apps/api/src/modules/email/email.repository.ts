import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/connection';
import type { EmailSettingsTable, EmailTemplateTable, InvoiceEmailTable } from '../../db/schema';
import { nowIso } from '../../db/time';

/** Private to the e-mail module: other modules go through its index.ts. */
export type SettingsRow = Selectable<EmailSettingsTable>;
export type TemplateRow = Selectable<EmailTemplateTable>;
export type RecordRow = Selectable<InvoiceEmailTable>;

export function findSettings(db: Db): Promise<SettingsRow | undefined> {
  return db.selectFrom('email_settings').selectAll().where('id', '=', 1).executeTakeFirst();
}

export async function saveSettings(db: Db, values: Omit<SettingsRow, 'id' | 'updated_at'>): Promise<void> {
  const row = { ...values, updated_at: nowIso() };
  await db
    .insertInto('email_settings')
    .values({ id: 1, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}

export function templates(db: Db): Promise<TemplateRow[]> {
  return db.selectFrom('email_template').selectAll().execute();
}

export async function saveTemplate(db: Db, values: Omit<TemplateRow, 'updated_at'>): Promise<void> {
  const row = { ...values, updated_at: nowIso() };
  await db
    .insertInto('email_template')
    .values(row)
    .onConflict((oc) => oc.columns(['language', 'kind']).doUpdateSet({ subject: row.subject, body: row.body, updated_at: row.updated_at }))
    .execute();
}

export async function deleteTemplate(db: Db, language: string, kind: string): Promise<void> {
  await db.deleteFrom('email_template').where('language', '=', language).where('kind', '=', kind).execute();
}

/**
 * Writes a sending with its outcome and, when it was sent, the invoice's "last sent" mark, in one
 * transaction: a sending is recorded whole or not at all.
 */
export async function recordSending(db: Db, values: Omit<Insertable<InvoiceEmailTable>, 'id'>): Promise<RecordRow> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('invoice_email').values(values).returningAll().executeTakeFirstOrThrow();
    if (values.status === 'SENT') {
      await trx.updateTable('invoice').set({ emailed_at: values.created_at }).where('id', '=', values.invoice_id).execute();
    }
    return row;
  });
}

/** The sendings of an invoice, newest first. */
export function recordsOf(db: Db, invoiceId: number): Promise<RecordRow[]> {
  return db.selectFrom('invoice_email').selectAll().where('invoice_id', '=', invoiceId).orderBy('id', 'desc').execute();
}

export function findRecord(db: Db, invoiceId: number, id: number): Promise<RecordRow | undefined> {
  return db.selectFrom('invoice_email').selectAll().where('invoice_id', '=', invoiceId).where('id', '=', id).executeTakeFirst();
}

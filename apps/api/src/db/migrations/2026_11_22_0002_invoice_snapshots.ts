import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * What an issued invoice said about its client and its issuer, as JSON taken at issue time: later
 * edits of a client's tax number or of the company profile must not alter an issued invoice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invoice').addColumn('client_snapshot', 'text').execute();
  await db.schema.alterTable('invoice').addColumn('issuer_snapshot', 'text').execute();
  await db.schema.createIndex('invoice_state_idx').on('invoice').columns(['state', 'payment_due_date']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('invoice_state_idx').execute();
  await db.schema.alterTable('invoice').dropColumn('issuer_snapshot').execute();
  await db.schema.alterTable('invoice').dropColumn('client_snapshot').execute();
}

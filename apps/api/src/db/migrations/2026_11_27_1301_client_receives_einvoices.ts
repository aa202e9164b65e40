import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * Whether a Croatian business client can receive e-invoices (it is in the AMS address book, or has
 * an information intermediary). 0: it cannot, and an invoice issued to it is reported to the Tax
 * Administration as a supply without an e-invoice (ZoF čl. 40, 51; decision 030). 1 for every existing
 * client: receiving is the rule.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('company').addColumn('receives_einvoices', 'integer', (c) => c.notNull().defaultTo(1)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('company').dropColumn('receives_einvoices').execute();
}

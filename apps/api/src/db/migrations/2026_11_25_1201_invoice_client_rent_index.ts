import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * The list filter "not yet invoiced this month" (issue 12): a client's latest RENT invoice and
 * whether one is billed this month are each one step along this index, so the filter costs one
 * lookup per RENT contract at any number of invoices. It also serves everything `invoice_client_idx`
 * (client alone) served, which it replaces.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('invoice_client_rent_idx')
    .on('invoice')
    .columns(['client_id', 'contract_type', 'document_type', 'billing_date', 'id'])
    .execute();
  await db.schema.dropIndex('invoice_client_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('invoice_client_idx').on('invoice').column('client_id').execute();
  await db.schema.dropIndex('invoice_client_rent_idx').execute();
}

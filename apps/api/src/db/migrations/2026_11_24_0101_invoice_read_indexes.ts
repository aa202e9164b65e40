import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * Indexes for reading 50,000 invoices quickly (issue 9):
 * - the list's order (billing date, then id, newest first), which replaces the billing-date index;
 * - the year's totals (state, amount, rate beside the date), so the dashboard sums from the index
 *   without reading each invoice's stored snapshots;
 * - an issued invoice's predecessor in its sequence (latest billing date), found without sorting
 *   the year when the next one is issued;
 * - unpaid invoices by due date with their kind and billing date (the overdue filter and count),
 *   which replaces the index of state and due date.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('invoice_list_idx').on('invoice').columns(['billing_date', 'id']).execute();
  await db.schema.dropIndex('invoice_billing_date_idx').execute();
  await db.schema
    .createIndex('invoice_year_totals_idx')
    .on('invoice')
    .columns(['billing_date', 'state', 'total_cents', 'eur_fx_rate'])
    .execute();
  await db.schema
    .createIndex('invoice_sequence_date_idx')
    .on('invoice')
    .columns(['number_year', 'premises_code', 'device_code', 'billing_date', 'number_seq'])
    .execute();
  await db.schema
    .createIndex('invoice_overdue_idx')
    .on('invoice')
    .columns(['state', 'document_type', 'payment_due_date', 'billing_date'])
    .execute();
  await db.schema.dropIndex('invoice_state_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('invoice_state_idx').on('invoice').columns(['state', 'payment_due_date']).execute();
  await db.schema.dropIndex('invoice_overdue_idx').execute();
  await db.schema.dropIndex('invoice_sequence_date_idx').execute();
  await db.schema.dropIndex('invoice_year_totals_idx').execute();
  await db.schema.createIndex('invoice_billing_date_idx').on('invoice').column('billing_date').execute();
  await db.schema.dropIndex('invoice_list_idx').execute();
}

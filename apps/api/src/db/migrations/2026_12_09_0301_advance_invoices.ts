import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * Advance invoices and the final invoice (issue 48, decision 044). An advance invoice is an invoice row
 * of `document_type` ADVANCE (no schema change: the column is text). `invoice_advance` records which
 * advance a final invoice deducts and how much (the advance's gross less its credit notes), one row per
 * advance: `advance_invoice_id` is unique, so no advance is deducted twice, even by two writes at once.
 * `invoice.prepaid_cents` is the final invoice's sum of them (BT-113), beside its total, so what is due
 * (`total - prepaid - credit notes`) is read from the row as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invoice').addColumn('prepaid_cents', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .createTable('invoice_advance')
    .addColumn('final_invoice_id', 'integer', (c) => c.notNull().references('invoice.id'))
    .addColumn('advance_invoice_id', 'integer', (c) => c.notNull().references('invoice.id').unique())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('vat_groups', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoice_advance_final_idx').on('invoice_advance').columns(['final_invoice_id', 'advance_invoice_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('invoice_advance_final_idx').execute();
  await db.schema.dropTable('invoice_advance').execute();
  await db.schema.alterTable('invoice').dropColumn('prepaid_cents').execute();
}

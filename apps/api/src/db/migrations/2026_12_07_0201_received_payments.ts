import type { Kysely } from 'kysely';
import { dialectOf, withId } from '../dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * Paying received e-invoices and their suppliers (issue 46, decision 039):
 * - `received_payment`: each payment the user made of a received document, in its currency (integer
 *   cents), with its day and method; `received_document.paid_cents` is their sum, kept by the same writes.
 * - `company.is_client` (1 for every record so far: they were all clients) and `company.supplier_oib`:
 *   the OIB of the supplier of received documents this record stands for (null: not a supplier),
 *   unique, so one supplier is one record. A party can be both.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('received_payment'), dialectOf(db))
    .addColumn('document_id', 'integer', (c) => c.notNull().references('received_document.id'))
    .addColumn('paid_on', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operator.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('received_payment_document_idx').on('received_payment').columns(['document_id', 'paid_on', 'id']).execute();
  await db.schema.alterTable('company').addColumn('is_client', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('company').addColumn('supplier_oib', 'text').execute();
  await db.schema.createIndex('company_supplier_oib_uq').unique().on('company').column('supplier_oib').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('company_supplier_oib_uq').execute();
  await db.schema.alterTable('company').dropColumn('supplier_oib').execute();
  await db.schema.alterTable('company').dropColumn('is_client').execute();
  await db.schema.dropTable('received_payment').execute();
}

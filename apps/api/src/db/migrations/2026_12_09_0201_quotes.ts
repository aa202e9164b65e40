import type { Kysely } from 'kysely';
import { dialectOf, withId } from '../dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * Quotes (ponude, issue 48, decision 043): a document with prices that is not an invoice. Its own
 * tables beside the invoice's, so no invoice list, total, report or outbox can ever read one: `quote`
 * (numbered in its own yearly sequence `quote_counter`, P-1/2026), its lines `quote_line` in the
 * invoice line's integer units, and `invoice_id`, the invoice it was made into.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('quote_counter')
    .addColumn('number_year', 'integer', (c) => c.primaryKey())
    .addColumn('last_seq', 'integer', (c) => c.notNull())
    .execute();
  await withId(db.schema.createTable('quote'), dialect)
    .addColumn('number_year', 'integer', (c) => c.notNull())
    .addColumn('number_seq', 'integer', (c) => c.notNull())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('company.id').onDelete('restrict'))
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operator.id'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('quote_date', 'text', (c) => c.notNull())
    .addColumn('valid_until', 'text', (c) => c.notNull())
    .addColumn('payment_due_days', 'integer', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('vat_treatment', 'text', (c) => c.notNull())
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('eur_fx_rate', 'text')
    .addColumn('note', 'text')
    .addColumn('subtotal_cents', 'bigint', (c) => c.notNull())
    .addColumn('vat_cents', 'bigint', (c) => c.notNull())
    .addColumn('total_cents', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('invoice_id', 'integer', (c) => c.references('invoice.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quote_number_idx').on('quote').columns(['number_year', 'number_seq']).unique().execute();
  await db.schema.createIndex('quote_client_idx').on('quote').column('client_id').execute();
  await db.schema.createIndex('quote_invoice_idx').on('quote').column('invoice_id').execute();
  await withId(db.schema.createTable('quote_line'), dialect)
    .addColumn('quote_id', 'integer', (c) => c.notNull().references('quote.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('line_item_id', 'integer', (c) => c.references('line_item.id').onDelete('set null'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('description_en', 'text')
    .addColumn('quantity_milli', 'bigint', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('unit_price_cents', 'bigint', (c) => c.notNull())
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('discount_bp', 'integer', (c) => c.notNull())
    .addColumn('vat_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('line_total_cents', 'bigint', (c) => c.notNull())
    .addColumn('kpd_code', 'text')
    .execute();
  await db.schema.createIndex('quote_line_quote_idx').on('quote_line').column('quote_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('quote_line').execute();
  await db.schema.dropTable('quote').execute();
  await db.schema.dropTable('quote_counter').execute();
}

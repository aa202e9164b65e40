import type { Kysely } from 'kysely';
import { dialectOf, withId } from '../dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * Received e-invoices (issue 46). `received_document` holds what the inbox lists and filters by,
 * read once from the document when it was kept; `received_document_file` holds the original bytes,
 * exactly as they came (ZoF čl. 35), apart so that no list statement touches them, with their
 * SHA-256 beside the row (checked by `npm run audit -- verify`). A document is taken once: by the
 * intermediary's id, and by supplier + number + year of issue. `inbox_fetch` (one row, id 1)
 * remembers the last rounds of fetching from the intermediary.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  await withId(db.schema.createTable('received_document'), dialect)
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('provider', 'text')
    .addColumn('provider_document_id', 'text')
    .addColumn('document_type', 'text', (c) => c.notNull())
    .addColumn('type_code', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('issue_date', 'text', (c) => c.notNull())
    .addColumn('issue_year', 'integer', (c) => c.notNull())
    .addColumn('due_date', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('supplier_key', 'text', (c) => c.notNull())
    .addColumn('supplier_oib', 'text')
    .addColumn('supplier_name', 'text', (c) => c.notNull())
    .addColumn('buyer_oib', 'text')
    .addColumn('net_cents', 'bigint', (c) => c.notNull())
    .addColumn('vat_cents', 'bigint', (c) => c.notNull())
    .addColumn('total_cents', 'bigint', (c) => c.notNull())
    .addColumn('payable_cents', 'bigint', (c) => c.notNull())
    .addColumn('paid_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('fiscal_status', 'text', (c) => c.notNull())
    .addColumn('fiscal_deadline', 'text', (c) => c.notNull())
    .addColumn('validation_status', 'text', (c) => c.notNull())
    .addColumn('validation_report', 'text')
    .addColumn('validated_at', 'text')
    .addColumn('flags', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text')
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('received_on', 'text', (c) => c.notNull())
    .addColumn('retained_until', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('received_document_provider_uq').unique().on('received_document').columns(['provider', 'provider_document_id']).execute();
  await db.schema.createIndex('received_document_number_uq').unique().on('received_document').columns(['supplier_key', 'number', 'issue_year']).execute();
  await db.schema.createIndex('received_document_list_idx').on('received_document').columns(['issue_date', 'id']).execute();
  await db.schema.createIndex('received_document_fiscal_idx').on('received_document').columns(['fiscal_status', 'fiscal_deadline']).execute();
  await db.schema.createIndex('received_document_validation_idx').on('received_document').columns(['validation_status']).execute();
  await db.schema
    .createTable('received_document_file')
    .addColumn('document_id', 'integer', (c) => c.primaryKey().references('received_document.id'))
    .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('inbox_fetch')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('last_attempt_at', 'text')
    .addColumn('last_ok_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('inbox_fetch').execute();
  await db.schema.dropTable('received_document_file').execute();
  await db.schema.dropTable('received_document').execute();
}

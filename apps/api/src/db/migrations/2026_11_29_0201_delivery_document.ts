import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * The delivery outbox (issue 32): one row per issued document handed (or to be handed) to the
 * intermediary, written before the sending so that a document the intermediary could not be asked
 * about stays PENDING across a restart and is sent again by the worker; `claimed_by`/`claimed_until`
 * let one process at a time send it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('delivery_document')
    .addColumn('invoice_id', 'integer', (c) => c.primaryKey().references('invoice.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider_document_id', 'text')
    .addColumn('provider_status', 'text')
    .addColumn('error', 'text')
    .addColumn('fiscalized', 'integer')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('status_at', 'text', (c) => c.notNull())
    .addColumn('checked_at', 'text')
    .execute();
  await db.schema.createIndex('delivery_document_status_idx').on('delivery_document').columns(['status', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('delivery_document').execute();
}

import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * The audit trail and idempotency keys (issue 10, decision 012).
 *
 * `audit_log` is append-only: entry `seq` n carries `hash` = SHA-256 of the previous entry's hash and
 * its own canonical content, so editing or deleting a row breaks the chain. `audit_head` (one row,
 * id 1) holds the newest seq and hash: appends lock it, so concurrent writers queue instead of
 * forking the chain, and deleting the newest entries is noticed too.
 *
 * `idempotency_key` remembers, per operator and key, which request was made (a hash) and the answer
 * it got, written in the same transaction as the work; a row without an answer is in progress.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('seq', 'integer', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'integer')
    .addColumn('operator_name', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('invoice_id', 'integer')
    .addColumn('related_invoice_id', 'integer')
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_invoice').on('audit_log').columns(['invoice_id', 'seq']).execute();
  await db.schema.createIndex('audit_log_related').on('audit_log').columns(['related_invoice_id', 'seq']).execute();
  await db.schema
    .createTable('audit_head')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  await db.insertInto('audit_head').values({ id: 1, seq: 0, hash: '0'.repeat(64) }).execute();

  await db.schema
    .createTable('idempotency_key')
    .addColumn('operator_id', 'integer', (c) => c.notNull())
    .addColumn('idem_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('claim', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_key_pk', ['operator_id', 'idem_key'])
    .execute();
  await db.schema.createIndex('idempotency_key_created').on('idempotency_key').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_key').execute();
  await db.schema.dropTable('audit_head').execute();
  await db.schema.dropTable('audit_log').execute();
}

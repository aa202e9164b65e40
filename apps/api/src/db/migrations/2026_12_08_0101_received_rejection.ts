import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * Rejecting received e-invoices (issue 47, decision 040): `received_rejection`, one row per rejected
 * document (its primary key is the document's id, so a second rejection cannot be stored), with the
 * day, the reason type (N, U, O), the reason and who rejected it; and the outbox of its report:
 * - to the Tax Administration (`report_*`, SELF mode: `EvidentirajOdbijanjeZahtjev`, by the 20th of
 *   the next month, with the fiscal outbox's attempts, next attempt, claim, request id and refusal);
 * - to the intermediary (`intermediary_*`: moj-eRačun is told so that it reports it and the supplier sees it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('received_rejection')
    .addColumn('document_id', 'integer', (c) => c.primaryKey().references('received_document.id'))
    .addColumn('rejected_on', 'text', (c) => c.notNull())
    .addColumn('type', 'varchar(1)', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('was_paid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operator.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('report_status', 'varchar(16)', (c) => c.notNull())
    .addColumn('deadline', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text')
    .addColumn('reported_at', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error_text', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('intermediary_status', 'varchar(16)')
    .addColumn('intermediary_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('intermediary_next_at', 'text')
    .addColumn('intermediary_error', 'text')
    .addColumn('intermediary_claimed_until', 'text')
    .addColumn('intermediary_claimed_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('received_rejection_day_idx').on('received_rejection').columns(['rejected_on', 'document_id']).execute();
  await db.schema.createIndex('received_rejection_report_idx').on('received_rejection').columns(['report_status', 'next_attempt_at']).execute();
  await db.schema.createIndex('received_rejection_intermediary_idx').on('received_rejection').columns(['intermediary_status', 'intermediary_next_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('received_rejection').execute();
}

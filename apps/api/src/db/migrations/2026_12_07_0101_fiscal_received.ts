import { type Kysely, sql } from 'kysely';
import { dialectOf, withId } from '../dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * Fiscalizing received e-invoices (issue 46, decision 038): the same outbox and archive as issued ones.
 * - `fiscal_received`: one row per received document Faktura fiscalizes as received
 *   (`EvidentirajERacunZahtjev`, `vrstaERacuna` U), with the outbox's columns (attempts, the next
 *   attempt, the claim of the process sending it, the service's id, its refusal);
 * - `fiscal_message.received_document_id`: which received document a kept message is about; its
 *   `invoice_id` becomes optional (exactly one of the two names the document). SQLite cannot drop a
 *   NOT NULL, so there the table is rebuilt with every message copied as it was.
 * The received documents and their original bytes are not touched.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('fiscal_received')
    .addColumn('received_document_id', 'integer', (c) => c.primaryKey().references('received_document.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('deadline', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text')
    .addColumn('fiscalized_at', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error_text', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fiscal_received_due_idx').on('fiscal_received').columns(['status', 'next_attempt_at']).execute();

  if (dialect === 'postgres') {
    await db.schema.alterTable('fiscal_message').alterColumn('invoice_id', (c) => c.dropNotNull()).execute();
    await db.schema.alterTable('fiscal_message').addColumn('received_document_id', 'integer', (c) => c.references('received_document.id')).execute();
    await sql`alter table fiscal_message add constraint fiscal_message_one_document check ((invoice_id is null) <> (received_document_id is null))`.execute(db);
  } else {
    await withId(db.schema.createTable('fiscal_message_new'), dialect)
      .addColumn('invoice_id', 'integer', (c) => c.references('invoice.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('message_id', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('request_id', 'text')
      .addColumn('error_code', 'text')
      .addColumn('error_text', 'text')
      .addColumn('http_status', 'integer')
      .addColumn('request_xml', 'text', (c) => c.notNull())
      .addColumn('response_xml', 'text')
      .addColumn('sent_at', 'text', (c) => c.notNull())
      .addColumn('received_document_id', 'integer', (c) => c.references('received_document.id'))
      .addCheckConstraint('fiscal_message_one_document', sql`(invoice_id is null) <> (received_document_id is null)`)
      .execute();
    const columns = sql.raw('id, invoice_id, kind, message_id, outcome, request_id, error_code, error_text, http_status, request_xml, response_xml, sent_at');
    await sql`insert into fiscal_message_new (${columns}) select ${columns} from fiscal_message`.execute(db);
    await db.schema.dropTable('fiscal_message').execute();
    await db.schema.alterTable('fiscal_message_new').renameTo('fiscal_message').execute();
    // the rebuilt table gets the index the old one had
    await db.schema.createIndex('fiscal_message_invoice_idx').on('fiscal_message').columns(['invoice_id', 'id']).execute();
  }
  await db.schema.createIndex('fiscal_message_received_idx').on('fiscal_message').columns(['received_document_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('fiscal_message_received_idx').execute();
  await db.deleteFrom('fiscal_message').where('received_document_id', 'is not', null).execute();
  if (dialectOf(db) === 'postgres') {
    await sql`alter table fiscal_message drop constraint fiscal_message_one_document`.execute(db);
    await db.schema.alterTable('fiscal_message').dropColumn('received_document_id').execute();
    await db.schema.alterTable('fiscal_message').alterColumn('invoice_id', (c) => c.setNotNull()).execute();
  } else {
    await withId(db.schema.createTable('fiscal_message_old'), 'sqlite')
      .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoice.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('message_id', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('request_id', 'text')
      .addColumn('error_code', 'text')
      .addColumn('error_text', 'text')
      .addColumn('http_status', 'integer')
      .addColumn('request_xml', 'text', (c) => c.notNull())
      .addColumn('response_xml', 'text')
      .addColumn('sent_at', 'text', (c) => c.notNull())
      .execute();
    const columns = sql.raw('id, invoice_id, kind, message_id, outcome, request_id, error_code, error_text, http_status, request_xml, response_xml, sent_at');
    await sql`insert into fiscal_message_old (${columns}) select ${columns} from fiscal_message`.execute(db);
    await db.schema.dropTable('fiscal_message').execute();
    await db.schema.alterTable('fiscal_message_old').renameTo('fiscal_message').execute();
    await db.schema.createIndex('fiscal_message_invoice_idx').on('fiscal_message').columns(['invoice_id', 'id']).execute();
  }
  await db.schema.dropTable('fiscal_received').execute();
}

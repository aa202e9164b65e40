import type { Kysely } from 'kysely';
import { dialectOf, withId } from '../dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * Fiscalization settings (issue 29), one row (id 1): the mode (SELF / INTERMEDIARY / OFF), the
 * environment (TEST / PRODUCTION), the service addresses the user set (null: the official ones), the
 * CA certificates trusted instead of FINA's, and the user's certificate: its PEM, the chain it came
 * with, what may be shown of it, and its private key encrypted with AES-256-GCM under a key derived
 * from the server's secret (never stored in clear, never answered).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('fiscal_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('endpoint_einvoice', 'text')
    .addColumn('endpoint_ereporting', 'text')
    .addColumn('endpoint_b2c', 'text')
    .addColumn('trusted_ca_pem', 'text')
    .addColumn('certificate_pem', 'text')
    .addColumn('chain_pem', 'text')
    .addColumn('certificate_info', 'text')
    .addColumn('private_key_enc', 'text')
    // when the mode last became SELF: documents issued from then on are Faktura's to fiscalize
    .addColumn('self_since', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The outbox: one row per issued document Faktura fiscalizes, until the service has it.
  await db.schema
    .createTable('fiscal_document')
    .addColumn('invoice_id', 'integer', (c) => c.primaryKey().references('invoice.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
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
  await db.schema.createIndex('fiscal_document_due_idx').on('fiscal_document').columns(['status', 'next_attempt_at']).execute();
  // Every message exchanged, exactly as sent and received, kept (ZoF čl. 35: six years); never changed.
  await withId(db.schema.createTable('fiscal_message'), dialectOf(db))
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
  // The payments reported (EvidentirajNaplatuZahtjev): one row per payment on a fiscalized e-invoice.
  await db.schema
    .createTable('fiscal_payment')
    .addColumn('payment_id', 'integer', (c) => c.primaryKey().references('invoice_payment.id'))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoice.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('deadline', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text')
    .addColumn('reported_at', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error_text', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fiscal_payment_due_idx').on('fiscal_payment').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('fiscal_message_invoice_idx').on('fiscal_message').columns(['invoice_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('fiscal_payment').execute();
  await db.schema.dropTable('fiscal_message').execute();
  await db.schema.dropTable('fiscal_document').execute();
  await db.schema.dropTable('fiscal_settings').execute();
}

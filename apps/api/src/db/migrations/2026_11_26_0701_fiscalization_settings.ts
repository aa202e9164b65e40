import type { Kysely } from 'kysely';

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
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('fiscal_settings').execute();
}

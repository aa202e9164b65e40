import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * Delivery of e-invoices through the user's information intermediary (issue 32): one row of
 * settings (id 1), the password only encrypted (`v1.<iv>.<tag>.<ciphertext>`, as the certificate's key).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('delivery_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('base_url', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password_enc', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('company_bu', 'text')
    .addColumn('software_id', 'text', (c) => c.notNull())
    .addColumn('auto_send', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trusted_ca_pem', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('delivery_settings').execute();
}

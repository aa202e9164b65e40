import type { Kysely } from 'kysely';
import { dialectOf, withId } from '../dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * Sending invoices and reminders by e-mail (issue 13):
 * - `email_settings`: one row (id 1), the SMTP server, its credentials and the sender;
 * - `email_template`: templates the operator changed, per language and kind (the defaults live in
 *   the catalogues, so a missing row means "the default");
 * - `invoice_email`: every sending with its outcome, written once the server has answered;
 * - `invoice.emailed_at`: when the invoice was last sent, for the list's mark.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('security', 'text', (c) => c.notNull())
    .addColumn('username', 'text')
    .addColumn('password', 'text')
    .addColumn('from_name', 'text')
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('bcc', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('email_template')
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('email_template_pk', ['language', 'kind'])
    .execute();
  await withId(db.schema.createTable('invoice_email'), dialectOf(db))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoice.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('recipients', 'text', (c) => c.notNull())
    .addColumn('cc', 'text', (c) => c.notNull())
    .addColumn('bcc', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('attachments', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text')
    .addColumn('error_code', 'text')
    .addColumn('server_response', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoice_email_invoice_idx').on('invoice_email').columns(['invoice_id', 'id']).execute();
  await db.schema.alterTable('invoice').addColumn('emailed_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invoice').dropColumn('emailed_at').execute();
  await db.schema.dropTable('invoice_email').execute();
  await db.schema.dropTable('email_template').execute();
  await db.schema.dropTable('email_settings').execute();
}

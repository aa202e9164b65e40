import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { dialectOf, withId } from '../dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time: they must not depend on today's table types */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const now = (col: ColumnDefinitionBuilder) => col.notNull();

  await withId(db.schema.createTable('operator'), dialect)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute();

  await withId(db.schema.createTable('refresh_token'), dialect)
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operator.id').onDelete('cascade'))
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', now)
    .addColumn('used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('refresh_token_family_idx').on('refresh_token').column('family_id').execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('username', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'text', (c) => c.notNull())
    .addColumn('blocked_until', 'text')
    .execute();

  await withId(db.schema.createTable('address'), dialect)
    .addColumn('address1', 'text', (c) => c.notNull())
    .addColumn('address2', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('state', 'text')
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute();

  await withId(db.schema.createTable('company'), dialect)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('pin', 'text')
    .addColumn('phone', 'text')
    .addColumn('note', 'text')
    .addColumn('bank_account_number', 'text')
    .addColumn('address_id', 'integer', (c) => c.notNull().references('address.id').onDelete('restrict'))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute();
  await db.schema.createIndex('company_address_idx').on('company').column('address_id').execute();

  await withId(db.schema.createTable('contract'), dialect)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payment_due_days', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contract_company_idx').on('contract').column('company_id').execute();

  await withId(db.schema.createTable('line_item'), dialect)
    .addColumn('name_hr', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text')
    .addColumn('unit_price_cents', 'bigint', (c) => c.notNull())
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute();

  await db.schema
    .createTable('issuer')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('oib', 'text', (c) => c.notNull())
    .addColumn('address_id', 'integer', (c) => c.references('address.id').onDelete('restrict'))
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('iban', 'text')
    .addColumn('swift', 'text')
    .addColumn('in_vat_system', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('default_footnote', 'text')
    .addColumn('footer_text', 'text')
    .addColumn('premises_code', 'text', (c) => c.notNull().defaultTo('POSL1'))
    .addColumn('device_code', 'text', (c) => c.notNull().defaultTo('1'))
    .addColumn('updated_at', 'text', now)
    .addCheckConstraint('issuer_single_row', sql`id = 1`)
    .execute();

  await withId(db.schema.createTable('invoice'), dialect)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('company.id').onDelete('restrict'))
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operator.id').onDelete('restrict'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('invoice_number', 'text')
    .addColumn('number_year', 'integer')
    .addColumn('number_seq', 'integer')
    .addColumn('premises_code', 'text')
    .addColumn('device_code', 'text')
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('contract_type', 'text')
    .addColumn('contract_due_days', 'integer')
    .addColumn('billing_date', 'text', (c) => c.notNull())
    .addColumn('delivery_date', 'text', (c) => c.notNull())
    .addColumn('payment_due_date', 'text', (c) => c.notNull())
    .addColumn('extra_info', 'text')
    .addColumn('reference_model', 'text')
    .addColumn('reference_number', 'text')
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('eur_fx_rate', 'text')
    .addColumn('vat_treatment', 'text', (c) => c.notNull())
    .addColumn('subtotal_cents', 'bigint', (c) => c.notNull())
    .addColumn('vat_cents', 'bigint', (c) => c.notNull())
    .addColumn('total_cents', 'bigint', (c) => c.notNull())
    .addColumn('issued_at', 'text')
    .addColumn('cleared_at', 'text')
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .addUniqueConstraint('invoice_number_unique', ['number_year', 'invoice_number'])
    .addUniqueConstraint('invoice_sequence_unique', ['number_year', 'premises_code', 'device_code', 'number_seq'])
    .execute();
  await db.schema.createIndex('invoice_client_idx').on('invoice').column('client_id').execute();
  await db.schema.createIndex('invoice_billing_date_idx').on('invoice').column('billing_date').execute();

  await withId(db.schema.createTable('invoice_line'), dialect)
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoice.id').onDelete('cascade'))
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
    .execute();
  await db.schema.createIndex('invoice_line_invoice_idx').on('invoice_line').column('invoice_id').execute();
  await db.schema.createIndex('invoice_line_item_idx').on('invoice_line').column('line_item_id').execute();

  await db.schema
    .createTable('invoice_counter')
    .addColumn('number_year', 'integer', (c) => c.notNull())
    .addColumn('premises_code', 'text', (c) => c.notNull())
    .addColumn('device_code', 'text', (c) => c.notNull())
    .addColumn('last_seq', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('invoice_counter_pk', ['number_year', 'premises_code', 'device_code'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'invoice_counter', 'invoice_line', 'invoice', 'issuer', 'line_item', 'contract', 'company', 'address',
    'login_throttle', 'refresh_token', 'operator',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

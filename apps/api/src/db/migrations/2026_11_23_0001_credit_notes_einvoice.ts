import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * Credit notes and Croatian e-invoices (EN 16931 + HR CIUS 2025):
 * - a credit note is an invoice row of `document_type` CREDIT_NOTE that names the invoice it
 *   corrects, gives a reason and carries the credited lines (negative quantities) that point at the
 *   original's lines; the original records whether it is partly or fully credited;
 * - the time of issue (Zagreb local time, hh:mm:ss) beside the billing date;
 * - KPD 2025 codes on catalogue items and invoice lines, the operator's OIB, and the business
 *   process (ProfileID, P1 by default) the issuer's e-invoices declare.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invoice').addColumn('document_type', 'text', (c) => c.notNull().defaultTo('INVOICE')).execute();
  await db.schema
    .alterTable('invoice')
    .addColumn('credited_invoice_id', 'integer', (c) => c.references('invoice.id').onDelete('restrict'))
    .execute();
  await db.schema.alterTable('invoice').addColumn('credit_reason', 'text').execute();
  await db.schema.alterTable('invoice').addColumn('credit_status', 'text').execute();
  await db.schema
    .alterTable('invoice')
    .addColumn('settled_with_original', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('invoice').addColumn('issue_time', 'text').execute();
  await db.schema.createIndex('invoice_credited_idx').on('invoice').column('credited_invoice_id').execute();

  await db.schema.alterTable('invoice_line').addColumn('kpd_code', 'text').execute();
  await db.schema
    .alterTable('invoice_line')
    .addColumn('credited_line_id', 'integer', (c) => c.references('invoice_line.id').onDelete('restrict'))
    .execute();
  await db.schema.createIndex('invoice_line_credited_idx').on('invoice_line').column('credited_line_id').execute();

  await db.schema.alterTable('line_item').addColumn('kpd_code', 'text').execute();
  await db.schema.alterTable('operator').addColumn('oib', 'text').execute();
  await db.schema.alterTable('issuer').addColumn('einvoice_profile', 'text', (c) => c.notNull().defaultTo('P1')).execute();

  // invoices issued before this migration: their time of issue from the stored UTC timestamp
  const issued = await db.selectFrom('invoice').select(['id', 'issued_at']).where('issued_at', 'is not', null).execute();
  const clock = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Zagreb', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  });
  for (const row of issued as { id: number; issued_at: string }[]) {
    await db.updateTable('invoice').set({ issue_time: clock.format(new Date(row.issued_at)) }).where('id', '=', row.id).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('issuer').dropColumn('einvoice_profile').execute();
  await db.schema.alterTable('operator').dropColumn('oib').execute();
  await db.schema.alterTable('line_item').dropColumn('kpd_code').execute();
  await db.schema.dropIndex('invoice_line_credited_idx').execute();
  await db.schema.alterTable('invoice_line').dropColumn('credited_line_id').execute();
  await db.schema.alterTable('invoice_line').dropColumn('kpd_code').execute();
  await db.schema.dropIndex('invoice_credited_idx').execute();
  for (const column of ['issue_time', 'settled_with_original', 'credit_status', 'credit_reason', 'credited_invoice_id', 'document_type']) {
    await db.schema.alterTable('invoice').dropColumn(column).execute();
  }
}

import type { Kysely } from 'kysely';
import { dialectOf, withId } from '../dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * Payments as records (issue 28, decision 027): `invoice_payment` holds every payment received on
 * an invoice, in the invoice's currency (integer cents), with its date and method; a correction is a
 * negative record that names the payment it corrects. `reported_at` is set once the payment has been
 * reported to the Tax Administration; until then the record may be deleted.
 *
 * Every invoice already CLEARED by a payment (not settled by its credit notes alone) becomes one
 * payment of what was due, its total less its credit notes, on its payment date (`cleared_at`),
 * method TRANSFER, by the operator who issued it. Credit notes get no payments (a refund of a paid
 * invoice stays marked as before).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('invoice_payment'), dialectOf(db))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoice.id'))
    .addColumn('paid_on', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('corrects_payment_id', 'integer', (c) => c.references('invoice_payment.id'))
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operator.id'))
    .addColumn('reported_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoice_payment_invoice_idx').on('invoice_payment').columns(['invoice_id', 'paid_on', 'id']).execute();
  // the month's payments, for the reports that follow (issue 28)
  await db.schema.createIndex('invoice_payment_paid_on_idx').on('invoice_payment').columns(['paid_on', 'id']).execute();

  const now = new Date().toISOString();
  let after = 0;
  for (;;) {
    const rows: { id: number; total_cents: number | string; cleared_at: string | null; billing_date: string; operator_id: number }[] = await db
      .selectFrom('invoice')
      .select(['id', 'total_cents', 'cleared_at', 'billing_date', 'operator_id'])
      .where('state', '=', 'CLEARED')
      .where('document_type', '=', 'INVOICE')
      .where('settled_with_original', '=', 0)
      .where('id', '>', after)
      .orderBy('id')
      .limit(2000)
      .execute();
    if (rows.length === 0) break;
    const notes = (await db
      .selectFrom('invoice')
      .select((eb) => ['credited_invoice_id', eb.fn.sum('total_cents').as('total')])
      .where('credited_invoice_id', 'in', rows.map((r) => r.id))
      .groupBy('credited_invoice_id')
      .execute()) as { credited_invoice_id: number; total: number | string | null }[];
    const credited = new Map(notes.map((n) => [Number(n.credited_invoice_id), Number(n.total ?? 0)]));
    const payments = rows
      .map((row) => ({
        invoice_id: row.id,
        paid_on: row.cleared_at ?? row.billing_date,
        amount_cents: Number(row.total_cents) + (credited.get(row.id) ?? 0),
        method: 'TRANSFER',
        note: null,
        corrects_payment_id: null,
        operator_id: row.operator_id,
        reported_at: null,
        created_at: now,
      }))
      .filter((payment) => payment.amount_cents > 0);
    for (let i = 0; i < payments.length; i += 500) {
      await db.insertInto('invoice_payment').values(payments.slice(i, i + 500)).execute();
    }
    after = rows[rows.length - 1]?.id ?? after;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invoice_payment').execute();
}

import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/connection';
import type { InvoicePaymentTable } from '../../db/schema';
import { assertHeld } from './invoice.writeContext';

/** A payment record with the name of the operator who recorded it. */
export type PaymentRow = Selectable<InvoicePaymentTable> & { operator_name: string };

/** The payments of an invoice, oldest first (by the day paid, then as recorded). */
export async function paymentsOf(db: Db, invoiceId: number): Promise<PaymentRow[]> {
  const rows = await db
    .selectFrom('invoice_payment')
    .innerJoin('operator', 'operator.id', 'invoice_payment.operator_id')
    .selectAll('invoice_payment')
    .select('operator.name as operator_name')
    .where('invoice_payment.invoice_id', '=', invoiceId)
    .orderBy('invoice_payment.paid_on')
    .orderBy('invoice_payment.id')
    .execute();
  return rows.map((row) => ({ ...row, amount_cents: Number(row.amount_cents) }));
}

/** What the payments of an invoice sum to, and how many there are. */
export async function paymentSum(db: Db, invoiceId: number): Promise<{ paidCents: number; count: number }> {
  const row = await db
    .selectFrom('invoice_payment')
    .select((eb) => [eb.fn.sum<number | string | null>('amount_cents').as('paid'), eb.fn.countAll<number | string>().as('n')])
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirst();
  return { paidCents: Number(row?.paid ?? 0), count: Number(row?.n ?? 0) };
}

/** What the payments of each of the invoices sum to, and how many there are (absent: none). */
export async function paymentSumsOf(db: Db, invoiceIds: readonly number[]): Promise<Map<number, { paidCents: number; count: number }>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('invoice_payment')
    .select((eb) => ['invoice_id', eb.fn.sum<number | string | null>('amount_cents').as('paid'), eb.fn.countAll<number | string>().as('n')])
    .where('invoice_id', 'in', [...invoiceIds])
    .groupBy('invoice_id')
    .execute();
  return new Map(rows.map((r) => [r.invoice_id, { paidCents: Number(r.paid ?? 0), count: Number(r.n) }]));
}

/*
 * The writes run only inside the invoice write (`writeDocuments`) that locked the invoice first
 * (decision 024): a payment changes what its invoice owes, so it is written under the invoice's lock.
 */

export async function insertPayment(db: Db, values: Omit<Insertable<InvoicePaymentTable>, 'id'>): Promise<number> {
  assertHeld(db, [values.invoice_id], 'payment recorded');
  const row = await db.insertInto('invoice_payment').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function deletePayments(db: Db, invoiceId: number, ids: readonly number[]): Promise<void> {
  assertHeld(db, [invoiceId], 'payment deleted');
  if (ids.length === 0) return;
  await db.deleteFrom('invoice_payment').where('invoice_id', '=', invoiceId).where('id', 'in', [...ids]).execute();
}

/** A payment received between two days, with what of its invoice a ledger names (number, currency, rate). */
export interface ReceivedPaymentRow {
  id: number;
  paid_on: string;
  amount_cents: number;
  method: InvoicePaymentTable['method'];
  corrects_payment_id: number | null;
  invoice_number: string | null;
  currency_code: string;
  eur_fx_rate: string | null;
}

/** Every payment received from one day to another (inclusive), by day and then as recorded. */
export async function paymentsReceivedBetween(db: Db, from: string, to: string): Promise<ReceivedPaymentRow[]> {
  const rows = await db
    .selectFrom('invoice_payment')
    .innerJoin('invoice', 'invoice.id', 'invoice_payment.invoice_id')
    .select([
      'invoice_payment.id',
      'invoice_payment.paid_on',
      'invoice_payment.amount_cents',
      'invoice_payment.method',
      'invoice_payment.corrects_payment_id',
      'invoice.invoice_number',
      'invoice.currency_code',
      'invoice.eur_fx_rate',
    ])
    .where('invoice_payment.paid_on', '>=', from)
    .where('invoice_payment.paid_on', '<=', to)
    .orderBy('invoice_payment.paid_on')
    .orderBy('invoice_payment.id')
    .execute();
  return rows.map((row) => ({ ...row, amount_cents: Number(row.amount_cents) }));
}

import type { Insertable, Selectable } from 'kysely';
import { toEuroCents } from '@faktura/shared';
import type { Db } from '../../db/connection';
import type { InvoicePaymentTable } from '../../db/schema';
import { collectPaymentMonth, keepingTotals } from './invoice.monthTotals.repository';
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
 * Each moves the month totals with it (decision 028): the invoice's paid share of its billing month
 * (`keepingTotals`) and the payments received in the month of the day paid (`collectPaymentMonth`),
 * both stored at the end of the write. These are the only writers of `invoice_payment`.
 */

async function rateOf(db: Db, invoiceId: number): Promise<string | null> {
  const row = await db.selectFrom('invoice').select('eur_fx_rate').where('id', '=', invoiceId).executeTakeFirstOrThrow();
  return row.eur_fx_rate || null;
}

export async function insertPayment(db: Db, values: Omit<Insertable<InvoicePaymentTable>, 'id'>): Promise<number> {
  assertHeld(db, [values.invoice_id], 'payment recorded');
  const id = await keepingTotals(db, [values.invoice_id], async () => {
    const row = await db.insertInto('invoice_payment').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  });
  collectPaymentMonth(db, values.paid_on, toEuroCents(Number(values.amount_cents), await rateOf(db, values.invoice_id)), 1);
  return id;
}

/**
 * Deletes payments not yet reported. A payment queued for its report to the Tax Administration goes
 * with its queue row (decision 030), unless a sender holds that row right now: then nothing is
 * deleted and the answer is false (it is being reported; try again).
 */
export async function deletePayments(db: Db, invoiceId: number, ids: readonly number[]): Promise<boolean> {
  assertHeld(db, [invoiceId], 'payment deleted');
  if (ids.length === 0) return true;
  const sending = await db
    .selectFrom('fiscal_payment')
    .select('payment_id')
    .where('payment_id', 'in', [...ids])
    .where('status', '=', 'PENDING')
    .where('claimed_until', '>=', new Date().toISOString())
    .executeTakeFirst();
  if (sending) return false;
  await db.deleteFrom('fiscal_payment').where('payment_id', 'in', [...ids]).where('status', 'in', ['PENDING', 'FAILED']).execute();
  const gone = await db
    .selectFrom('invoice_payment')
    .select(['paid_on', 'amount_cents'])
    .where('invoice_id', '=', invoiceId)
    .where('id', 'in', [...ids])
    .execute();
  await keepingTotals(db, [invoiceId], () => db.deleteFrom('invoice_payment').where('invoice_id', '=', invoiceId).where('id', 'in', [...ids]).execute());
  const rate = await rateOf(db, invoiceId);
  for (const payment of gone) collectPaymentMonth(db, payment.paid_on, -toEuroCents(Number(payment.amount_cents), rate), -1);
  return true;
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

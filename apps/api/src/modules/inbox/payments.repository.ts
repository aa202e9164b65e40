import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { ReceivedPaymentTable } from '../../db/schema';

/**
 * Private to the inbox module: the payments the user made of received documents (decision 039). The
 * only writers of `received_payment` and of `received_document.paid_cents`/`state` by payment. Every
 * write changes the document's row first, with a condition the database checks on the row as it is
 * at that moment (a concurrent payment waits for the row and is checked against what it left), then
 * the payment: so two payments at once never pay more than the document asks.
 */
export type ReceivedPaymentRow = Selectable<ReceivedPaymentTable> & { operator_name: string };

/** The payments of a document, oldest first (by the day paid, then as recorded). */
export async function paymentsOf(db: Db, documentId: number): Promise<ReceivedPaymentRow[]> {
  const rows = await db
    .selectFrom('received_payment')
    .innerJoin('operator', 'operator.id', 'received_payment.operator_id')
    .selectAll('received_payment')
    .select('operator.name as operator_name')
    .where('received_payment.document_id', '=', documentId)
    .orderBy('received_payment.paid_on')
    .orderBy('received_payment.id')
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), document_id: Number(row.document_id), amount_cents: Number(row.amount_cents) }));
}

/**
 * Adds `amountCents` to what the invoice has been paid, PAID once that reaches what it asks; only
 * while it is a received (not rejected) invoice and the payment fits in what is still open. False:
 * nothing changed (the caller reads the row again to say why).
 */
export async function addPaid(trx: Db, documentId: number, amountCents: number): Promise<boolean> {
  const result = await trx
    .updateTable('received_document')
    .set((eb) => ({
      paid_cents: eb('paid_cents', '+', amountCents),
      state: sql<string>`case when ${eb.ref('paid_cents')} + ${amountCents} >= ${eb.ref('payable_cents')} then 'PAID' else 'RECEIVED' end`,
    }))
    .where('id', '=', documentId)
    .where('document_type', '=', 'INVOICE')
    .where('state', '<>', 'REJECTED')
    .where((eb) => eb(eb('paid_cents', '+', amountCents), '<=', eb.ref('payable_cents')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Takes an undone payment off what was paid (RECEIVED again when something is open); false when the document is rejected. */
export async function subtractPaid(trx: Db, documentId: number, amountCents: number): Promise<boolean> {
  const result = await trx
    .updateTable('received_document')
    .set((eb) => ({
      paid_cents: eb('paid_cents', '-', amountCents),
      state: sql<string>`case when ${eb.ref('paid_cents')} - ${amountCents} >= ${eb.ref('payable_cents')} then 'PAID' else 'RECEIVED' end`,
    }))
    .where('id', '=', documentId)
    .where('state', '<>', 'REJECTED')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertPayment(trx: Db, values: Omit<Insertable<ReceivedPaymentTable>, 'id'>): Promise<number> {
  const row = await trx.insertInto('received_payment').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Deletes the payment of this document; false when there was none (another request undid it first). */
export async function deletePayment(trx: Db, documentId: number, paymentId: number): Promise<boolean> {
  const result = await trx.deleteFrom('received_payment').where('id', '=', paymentId).where('document_id', '=', documentId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

import type { PaymentRecordMethod } from '@faktura/shared';
import type { Db } from '../../../db/connection';

/** A payment received in the month, with what the report needs of its document. */
export interface MonthPaymentRow {
  id: number;
  invoice_id: number;
  paid_on: string;
  amount_cents: number;
  method: PaymentRecordMethod;
  corrects_payment_id: number | null;
  reported_at: string | null;
  invoice_number: string | null;
  billing_date: string;
  document_type: 'INVOICE' | 'CREDIT_NOTE' | 'ADVANCE';
  currency_code: string;
  client_snapshot: string | null;
  issuer_snapshot: string | null;
}

/**
 * The payments received between two days (both included), by the day paid, then as recorded: a range
 * of `invoice_payment_paid_on_idx (paid_on, id)`, each joined to its invoice by its key, so the cost
 * follows the month's payments, not all of them.
 */
export async function paymentsBetween(db: Db, from: string, to: string): Promise<MonthPaymentRow[]> {
  const rows = await db
    .selectFrom('invoice_payment')
    .innerJoin('invoice', 'invoice.id', 'invoice_payment.invoice_id')
    .select([
      'invoice_payment.id',
      'invoice_payment.invoice_id',
      'invoice_payment.paid_on',
      'invoice_payment.amount_cents',
      'invoice_payment.method',
      'invoice_payment.corrects_payment_id',
      'invoice_payment.reported_at',
      'invoice.invoice_number',
      'invoice.billing_date',
      'invoice.document_type',
      'invoice.currency_code',
      'invoice.client_snapshot',
      'invoice.issuer_snapshot',
    ])
    .where('invoice_payment.paid_on', '>=', from)
    .where('invoice_payment.paid_on', '<=', to)
    .orderBy('invoice_payment.paid_on')
    .orderBy('invoice_payment.id')
    .execute();
  return rows.map((row) => ({ ...row, amount_cents: Number(row.amount_cents) }));
}

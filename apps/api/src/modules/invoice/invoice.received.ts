import { type KprEntry, toEuroCents } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { paymentsReceivedBetween } from './invoice.payment.repository';

/**
 * The payments received in a year as a ledger's entries (KPR, decision 029): each in euro cents, a
 * foreign-currency invoice's payment converted with the invoice's own rate (`toEuroCents`, as its
 * euro total is), a correction negative.
 */
export async function paymentsReceivedIn(db: Db, year: number): Promise<KprEntry[]> {
  const y = String(year).padStart(4, '0');
  const rows = await paymentsReceivedBetween(db, `${y}-01-01`, `${y}-12-31`);
  return rows.map((row) => ({
    paymentId: row.id,
    date: row.paid_on,
    invoiceNumber: row.invoice_number ?? '',
    method: row.method,
    eurCents: row.currency_code === 'EUR' ? row.amount_cents : toEuroCents(row.amount_cents, row.eur_fx_rate),
    amountCents: row.amount_cents,
    currencyCode: row.currency_code,
    correctsPaymentId: row.corrects_payment_id,
  }));
}

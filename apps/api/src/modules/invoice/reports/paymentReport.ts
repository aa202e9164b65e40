import {
  type PaymentReport,
  type PaymentReportRow,
  isReportedInvoice,
  monthDays,
  paymentReportDeadline,
  paymentReportCode,
  reportOib,
  sumCents,
} from '@faktura/shared';
import type { Db } from '../../../db/connection';
import { parseClientSnapshot, parseIssuerSnapshot } from '../invoice.snapshot';
import { type MonthPaymentRow, paymentsBetween } from './paymentReport.repository';

/*
 * The month's payment report (issue 28, decision 028): the payments received in a month (by the day
 * paid) on invoices whose payments are reported (`isReportedInvoice`: invoices to Croatian businesses
 * with an OIB, issued since the issuer's duty began), as `EvidentirajNaplatu` lists them. Who the
 * client is and the issuer's OIB come from the invoice's issue-time snapshots (decision 016): the
 * report names the parties the invoice named, whatever changed in Clients or Settings since.
 */

function toRow(row: MonthPaymentRow): PaymentReportRow | null {
  if (!row.invoice_number || !row.client_snapshot || !row.issuer_snapshot) return null; // never issued
  const client = parseClientSnapshot(row.invoice_id, row.client_snapshot);
  const issuer = parseIssuerSnapshot(row.invoice_id, row.issuer_snapshot);
  const reported = isReportedInvoice({
    documentType: row.document_type,
    issueDate: row.billing_date,
    client: { countryCode: client.address.country_code, pin: client.pin, kind: client.kind },
    issuerInVatSystem: issuer.in_vat_system,
  });
  if (!reported || !client.pin) return null;
  return {
    paymentId: row.id,
    invoiceId: row.invoice_id,
    invoiceNumber: row.invoice_number,
    issueDate: row.billing_date,
    issuerOib: reportOib(issuer.oib),
    recipientOib: reportOib(client.pin),
    recipientName: client.name,
    paidOn: row.paid_on,
    amountCents: row.amount_cents,
    currencyCode: row.currency_code,
    method: row.method,
    reportCode: paymentReportCode(row.method),
    correctsPaymentId: row.corrects_payment_id,
    reported: row.reported_at !== null,
    reportedAt: row.reported_at,
  };
}

/** The report of a month (`YYYY-MM`, already validated by the contract). */
export async function paymentReport(db: Db, month: string): Promise<PaymentReport> {
  const { from, to } = monthDays(month);
  const rows = (await paymentsBetween(db, from, to)).map(toRow).filter((row): row is PaymentReportRow => row !== null);
  const byCurrency = new Map<string, { amountCents: number; payments: number }>();
  for (const row of rows) {
    const sum = byCurrency.get(row.currencyCode) ?? { amountCents: 0, payments: 0 };
    byCurrency.set(row.currencyCode, { amountCents: sumCents([sum.amountCents, row.amountCents]), payments: sum.payments + 1 });
  }
  const amounts = [...byCurrency.entries()]
    .map(([currencyCode, sum]) => ({ currencyCode, ...sum }))
    .sort((a, b) => (a.currencyCode === 'EUR' ? -1 : b.currencyCode === 'EUR' ? 1 : a.currencyCode.localeCompare(b.currencyCode)));
  return {
    month,
    from,
    to,
    deadline: paymentReportDeadline(month),
    rows,
    totals: { payments: rows.length, unreported: rows.filter((row) => !row.reported).length, amounts },
  };
}

import { type PaymentReport, formatDate, translate } from '@faktura/shared';

/*
 * The month's payments as CSV for a spreadsheet or for typing into FiskAplikacija (decision 028):
 * semicolon-separated (the list separator of Croatian spreadsheets), UTF-8 with a byte-order mark
 * (so Excel reads č ć đ š ž), CRLF line ends, columns named in Croatian, amounts with a decimal comma
 * and no thousands separator, dates as Croatians write them. Always Croatian: it is the Croatian
 * Tax Administration's form.
 */

const BOM = '\uFEFF';

/** Cents as a decimal with two places, `-1234,56` (or `-1234.56` with `point`), exact (no float). */
export function decimalComma(cents: number, point: ',' | '.' = ','): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}${point}${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A cell: quoted when it holds the separator, a quote or a line end; a text a spreadsheet would take
 * for a formula (=, +, -, @ first) is led by an apostrophe, so a client's name can never run as one.
 */
export function csvCell(value: string, text = true, separator: ';' | ',' = ';'): string {
  const safe = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  const quoted = separator === ';' ? /[;"\r\n]/ : /[,"\r\n]/;
  return quoted.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
const cell = (value: string, text = true) => csvCell(value, text);

export function paymentReportCsv(report: PaymentReport): string {
  const t = (key: string) => translate('hr', `reports.payments.${key}`);
  const header = [
    'invoiceNumber',
    'issueDate',
    'issuerOib',
    'recipientOib',
    'recipient',
    'paidOn',
    'amount',
    'currency',
    'code',
    'method',
    'correction',
    'reported',
    'paymentId',
  ].map((key) => cell(t(`columns.${key}`)));
  const lines = report.rows.map((row) =>
    [
      cell(row.invoiceNumber),
      cell(formatDate(row.issueDate, 'hr')),
      cell(row.issuerOib),
      cell(row.recipientOib),
      cell(row.recipientName),
      cell(formatDate(row.paidOn, 'hr')),
      cell(decimalComma(row.amountCents), false),
      cell(row.currencyCode),
      cell(row.reportCode),
      cell(t(`methods.${row.method}`)),
      row.correctsPaymentId === null ? '' : String(row.correctsPaymentId),
      cell(row.reported ? t('yes') : t('no')),
      String(row.paymentId),
    ].join(';'),
  );
  return `${BOM}${[header.join(';'), ...lines].join('\r\n')}\r\n`;
}

/** `naplate-2026-11.csv` */
export const paymentReportFileName = (month: string, extension: 'csv' | 'pdf') => `naplate-${month}.${extension}`;

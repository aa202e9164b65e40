import { type Language, type PaymentReport, formatDate, formatMoney, translate } from '@faktura/shared';
import { reportTablePdf } from '../print/reportTable.pdf';

/*
 * The month's payment report on A4 landscape, for printing or keeping beside the filing (decision
 * 028): the month, the deadline, the sentence on reporting by hand, one line per payment and the
 * totals, in the reader's language, with the bundled DejaVu fonts (selectable text, č ć đ š ž).
 */

const COLUMNS = [
  { key: 'invoiceNumber', width: 86 },
  { key: 'issueDate', width: 70 },
  { key: 'issuerOib', width: 76 },
  { key: 'recipientOib', width: 76 },
  { key: 'recipient', width: 0 }, // the rest
  { key: 'paidOn', width: 70 },
  { key: 'amount', width: 88, right: true },
  { key: 'code', width: 48 },
  { key: 'correction', width: 62 },
  { key: 'reported', width: 62 },
] as const;

export function paymentReportPdf(report: PaymentReport, language: Language, printedOn: string): Promise<Buffer> {
  const t = (key: string, params: Record<string, string | number> = {}) => translate(language, `reports.payments.${key}`, params);
  const monthLabel = `${report.month.slice(5, 7)}/${report.month.slice(0, 4)}`;
  return reportTablePdf({
    language,
    title: t('monthOf', { month: monthLabel }),
    heading: t('heading'),
    deadline: t('deadline', { date: formatDate(report.deadline, language) }),
    notes: [t('manual'), t('scope'), t('printed', { date: formatDate(printedOn, language) })],
    columns: COLUMNS.map((c) => ({ label: t(`columns.${c.key}`), width: c.width, right: 'right' in c })),
    rows: report.rows.map((row) => {
      const cells: Record<(typeof COLUMNS)[number]['key'], string> = {
        invoiceNumber: row.invoiceNumber,
        issueDate: formatDate(row.issueDate, language),
        issuerOib: row.issuerOib,
        recipientOib: row.recipientOib,
        recipient: row.recipientName,
        paidOn: formatDate(row.paidOn, language),
        amount: formatMoney(row.amountCents, row.currencyCode, language),
        code: row.reportCode,
        correction: row.correctsPaymentId === null ? '' : `#${row.correctsPaymentId}`,
        reported: row.reported ? t('yes') : t('no'),
      };
      return COLUMNS.map((c) => cells[c.key]);
    }),
    empty: t('empty'),
    totals: [
      `${t('totals')}: ${t('count', { count: report.totals.payments })}`,
      ...report.totals.amounts.map((sum) => formatMoney(sum.amountCents, sum.currencyCode, language)),
      t('unreported', { number: report.totals.unreported }),
    ],
  });
}

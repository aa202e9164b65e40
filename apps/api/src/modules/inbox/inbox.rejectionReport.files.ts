import { type Language, type RejectionReport, formatDate, translate } from '@faktura/shared';
import { csvCell, reportTablePdf } from '../invoice';

/*
 * Reports > "Odbijeni računi za prijavu" as files (issue 47): the CSV for FiskAplikacija or the
 * accountant, always Croatian like the payments report's (semicolons, UTF-8 with BOM, CRLF, dates as
 * Croatians write them; decision 028's conventions), and the PDF in the reader's language.
 */

const BOM = '\uFEFF';
const CSV_COLUMNS = ['number', 'issueDate', 'supplier', 'supplierOib', 'date', 'type', 'typeName', 'reason', 'status', 'requestId', 'errorCode'] as const;

export function rejectionReportCsv(report: RejectionReport): string {
  const t = (key: string) => translate('hr', `reports.rejections.${key}`);
  const cell = (value: string | null) => csvCell(value ?? '');
  const header = CSV_COLUMNS.map((key) => cell(t(`columns.${key}`)));
  const lines = report.rows.map((row) =>
    [
      cell(row.number),
      cell(formatDate(row.issueDate, 'hr')),
      cell(row.supplierName),
      cell(row.supplierOib),
      cell(formatDate(row.date, 'hr')),
      cell(row.type),
      cell(t(`types.${row.type}`)),
      cell(row.reason),
      cell(t(`status.${row.reportStatus}`)),
      cell(row.requestId),
      cell(row.errorCode),
    ].join(';'),
  );
  return `${BOM}${[header.join(';'), ...lines].join('\r\n')}\r\n`;
}

const PDF_COLUMNS = [
  { key: 'number', width: 92 },
  { key: 'supplier', width: 150 },
  { key: 'issueDate', width: 64 },
  { key: 'date', width: 64 },
  { key: 'type', width: 40 },
  { key: 'reason', width: 0 }, // the rest
  { key: 'status', width: 96 },
] as const;

export function rejectionReportPdf(report: RejectionReport, language: Language, printedOn: string): Promise<Buffer> {
  const t = (key: string, params: Record<string, string | number> = {}) => translate(language, `reports.rejections.${key}`, params);
  const monthLabel = `${report.month.slice(5, 7)}/${report.month.slice(0, 4)}`;
  return reportTablePdf({
    language,
    title: t('monthOf', { month: monthLabel }),
    heading: t('heading'),
    deadline: t('deadline', { date: formatDate(report.deadline, language) }),
    notes: [t('intro'), t('printed', { date: formatDate(printedOn, language) })],
    columns: PDF_COLUMNS.map((c) => ({ label: t(`columns.${c.key}`), width: c.width })),
    rows: report.rows.map((row) => {
      const cells: Record<(typeof PDF_COLUMNS)[number]['key'], string> = {
        number: row.number,
        supplier: row.supplierOib ? `${row.supplierName}\nOIB ${row.supplierOib}` : row.supplierName,
        issueDate: formatDate(row.issueDate, language),
        date: formatDate(row.date, language),
        type: row.type,
        reason: row.reason,
        status: [t(`status.${row.reportStatus}`), row.errorCode].filter(Boolean).join(' · '),
      };
      return PDF_COLUMNS.map((c) => cells[c.key]);
    }),
    empty: t('empty'),
    totals: [`${t('totals')}: ${t('count', { count: report.rows.length })}`, t('unreportedTotal', { number: report.unreported })],
  });
}

/** `odbijanja-2026-11.csv` (the name is Croatian whatever the language, like the payments report's). */
export const rejectionReportFileName = (month: string, extension: 'csv' | 'pdf') => `odbijanja-${month}.${extension}`;

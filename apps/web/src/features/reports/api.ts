import { endpoints, type Language } from '@faktura/shared';
import { download, useApi } from '../../lib/api';

/** The month's payments to report (`YYYY-MM`). */
export function usePaymentReport(month: string) {
  return useApi(endpoints.reports.payments, { query: { month } });
}

/** The month's rejections of received e-invoices to report (`YYYY-MM`, decision 040). */
export function useRejectionReport(month: string) {
  return useApi(endpoints.reports.rejections, { query: { month } });
}

/** The same payments as CSV (always Croatian: the Tax Administration's form) or as a PDF in `language`. */
export function fetchPaymentReportFile(month: string, kind: 'csv' | 'pdf', language: Language) {
  const endpoint = kind === 'csv' ? endpoints.reports.paymentsCsv : endpoints.reports.paymentsPdf;
  return download(endpoint, { query: { month, lang: language } }, { fallbackName: `naplate-${month}.${kind}` });
}

/** The month's rejections as CSV (always Croatian) or as a PDF in `language`. */
export function fetchRejectionReportFile(month: string, kind: 'csv' | 'pdf', language: Language) {
  const endpoint = kind === 'csv' ? endpoints.reports.rejectionsCsv : endpoints.reports.rejectionsPdf;
  return download(endpoint, { query: { month, lang: language } }, { fallbackName: `odbijanja-${month}.${kind}` });
}

/** The accountant's export of a period: the CSV or the zip, in `language` (its columns and its CSV convention). */
export function fetchExport(period: { from: string; to: string }, format: 'csv' | 'zip', language: Language) {
  const word = language === 'hr' ? 'izvoz' : 'export';
  return download(
    endpoints.reports.export,
    { query: { from: period.from, to: period.to, format, lang: language } },
    { type: format === 'zip' ? 'application/zip' : 'text/csv', fallbackName: `${word}-${period.from}_${period.to}.${format}` },
  );
}

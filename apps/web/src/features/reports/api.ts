import { endpoints, type Language } from '@faktura/shared';
import { download, useApi } from '../../lib/api';

/** The month's payments to report (`YYYY-MM`). */
export function usePaymentReport(month: string) {
  return useApi(endpoints.reports.payments, { query: { month } });
}

/** The same payments as CSV (always Croatian: the Tax Administration's form) or as a PDF in `language`. */
export function fetchPaymentReportFile(month: string, kind: 'csv' | 'pdf', language: Language) {
  const endpoint = kind === 'csv' ? endpoints.reports.paymentsCsv : endpoints.reports.paymentsPdf;
  return download(endpoint, { query: { month, lang: language } }, { fallbackName: `naplate-${month}.${kind}` });
}

import useSWR from 'swr';
import { endpoints, printViewSchema, type Language, type PrintView } from '@faktura/shared';
import { apiKey, download } from '../../lib/api';
import { unexplainedError } from '../../lib/apiError';
import { request } from '../../lib/http';

/** The print view in a language; the id and the language are both in the path, so both key the cache. */
export const printViewPath = (id: number, language: Language) =>
  apiKey(endpoints.print.view, { params: { id }, query: { lang: language } });

/**
 * The answer is checked against the contract: the sheet reads deep into it, and a half answer (an
 * older server, a proxy) should show as a failure with a reason, not as a blank dialog.
 */
async function fetchPrintView(path: string): Promise<PrintView> {
  const parsed = printViewSchema.safeParse(await request<unknown>('GET', path));
  if (!parsed.success) throw unexplainedError(200, 'unexpectedResponse');
  return parsed.data;
}

export function usePrintView(id: number, language: Language) {
  return useSWR<PrintView, Error>(printViewPath(id, language), fetchPrintView);
}

/**
 * Fetches the invoice's PDF with the operator's token; the file name is the server's. The server
 * renders it from the same view; a client in Croatia gets Croatian whatever is asked.
 */
export function fetchInvoicePdf(id: number, language: Language) {
  return download(endpoints.print.pdf, { params: { id }, query: { lang: language } }, { fallbackName: `invoice-${id}.pdf` });
}

/**
 * Fetches the UBL 2.1 e-invoice of an issued invoice or credit note with the operator's token, its
 * embedded PDF in the language asked for; the file name is the server's ("7-POSL1-1.xml").
 */
export function fetchInvoiceUbl(id: number, language: Language) {
  return download(endpoints.print.ubl, { params: { id }, query: { lang: language } }, { fallbackName: `invoice-${id}.xml` });
}

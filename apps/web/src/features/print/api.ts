import useSWR from 'swr';
import { printViewSchema, type Language, type PrintView } from '@faktura/shared';
import { unexplainedError } from '../../lib/apiError';
import { downloadFile, request } from '../../lib/http';

/** The print view in a language; the id and the language are both in the path, so both key the cache. */
export const printViewPath = (id: number, language: Language) =>
  `/screen/v1/invoice/print/${id}?lang=${language}`;

/** The PDF the server renders from the same view; a client in Croatia gets Croatian whatever is asked. */
export const pdfPath = (id: number, language: Language) => `/api/v1/invoice/${id}/pdf?lang=${language}`;

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

/** Fetches the invoice's PDF with the operator's token; the file name is the server's. */
export function fetchInvoicePdf(id: number, language: Language) {
  return downloadFile(pdfPath(id, language), {
    accept: 'application/pdf',
    fallbackName: `invoice-${id}.pdf`,
  });
}

/** The UBL 2.1 e-invoice of an issued invoice or credit note, its embedded PDF in the language asked for. */
export const ublPath = (id: number, language: Language) => `/api/v1/invoice/${id}/ubl?lang=${language}`;

/** Fetches the e-invoice XML with the operator's token; the file name is the server's ("7-POSL1-1.xml"). */
export function fetchInvoiceUbl(id: number, language: Language) {
  return downloadFile(ublPath(id, language), {
    accept: 'application/xml',
    fallbackName: `invoice-${id}.xml`,
  });
}

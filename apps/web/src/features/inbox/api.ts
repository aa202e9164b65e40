import { type ImportAnswer, type InboxFetch, type Language, type ReceivedListQuery, type ReceivedPaymentCreate, type ReceivedReject, type RejectionReportedByHand, endpoints } from '@faktura/shared';
import { api, apiKey, apiPath, download, keysOf, useApi } from '../../lib/api';
import { request } from '../../lib/http';
import { saveBlob } from '../print';

export const INBOX_PAGE_SIZE = 50;

export const useInbox = (query: ReceivedListQuery) => useApi(endpoints.inbox.list, { query });
export const useReceived = (id: number | null) => useApi(endpoints.inbox.get, id === null ? null : { params: { id: String(id) } });
export const receivedKey = (id: number) => apiKey(endpoints.inbox.get, { params: { id: String(id) } });

/** Every page and filter of the inbox list and every received document, for `mutate` after a change. */
export const inboxKeys = keysOf(endpoints.inbox.list, endpoints.inbox.get, endpoints.inbox.attention);

/** Sends the chosen files (XML or zip) as the multipart form the import takes, one `files` part each. */
export function importFiles(files: File[]): Promise<ImportAnswer> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return request<ImportAnswer>('POST', apiPath(endpoints.inbox.import), { form });
}

/** "Fetch now": one round of the intermediary's inbox, answered with what it brought. */
export const fetchNow = (): Promise<InboxFetch> => api(endpoints.inbox.fetch);

/** The original XML, byte for byte as it came. */
export async function downloadXml(id: number, fallbackName: string): Promise<void> {
  const { blob, filename } = await download(endpoints.inbox.xml, { params: { id: String(id) } }, { fallbackName });
  saveBlob(blob, filename);
}

/** Faktura's own printable copy of a received document, in the reader's language. */
export async function downloadPdf(id: number, language: Language, fallbackName: string): Promise<void> {
  const { blob, filename } = await download(endpoints.inbox.pdf, { params: { id: String(id) }, query: { lang: language } }, { fallbackName });
  saveBlob(blob, filename);
}

/** A PDF (or other file) the supplier embedded in the e-invoice. */
export async function downloadAttachment(id: number, index: number, fallbackName: string): Promise<void> {
  const { blob, filename } = await download(endpoints.inbox.attachment, { params: { id: String(id), index: String(index) } }, { fallbackName });
  saveBlob(blob, filename);
}

/** The HUB-3A code to pay a received invoice, as an image the page can show. */
export async function paymentCodeBlob(id: number): Promise<Blob> {
  const { blob } = await download(endpoints.inbox.paymentCode, { params: { id: String(id) } }, { fallbackName: `hub3-${String(id)}.png` });
  return blob;
}

/** "Mark as paid": a payment the user made of a received invoice (decision 039). */
export const recordReceivedPayment = (id: number, body: ReceivedPaymentCreate) => api(endpoints.inbox.recordPayment, { params: { id: String(id) }, body });
/** Undoes a payment of a received invoice. */
export const deleteReceivedPayment = (id: number, paymentId: number) =>
  api(endpoints.inbox.deletePayment, { params: { id: String(id), paymentId: String(paymentId) } });
/** A received e-invoice's fiscalization as received; checked again every few seconds while Faktura is sending it. */
export const useReceivedFiscalization = (id: number, pending: boolean) =>
  useApi(endpoints.inbox.fiscalization, { params: { id: String(id) } }, { refreshInterval: pending ? 3_000 : 0 });
export const receivedFiscalizationKey = (id: number) => apiKey(endpoints.inbox.fiscalization, { params: { id: String(id) } });
/** "Fiscalize now": sends a pending or refused one at once. */
export const fiscalizeReceivedNow = (id: number) => api(endpoints.inbox.fiscalize, { params: { id: String(id) } });
/** Every message exchanged about it, exactly as sent and received. */
export const fetchReceivedFiscalMessages = (id: number) => api(endpoints.inbox.fiscalMessages, { params: { id: String(id) } });
/** "Reject": the user's rejection of a received e-invoice (decision 040). */
export const rejectReceived = (id: number, body: ReceivedReject) => api(endpoints.inbox.reject, { params: { id: String(id) }, body });
/** "Report now": a refused report (or one the intermediary refused) sent again at the next round (decision 042). */
export const reportRejectionNow = (id: number) => api(endpoints.inbox.reportRejectionNow, { params: { id: String(id) } });
/** "Mark as reported": the day the user reported it in FiskAplikacija (fiscalization off, decision 042). */
export const rejectionReportedByHand = (id: number, body: RejectionReportedByHand) => api(endpoints.inbox.rejectionReportedByHand, { params: { id: String(id) }, body });

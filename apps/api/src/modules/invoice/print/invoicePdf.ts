import { type Language, type PrintView, hub3Text } from '@faktura/shared';
import type { Db } from '../../../db/connection';
import { renderInvoicePdf } from './pdf';
import { buildPrintDocument } from './printView';
import { type PrintSources, loadPrintSources } from './sources';

/**
 * The PDF of an invoice and its file name, as the PDF download and the e-mail attachment both
 * give it. An issued invoice's PDF carries its time of issue as its creation date, so the same
 * invoice in the same language is the same file, byte for byte, whenever it is rendered.
 * `loaded`: the invoice's sources when the caller has read them already (the e-invoice download).
 */
export async function invoicePdf(db: Db, id: number, language: Language, loaded?: PrintSources): Promise<{ view: PrintView; fileName: string; pdf: Buffer }> {
  const sources = loaded ?? (await loadPrintSources(db, id));
  const { view, barcode } = await buildPrintDocument(db, id, language, sources);
  const issuedAt = sources.invoice.issued_at ? new Date(sources.invoice.issued_at) : undefined;
  const pdf = await renderInvoicePdf(view, { createdAt: issuedAt, barcodePng: barcode?.png });
  return { view, fileName: pdfFileName(view), pdf };
}

/** `RACUN-7-POSL1-1.pdf`: the document's name and its number. */
export function pdfFileName(view: PrintView): string {
  return `${hub3Text(view.commonData.type, 20)}-${(view.commonData.invoiceNumber ?? view.labels.draftMark ?? 'draft').replace(/\//g, '-')}.pdf`;
}

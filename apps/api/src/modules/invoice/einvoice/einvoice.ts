import type { Language } from '@faktura/shared';
import type { Db } from '../../../db/connection';
import { AppError } from '../../../http/errors';
import { operatorOib } from '../../auth';
import { invoicePdf } from '../print/invoicePdf';
import { type PrintSources, loadPrintSources, operatorOf } from '../print/sources';
import { type EInvoiceDocument, toEInvoiceDocument } from './document';
import { buildUbl } from './ubl';

/**
 * The UBL 2.1 e-invoice of an issued invoice or credit note, with its printout (PDF, in the given
 * language; Croatian for a Croatian client) embedded. Drafts have none: they have no number yet.
 * A caller that has already read the invoice's print sources, or rendered its PDF in that language,
 * passes them, so that neither is read or rendered twice (the e-mail attaches both).
 */
export async function renderEInvoice(
  db: Db,
  id: number,
  language: Language,
  read: { pdf?: Buffer | undefined; sources?: PrintSources | undefined } = {},
): Promise<{ number: string; xml: string }> {
  const doc = await documentOf(db, id, { language, eInvoice: true, ...read });
  return { number: doc.invoiceNumber, xml: buildUbl(doc.document) };
}

/**
 * The e-invoice of an issued document as data: with its printout embedded when a language is given
 * (the UBL download and the e-mail), without (the fiscalization message carries no attachment).
 */
export async function eInvoiceDocumentOf(db: Db, id: number, language?: Language): Promise<{ invoiceNumber: string; document: EInvoiceDocument }> {
  return documentOf(db, id, { language, eInvoice: true });
}

/**
 * The same projection of any issued document, a private person's too: what its fiscalization as a
 * consumer, cash or card invoice is built from (decision 031).
 */
export async function issuedDocumentOf(db: Db, id: number): Promise<{ invoiceNumber: string; document: EInvoiceDocument }> {
  return documentOf(db, id, { eInvoice: false });
}

/**
 * Why an issued document has no e-invoice, or null when it has one: a private person's never
 * becomes one (decision 031), and one needs its operator's OIB (HR-BT-5; the OIB frozen at issue, or
 * the one entered since). The accountant's export asks this before asking for the XML.
 */
export function eInvoiceRefusal(clientKind: 'BUSINESS' | 'CONSUMER' | undefined, operatorOib: string | null): 'einvoiceConsumer' | 'einvoiceOperatorOib' | null {
  if (clientKind === 'CONSUMER') return 'einvoiceConsumer';
  return operatorOib ? null : 'einvoiceOperatorOib';
}

/** `options.pdf`: the document's PDF in `language` when the caller has just rendered it (the same bytes). */
async function documentOf(
  db: Db,
  id: number,
  options: { language?: Language | undefined; eInvoice: boolean; pdf?: Buffer | undefined; sources?: PrintSources | undefined },
): Promise<{ invoiceNumber: string; document: EInvoiceDocument }> {
  const { language } = options;
  const sources = options.sources ?? (await loadPrintSources(db, id));
  const { invoice } = sources;
  if (invoice.state === 'DRAFT' || !invoice.invoice_number) throw new AppError('einvoiceDraft');
  // a private person's invoice is fiscalized with ZKI and JIR and never becomes an e-invoice (decision 031)
  if (options.eInvoice && sources.client.kind === 'CONSUMER') throw new AppError('einvoiceConsumer');
  // the operator as the invoice was issued by; an OIB entered only after issuing is taken from today
  const issuedBy = operatorOf(sources);
  const oib = issuedBy.oib ?? (await operatorOib(db, invoice.operator_id));
  if (!oib) throw new AppError('einvoiceOperatorOib', { params: { name: issuedBy.name } });
  const operator = { name: issuedBy.name, oib };
  const { original } = sources;
  // the very PDF the download and the e-mail give (its payment code drawn from the cached PNG)
  const pdf = options.pdf ?? (language ? (await invoicePdf(db, id, language, sources)).pdf : null);
  const document = toEInvoiceDocument(sources, {
    operator: { name: operator.name, oib: operator.oib },
    creditedInvoice: original?.invoice_number ? { number: original.invoice_number, billingDate: original.billing_date } : null,
    pdf,
    // the texts in the PDF's language (Croatian for the fiscalization message, which has no PDF)
    language: language ?? 'hr',
  });
  return { invoiceNumber: invoice.invoice_number, document };
}

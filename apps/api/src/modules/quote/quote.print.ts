import { type Language, type PrintView, formatDate, formatMoney, toEuroCents, translate } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { documentLanguage, issuerNotes, liveParties, printLabels, printedClient, printedLines, printedSender, renderInvoicePdf } from '../invoice';
import { lineFromRow } from './quote.lines';
import * as repo from './quote.repository';
import { findQuote, quoteNumber } from './quote.service';

/**
 * A quote laid out as an invoice is (the invoice module's print labels and A4 layout, the client and
 * issuer as they are today), headed PONUDA / QUOTE, with its date and "valid until" where an invoice
 * has its date and due date. It prints the issuer's IBAN (the client may pay an advance on it) and
 * so, always, "OVO NIJE FISKALIZIRANI RAČUN" (ZoF čl. 29; in English after the Croatian words); no
 * payment code and no reference number: nothing on it is an invoice to pay (decision 043).
 */
export async function quotePrintView(db: Db, id: number, requested: Language): Promise<{ view: PrintView; updatedAt: string }> {
  const row = await findQuote(db, id);
  const lines = (await repo.linesOf(db, id)).map(lineFromRow);
  const { client, issuer } = await liveParties(db, row.client_id);
  const language = documentLanguage(client, requested);
  const domestic = client.address.country_code === 'HR';
  const t = (key: string, params?: Record<string, string | number>) => translate(language, `print.${key}`, params);
  const q = (key: string, params?: Record<string, string | number>) => translate(language, `quotePrint.${key}`, params);
  const money = (cents: number) => formatMoney(cents, row.currency_code, language);
  const labels = {
    ...printLabels(language, false),
    invoiceNumber: q('invoiceNumber'),
    createDate: q('createDate'),
    // the facts' due-date row carries the quote's last valid day
    paymentDueDate: q('validUntil'),
  };
  const footnotes: string[] = [];
  if (row.vat_treatment !== 'DOMESTIC') footnotes.push(t(`notes.${row.vat_treatment}`));
  footnotes.push(q('validity', { date: formatDate(row.valid_until, language) }));
  footnotes.push(q('paymentTerms', { count: row.payment_due_days }));
  if (row.note) footnotes.push(row.note);
  const own = issuerNotes(issuer, language);
  if (own.footnote) footnotes.push(own.footnote);
  const iban = issuer.iban;

  const view: PrintView = {
    language,
    languageSwitchable: !domestic,
    draft: false,
    documentType: 'INVOICE',
    labels,
    client: printedClient(client, language),
    commonData: {
      invoiceNumber: quoteNumber(row),
      extraInfo: null,
      createDate: formatDate(row.quote_date, language),
      deliveryDate: '',
      servicePeriod: null,
      paymentDueDate: formatDate(row.valid_until, language),
      printName: q('printName'),
      type: q('type'),
      footer: own.footer,
      issueDateTime: null,
      placeOfIssue: issuer.address?.city ?? null,
      creditNote: null,
    },
    sender: printedSender(issuer, language),
    paymentData: { paymentMethod: t(`paymentMethods.${row.payment_method}`), iban, swift: issuer.swift, referenceNumber: null },
    operator: { stationNumber: '', name: '', premisesCode: null, deviceCode: null },
    content: {
      ...printedLines(lines, row.vat_treatment, row.currency_code, language),
      subtotal: money(row.subtotal_cents),
      tax: money(row.vat_cents),
      total: money(row.total_cents),
      primaryCurrencyCode: row.currency_code,
      totalPrimary: money(row.total_cents),
      totalSecondary: row.currency_code === 'EUR' ? null : formatMoney(toEuroCents(row.total_cents, row.eur_fx_rate), 'EUR', language),
      euroFxRate: null,
      invoiceCurrency: row.currency_code,
      footnotes,
    },
    fiscal: null,
    // payment details on a document that is not an invoice: it says so (ZoF čl. 29)
    notFiscalized: iban ? t('fiscal.notFiscalized') : null,
  };
  return { view, updatedAt: row.updated_at };
}

/** `PONUDA-P-3-2026.pdf`. */
export const quotePdfName = (view: PrintView) => `${view.commonData.printName}-${(view.commonData.invoiceNumber ?? '').replace(/\//g, '-')}.pdf`;

/** The quote's PDF: the same file for the same quote as last saved (its time of change is the PDF's date). */
export async function quotePdf(db: Db, id: number, requested: Language): Promise<{ view: PrintView; fileName: string; pdf: Buffer }> {
  const { view, updatedAt } = await quotePrintView(db, id, requested);
  const pdf = await renderInvoicePdf(view, { createdAt: new Date(updatedAt) });
  return { view, fileName: quotePdfName(view), pdf };
}

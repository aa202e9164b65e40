import {
  type Language,
  type PrintFiscal,
  type PrintView,
  catalogues,
  formatMoney,
  timeInZagreb,
  toEuroCents,
  todayInZagreb,
  translate,
} from '@faktura/shared';
import type { Db } from '../../../db/connection';
import { verificationUrl } from '../../fiscalization';
import type { FiscalRecord, InvoiceWithNames } from '../invoice.repository';
import { documentLanguage, formatDate, formatIssueDateTime, formatPercent, formatRate } from './format';
import { cachedVerificationQr, toDataUrl } from './barcodes';
import { printedClient, printedLines, printedSender } from './printParts';
import { paymentCode } from './paymentCode';
import { type IssuerData, type PrintSources, loadPrintSources, operatorOf } from './sources';

/** Flattens the print catalogue of a language into `{ "columns.name": "Opis", ... }` for renderers. */
export function printLabels(language: Language, creditNote: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (node: object, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string') out[prefix + key] = value;
      else walk(value as object, `${prefix}${key}.`);
    }
  };
  walk(catalogues[language].print, '');
  if (creditNote) {
    // a credit note's facts are named as its own: "Broj odobrenja", "Datum odobrenja"
    out.invoiceNumber = out['creditNote.invoiceNumber'] ?? out.invoiceNumber ?? '';
    out.createDate = out['creditNote.createDate'] ?? out.createDate ?? '';
  }
  return out;
}

/**
 * The issuer's own footnote and footer in the invoice's language: an English invoice prints the
 * English variants, falling back to the Croatian text where none was entered.
 */
export function issuerNotes(issuer: IssuerData, language: Language): { footnote: string | null; footer: string | null } {
  const english = language === 'en';
  return {
    footnote: (english && issuer.default_footnote_en) || issuer.default_footnote,
    footer: (english && issuer.footer_text_en) || issuer.footer_text,
  };
}

/**
 * What a fiscalized invoice prints of its fiscalization (ZoF čl. 7, TS-F1; decision 031): its row in
 * the outbox is of kind RACUN and has its ZKI. The time and the QR code's `datv` are both the invoice's
 * moment of issue, the one its ZKI was computed from; while no JIR came, the QR code links the ZKI.
 */
async function fiscalBlock(
  record: FiscalRecord | undefined,
  invoice: InvoiceWithNames,
  operatorLabel: string,
  language: Language,
): Promise<PrintFiscal | null> {
  if (record?.kind !== 'RACUN' || !record.zki || !invoice.issued_at) return null;
  const issuedAt = new Date(invoice.issued_at);
  const url = verificationUrl({ jir: record.jir, zki: record.zki, issuedAt, totalCents: invoice.total_cents });
  const qr = await cachedVerificationQr(url);
  const missing = record.status === 'FAILED' ? 'jirMissing' : 'jirPending';
  return {
    issuedAt: formatIssueDateTime(invoice.issued_at, timeInZagreb(issuedAt), language) ?? '',
    operatorLabel,
    zki: record.zki,
    jir: record.jir,
    jirText: record.jir ?? translate(language, `print.fiscal.${missing}`),
    verificationUrl: url,
    qrUrl: toDataUrl(qr.png),
    qrSizeMm: qr.sizeMm,
  };
}

/**
 * A draft that would be fiscalized once issued — to a private person, or paid in cash or by card
 * (decision 031) — shows payment details without being an invoice: it says so (ZoF čl. 29). A draft
 * reads its client's kind as it is today, as it prints the rest of the client.
 */
function fiscalizedWhenIssued(invoice: InvoiceWithNames, client: { kind?: 'BUSINESS' | 'CONSUMER' | undefined }): boolean {
  return client.kind === 'CONSUMER' || invoice.payment_method === 'CASH' || invoice.payment_method === 'CARD';
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/**
 * The print view of spec §3. For a client in Croatia the language is always Croatian; otherwise
 * the requested one. Every figure comes from the stored lines and totals.
 */
export async function buildPrintView(db: Db, id: number, requested: Language, loaded?: PrintSources): Promise<PrintView> {
  const { view, barcode } = await buildPrintDocument(db, id, requested, loaded);
  return barcode ? { ...view, barcodeUrl: toDataUrl(barcode.png) } : view;
}

/** The print view with its payment code as the PNG itself (the PDF draws it without a data URL). */
export async function buildPrintDocument(
  db: Db,
  id: number,
  requested: Language,
  loaded?: PrintSources,
): Promise<{ view: PrintView; barcode: { kind: 'HUB3' | 'EPC'; png: Buffer } | undefined }> {
  const { invoice, lines, client, issuer, original, fiscal, advances } = loaded ?? (await loadPrintSources(db, id));
  const creditNote = invoice.document_type === 'CREDIT_NOTE';
  // an advance invoice states money received; a final invoice deducts advances (issue 48)
  const advance = invoice.document_type === 'ADVANCE';
  const remainingCents = invoice.total_cents - invoice.prepaid_cents;
  const domestic = client.address.country_code === 'HR';
  const language: Language = documentLanguage(client, requested);
  const t = (key: string, params?: Record<string, string | number>) => translate(language, `print.${key}`, params);
  const money = (cents: number) => formatMoney(cents, invoice.currency_code, language);
  const draft = invoice.state === 'DRAFT';
  const model = invoice.reference_model ?? 'HR00';
  const reference =
    invoice.reference_number ?? (invoice.number_seq !== null ? `${invoice.number_seq}-${invoice.number_year}` : null);

  const footnotes: string[] = [];
  if (invoice.vat_treatment !== 'DOMESTIC') footnotes.push(t(`notes.${invoice.vat_treatment}`));
  // a draft is dated the day it is issued (decision 026): its terms count from today
  const days = daysBetween(draft ? todayInZagreb() : invoice.billing_date, invoice.payment_due_date);
  const dueDate = formatDate(invoice.payment_due_date, language);
  if (creditNote) footnotes.push(t('creditNote.nothingToPay', { number: original?.invoice_number ?? '' }));
  else if (advance) {
    const received = formatDate(invoice.cleared_at ?? invoice.billing_date, language);
    footnotes.push(t('advance.received', { date: received, method: t(`paymentMethods.${invoice.payment_method}`) }));
  } else if (advances.length > 0 && remainingCents <= 0) footnotes.push(t('advances.paidInFull'));
  else footnotes.push(days > 0 ? t('notes.paymentTerms', { date: dueDate, count: days }) : t('notes.paymentTermsSameDay', { date: dueDate }));
  const ownNotes = issuerNotes(issuer, language);
  if (ownNotes.footnote) footnotes.push(ownNotes.footnote);

  const code =
    // nothing is paid on a credit note, so it has no payment code
    // nor on an advance invoice (paid already), nor on a final invoice its advances paid in full
    !draft && !creditNote && !advance && remainingCents > 0 && invoice.invoice_number && reference
      ? await paymentCode({
          language, invoiceNumber: invoice.invoice_number, totalCents: remainingCents, currencyCode: invoice.currency_code,
          paymentMethod: invoice.payment_method, model, reference, client, issuer,
        })
      : undefined;

  const operatorName = operatorOf({ invoice, issuer }).name;
  const view: PrintView = {
    language,
    languageSwitchable: !domestic,
    draft,
    documentType: creditNote ? 'CREDIT_NOTE' : advance ? 'ADVANCE' : 'INVOICE',
    labels: printLabels(language, creditNote),
    client: printedClient(client, language),
    commonData: {
      invoiceNumber: invoice.invoice_number,
      extraInfo: invoice.extra_info,
      createDate: draft ? t('datedWhenIssued') : formatDate(invoice.billing_date, language),
      deliveryDate: formatDate(invoice.delivery_date, language),
      servicePeriod:
        invoice.service_period_start && invoice.service_period_end
          ? // each date kept whole: a narrow column breaks the period at its dash only
            [invoice.service_period_start, invoice.service_period_end].map((day) => formatDate(day, language).replace(/ /g, '\u00a0')).join(' – ')
          : null,
      paymentDueDate: creditNote ? '' : dueDate,
      printName: t(creditNote ? 'creditNote.printName' : advance ? 'advance.printName' : 'printName'),
      type: t(creditNote ? 'creditNote.type' : advance ? 'advance.type' : 'type'),
      footer: ownNotes.footer,
      issueDateTime: formatIssueDateTime(invoice.issued_at, invoice.issue_time, language),
      placeOfIssue: issuer.address?.city ?? null,
      creditNote: creditNote
        ? {
            forInvoice: t('creditNote.forInvoice', {
              number: original?.invoice_number ?? '',
              date: original ? formatDate(original.billing_date, language) : '',
            }),
            reason: invoice.credit_reason ?? '',
          }
        : null,
    },
    sender: printedSender(issuer, language),
    paymentData: {
      paymentMethod: t(`paymentMethods.${invoice.payment_method}`),
      iban: issuer.iban,
      swift: issuer.swift,
      referenceNumber: reference ? `${model} ${reference}` : null,
    },
    operator: {
      stationNumber: invoice.premises_code && invoice.device_code ? `${invoice.premises_code}/${invoice.device_code}` : '',
      name: operatorName,
      premisesCode: invoice.premises_code,
      deviceCode: invoice.device_code,
    },
    content: {
      ...printedLines(lines, invoice.vat_treatment, invoice.currency_code, language),
      subtotal: money(invoice.subtotal_cents),
      tax: money(invoice.vat_cents),
      total: money(invoice.total_cents),
      primaryCurrencyCode: invoice.currency_code,
      totalPrimary: money(invoice.total_cents),
      totalSecondary:
        invoice.currency_code === 'EUR' ? null : formatMoney(toEuroCents(invoice.total_cents, invoice.eur_fx_rate), 'EUR', language),
      euroFxRate: invoice.eur_fx_rate
        ? t('euroFxRate', { rate: formatRate(invoice.eur_fx_rate, language), currency: invoice.currency_code })
        : null,
      invoiceCurrency: invoice.currency_code,
      footnotes,
      ...(advances.length > 0
        ? {
            advances: {
              title: t('advances.title'),
              columnTitles: ['number', 'date', 'rate', 'base', 'vat', 'total'].map((c) => t(`advances.${c}`)),
              // one row per advance and rate: its base and VAT deducted (VAT Act art. 79)
              rows: advances.flatMap((a) =>
                a.vatGroups.map((g) => ({
                  number: a.number ?? '',
                  date: formatDate(a.billingDate, language),
                  rate: formatPercent(g.rateBp, language),
                  base: money(g.baseCents),
                  vat: money(g.vatCents),
                  total: money(g.baseCents + g.vatCents),
                })),
              ),
              prepaidLabel: t('advances.prepaid'),
              prepaid: money(invoice.prepaid_cents),
              remainingLabel: t('advances.remaining'),
              remaining: money(Math.max(0, remainingCents)),
            },
          }
        : {}),
    },
    ...(code ? { barcodeKind: code.kind } : {}),
    fiscal: await fiscalBlock(fiscal, invoice, operatorName, language),
    notFiscalized: draft && fiscalizedWhenIssued(invoice, client) ? t('fiscal.notFiscalized') : null,
  };
  return { view, barcode: code };
}

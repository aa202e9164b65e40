import PDFDocument from 'pdfkit';
import { type Language, type ReceivedDocument, type ReceivedParty, formatDate, formatMoney, translate } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { NO_STANDARD_FONT, useBundledFonts, pdfBuffer } from '../invoice';
import { originalFileName } from './inbox.names';
import { getReceived } from './inbox.service';

/*
 * Faktura's own printable copy of a received document (issue 46, GET /api/v1/inbox/{id}/pdf): A4, in
 * the reader's language (field labels; the supplier's texts as sent), what the document's page shows:
 * parties, dates, lines with KPD codes, the VAT breakdown, totals, payment details, notes and the
 * SHA-256 of the original. Its heading says it is a print of a received e-invoice, not a document
 * Faktura issued: the original is the XML, kept byte for byte. The invoice module's bundled fonts
 * (DejaVu, č ć đ š ž, shaped words shared) print it.
 */

const MARGIN = 40;
const PAGE = { width: 595.28, height: 841.89 };
const WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN - 20;
const GREY = '#555555';

/** A UBL decimal in the reader's way of writing numbers, trailing zeros dropped (`1.000` → `1`, `2,5`). */
function decimalFor(value: string, language: Language, minDigits = 0): string {
  const digits = /\.(\d+)$/.exec(value)?.[1]?.replace(/0+$/, '').length ?? 0;
  const number = Number(value);
  if (!Number.isFinite(number)) return value;
  return new Intl.NumberFormat(language === 'hr' ? 'hr-HR' : 'en-GB', {
    minimumFractionDigits: Math.min(minDigits, 20),
    maximumFractionDigits: Math.min(Math.max(digits, minDigits), 20),
  }).format(number);
}

const LINE_COLUMNS = [
  { key: 'name', width: 0 },
  { key: 'kpd', width: 62 },
  { key: 'quantity', width: 62, right: true },
  { key: 'price', width: 70, right: true },
  { key: 'vat', width: 50, right: true },
  { key: 'net', width: 80, right: true },
] as const;
const GAP = 6;
const widthOf = (c: (typeof LINE_COLUMNS)[number]) => c.width || WIDTH - LINE_COLUMNS.reduce((sum, x) => sum + x.width, 0);

export async function receivedPdf(db: Db, id: number, language: Language): Promise<{ pdf: Buffer; fileName: string }> {
  const document = await getReceived(db, id);
  const pdf = await renderReceivedPdf(document, language);
  return { pdf, fileName: originalFileName(document.supplierOib, document.number).replace(/\.xml$/, '.pdf') };
}

export function renderReceivedPdf(d: ReceivedDocument, language: Language): Promise<Buffer> {
  const t = (key: string, params: Record<string, string | number> = {}) => translate(language, `inbox.${key}`, params);
  // a credit note's amounts negative, as its page and Faktura's own credit notes show them
  const money = (cents: number) => formatMoney(d.documentType === 'CREDIT_NOTE' && cents !== 0 ? -cents : cents, d.currency, language);
  const day = (iso: string | null) => (iso ? formatDate(iso, language) : '');
  const kind = t(d.documentType === 'CREDIT_NOTE' ? 'print.creditNote' : 'print.invoice');
  const title = `${t('print.heading')}: ${kind} ${d.number}`;
  const doc = new PDFDocument({
    ...NO_STANDARD_FONT,
    size: 'A4',
    margin: MARGIN,
    lang: language === 'hr' ? 'hr-HR' : 'en-GB',
    displayTitle: true,
    info: { Title: title, Creator: 'Faktura' },
  });
  useBundledFonts(doc);
  const done = pdfBuffer(doc);
  let y = MARGIN;
  const room = (height: number) => {
    if (y + height > BOTTOM) {
      doc.addPage();
      y = MARGIN;
    }
  };
  const heading = (text: string) => {
    room(40);
    y += 8;
    doc.font('bold').fontSize(10).fillColor('#000000').text(text, MARGIN, y, { width: WIDTH });
    y = doc.y + 3;
  };
  /** Label: value pairs, one a line, the labels in grey. */
  const pairs = (rows: [string, string | null | undefined][], x = MARGIN, width = WIDTH): number => {
    let at = y;
    for (const [label, value] of rows) {
      if (!value) continue;
      doc.font('regular').fontSize(8.5).fillColor(GREY).text(`${label}: `, x, at, { width, continued: true }).fillColor('#000000').text(value);
      at = doc.y + 1;
    }
    return at;
  };

  // the heading: a print of a received document, not one of ours
  doc.font('bold').fontSize(15).text(t('print.heading'), MARGIN, y, { width: WIDTH });
  doc.font('regular').fontSize(8.5).fillColor(GREY).text(t('print.notIssued'), { width: WIDTH });
  doc.font('bold').fontSize(12).fillColor('#000000').text(`${kind} ${d.number}`, { width: WIDTH });
  y = doc.y + 6;

  // the parties side by side
  const half = (WIDTH - 20) / 2;
  const party = (label: string, p: ReceivedParty, x: number): number => {
    doc.font('bold').fontSize(10).fillColor('#000000').text(label, x, y, { width: half });
    doc.font('regular').fontSize(9).text(p.name, x, doc.y, { width: half });
    const { street, postcode, city, country } = p.address;
    const place = [[postcode, city].filter(Boolean).join(' '), country].filter(Boolean).join(', ');
    for (const line of [street, place]) if (line) doc.text(line, x, doc.y, { width: half });
    const top = y;
    y = doc.y + 1;
    const end = pairs(
      [
        [t('detail.oib'), p.oib],
        [t('detail.vatId'), p.vatId],
        [t('detail.endpoint'), p.endpoint],
        ['E-mail', p.email],
      ],
      x,
      half,
    );
    y = top;
    return end;
  };
  const bottom = Math.max(party(t('detail.supplier'), d.supplier, MARGIN), party(t('detail.buyer'), d.buyer, MARGIN + half + 20));
  y = bottom + 4;

  heading(t('detail.dates'));
  y = pairs([
    [t('detail.issueDate'), [day(d.issueDate), d.issueTime].filter(Boolean).join(' ')],
    [t('detail.dueDate'), day(d.dueDate)],
    [t('detail.deliveryDate'), day(d.deliveryDate)],
    [t('detail.period'), d.period && (d.period.start || d.period.end) ? `${day(d.period.start)} – ${day(d.period.end)}` : null],
    [t('detail.receivedAt'), day(d.receivedAt.slice(0, 10))],
    [t('detail.contact'), d.supplierContact ? [d.supplierContact.name, d.supplierContact.id].filter(Boolean).join(', ') : null],
    [t('detail.buyerReference'), d.buyerReference],
    [t('detail.orderReference'), d.orderReference],
    [t('detail.contractReference'), d.contractReference],
    ...d.billingReferences.map((r): [string, string] => [t('detail.billingReference'), [r.number, day(r.issueDate)].filter(Boolean).join(', ')]),
  ]);

  // the lines
  heading(t('detail.lines'));
  const lineHeader = () => {
    doc.font('bold').fontSize(8).fillColor('#000000');
    let x = MARGIN;
    for (const c of LINE_COLUMNS) {
      doc.text(t(`detail.lineColumns.${c.key}`), x, y, { width: widthOf(c) - GAP, align: 'right' in c ? 'right' : 'left' });
      x += widthOf(c);
    }
    y = doc.y + 2;
    doc.moveTo(MARGIN, y).lineTo(MARGIN + WIDTH, y).lineWidth(0.5).stroke();
    y += 3;
  };
  lineHeader();
  for (const line of d.lines) {
    const name = [line.name, line.description, line.note].filter(Boolean).join('\n');
    const cells: Record<(typeof LINE_COLUMNS)[number]['key'], string> = {
      name,
      kpd: line.kpd ?? '',
      quantity: [decimalFor(line.quantity, language), line.unitCode].filter(Boolean).join(' '),
      price: line.price === null ? '' : decimalFor(line.price, language, 2),
      vat: [line.vatCategory, line.vatRate === null ? null : `${decimalFor(String(line.vatRate), language)} %`].filter(Boolean).join(' '),
      net: money(line.netCents),
    };
    doc.font('regular').fontSize(8);
    const height = Math.max(...LINE_COLUMNS.map((c) => doc.heightOfString(cells[c.key] || ' ', { width: widthOf(c) - GAP })));
    if (y + height > BOTTOM) {
      doc.addPage();
      y = MARGIN;
      lineHeader();
      doc.font('regular').fontSize(8);
    }
    let x = MARGIN;
    for (const c of LINE_COLUMNS) {
      doc.text(cells[c.key], x, y, { width: widthOf(c) - GAP, align: 'right' in c ? 'right' : 'left' });
      x += widthOf(c);
    }
    y += height + 3;
  }

  // the VAT breakdown and the totals
  heading(t('detail.vatBreakdown'));
  const vatColumns = [t('detail.vatColumns.category'), t('detail.vatColumns.rate'), t('detail.vatColumns.base'), t('detail.vatColumns.vat')];
  const vatWidth = WIDTH / 4;
  const vatRow = (cells: string[], font: 'bold' | 'regular') => {
    room(14);
    doc.font(font).fontSize(8).fillColor('#000000');
    cells.forEach((cell, i) => doc.text(cell, MARGIN + i * vatWidth, y, { width: vatWidth - GAP, align: i >= 1 ? 'right' : 'left' }));
    y = doc.y + 2;
  };
  vatRow(vatColumns, 'bold');
  for (const group of d.vatBreakdown) {
    vatRow([[group.category, group.exemptionReason].filter(Boolean).join(' – '), group.rate === null ? '' : `${decimalFor(String(group.rate), language)} %`, money(group.baseCents), money(group.vatCents)], 'regular');
  }
  y += 4;
  const totals: [string, number, boolean][] = [
    [t('detail.totals.lineExtension'), d.totals.lineExtensionCents, false],
    ...(d.totals.allowanceCents ? [[t('detail.totals.allowance'), d.totals.allowanceCents, false] as [string, number, boolean]] : []),
    ...(d.totals.chargeCents ? [[t('detail.totals.charge'), d.totals.chargeCents, false] as [string, number, boolean]] : []),
    [t('detail.totals.taxExclusive'), d.totals.taxExclusiveCents, false],
    [t('detail.totals.vat'), d.vatCents, false],
    [t('detail.totals.total'), d.totalCents, false],
    ...(d.totals.prepaidCents ? [[t('detail.totals.prepaid'), d.totals.prepaidCents, false] as [string, number, boolean]] : []),
    ...(d.totals.roundingCents ? [[t('detail.totals.rounding'), d.totals.roundingCents, false] as [string, number, boolean]] : []),
    [t('detail.totals.payable'), d.payableCents, true],
  ];
  for (const [label, cents, strong] of totals) {
    room(14);
    doc.font(strong ? 'bold' : 'regular').fontSize(strong ? 10 : 8.5).fillColor('#000000');
    doc.text(label, MARGIN + WIDTH / 2, y, { width: WIDTH / 4 });
    doc.text(money(cents), MARGIN + (WIDTH * 3) / 4, y, { width: WIDTH / 4 - GAP, align: 'right' });
    y = doc.y + 2;
  }

  heading(t('detail.payment'));
  y = pairs([
    [t('detail.iban'), d.payment.iban],
    [t('detail.bic'), d.payment.bic],
    [t('detail.accountName'), d.payment.accountName],
    [t('detail.paymentId'), d.payment.paymentId],
    [t('detail.terms'), d.payment.terms],
    [t('print.meansCode'), d.payment.meansCode],
  ]);

  if (d.notes.length > 0) {
    heading(t('detail.notes'));
    doc.font('regular').fontSize(8.5).fillColor('#000000');
    for (const note of d.notes) {
      room(12);
      doc.text(note, MARGIN, y, { width: WIDTH });
      y = doc.y + 2;
    }
  }

  heading(t('detail.original'));
  y = pairs([
    [t('detail.sha256'), d.sha256],
    [t('detail.size'), t('detail.sizeValue', { kb: decimalFor((d.byteSize / 1024).toFixed(1), language, 1) })],
    [t('detail.retainedUntil'), day(d.retainedUntil)],
    [t('detail.providerId'), d.providerDocumentId],
  ]);
  room(20);
  doc.font('regular').fontSize(7.5).fillColor(GREY).text(t('print.footer'), MARGIN, y + 6, { width: WIDTH });
  doc.end();
  return done;
}

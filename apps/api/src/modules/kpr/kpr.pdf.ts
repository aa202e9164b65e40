import PDFDocument from 'pdfkit';
import { type KprAnswer, formatMoney } from '@faktura/shared';
import { NO_STANDARD_FONT, useBundledFonts, pdfBuffer } from '../invoice';
import { dottedDate } from './kpr.csv';

/*
 * The KPR printed (decision 029): A4, the form's Croatian title and columns, the issuer's name, OIB
 * and address and the year at the head; the rows with a subtotal after each month and quarter, the
 * year's total, and at every page break the sums so far carried over ("Za prijenos" at the foot,
 * "Prijenos" at the head of the next page), as a paper ledger carries them; then the quarters for
 * PO-SD. The bundled DejaVu fonts (the invoice's) have č ć đ š ž.
 */

const MARGIN = 40;
const PAGE = { width: 595.28, height: 841.89 };
const WIDTH = PAGE.width - 2 * MARGIN;
const COLUMNS = [
  { title: 'Redni broj', width: 45, align: 'right' },
  { title: 'Datum', width: 65, align: 'left' },
  { title: 'Broj računa', width: 120, align: 'left' },
  { title: 'Iznos naplaćen u gotovini / karticom', width: 100, align: 'right' },
  { title: 'Iznos naplaćen bezgotovinski (transakcijski račun)', width: 105, align: 'right' },
  { title: 'Ukupno', width: 80, align: 'right' },
] as const;
const ROW = 16;
/** Room kept at a page's foot for the carry-over row and the page number. */
const FOOT = MARGIN + 2 * ROW + 12;

export const MONTHS = ['siječanj', 'veljača', 'ožujak', 'travanj', 'svibanj', 'lipanj', 'srpanj', 'kolovoz', 'rujan', 'listopad', 'studeni', 'prosinac'];
const QUARTERS = ['I.', 'II.', 'III.', 'IV.'];

const eur = (cents: number) => formatMoney(cents, 'EUR', 'hr');

interface Sums {
  cashCents: number;
  nonCashCents: number;
  totalCents: number;
}

type Doc = PDFKit.PDFDocument;

function cells(doc: Doc, values: readonly string[], y: number, bold = false): void {
  doc.font(bold ? 'bold' : 'regular').fontSize(8.5);
  let x = MARGIN;
  COLUMNS.forEach((column, i) => {
    doc.text(values[i] ?? '', x + 3, y + 4, { width: column.width - 6, align: column.align, lineBreak: false, ellipsis: true });
    x += column.width;
  });
}

function sumRow(doc: Doc, label: string, sums: Sums, y: number): void {
  doc.rect(MARGIN, y, WIDTH, ROW).fillColor('#eeeeee').fill().fillColor('#000000');
  doc.font('bold').fontSize(8.5).text(label, MARGIN + 3, y + 4, { width: 225, lineBreak: false, ellipsis: true });
  cells(doc, ['', '', '', eur(sums.cashCents), eur(sums.nonCashCents), eur(sums.totalCents)], y, true);
}

function columnHeads(doc: Doc, y: number): number {
  const height = 44;
  doc.rect(MARGIN, y, WIDTH, height).lineWidth(0.6).stroke();
  let x = MARGIN;
  doc.font('bold').fontSize(7.5);
  COLUMNS.forEach((column, i) => {
    if (i > 0) doc.moveTo(x, y).lineTo(x, y + height).stroke();
    doc.text(column.title, x + 3, y + 3, { width: column.width - 6, align: 'center' });
    doc.text(String(i + 1), x + 3, y + height - 10, { width: column.width - 6, align: 'center' });
    x += column.width;
  });
  return y + height;
}

function head(doc: Doc, kpr: KprAnswer): number {
  doc.font('bold').fontSize(15).text('KNJIGA PROMETA', MARGIN, MARGIN, { width: WIDTH, align: 'center' });
  doc.font('regular').fontSize(9).text(`Obrazac KPR · za ${String(kpr.year)}. godinu · iznosi u eurima`, { width: WIDTH, align: 'center' });
  doc.moveDown(0.8);
  const issuer = kpr.issuer;
  doc.font('bold').fontSize(10).text(`Obveznik: ${issuer?.name ?? '—'}`, MARGIN, doc.y, { width: WIDTH });
  doc.font('regular').fontSize(9);
  doc.text(`OIB: ${issuer?.oib ?? '—'}`, { width: WIDTH });
  doc.text(`Adresa: ${issuer?.address || '—'}`, { width: WIDTH });
  return doc.y + 8;
}

/** The page's number and how many there are, at each page's foot (after all pages exist). */
function pageNumbers(doc: Doc, year: number): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // below the bottom margin pdfkit would start a new page for the text: the foot is drawn without it
    doc.page.margins.bottom = 0;
    doc.font('regular').fontSize(7.5).fillColor('#555555');
    doc.text(`KPR ${String(year)}. · stranica ${String(i + 1)} od ${String(range.count)}`, MARGIN, PAGE.height - MARGIN + 8, {
      width: WIDTH,
      align: 'right',
      lineBreak: false,
    });
    doc.fillColor('#000000');
  }
}

export function kprPdf(kpr: KprAnswer): Promise<Buffer> {
  const doc = new PDFDocument({
    ...NO_STANDARD_FONT,
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `Knjiga prometa (KPR) ${String(kpr.year)}.`, Author: kpr.issuer?.name ?? 'Faktura' },
  });
  useBundledFonts(doc);
  const done = pdfBuffer(doc);

  let y = columnHeads(doc, head(doc, kpr));
  const carried: Sums = { cashCents: 0, nonCashCents: 0, totalCents: 0 };
  /** Makes room for one more row: at a page's foot the sums so far go over to the next page. */
  const room = () => {
    if (y + ROW <= PAGE.height - FOOT) return;
    sumRow(doc, 'Za prijenos', carried, y);
    doc.addPage();
    y = columnHeads(doc, MARGIN);
    sumRow(doc, 'Prijenos', carried, y);
    y += ROW;
  };

  if (kpr.rows.length === 0) {
    doc.font('regular').fontSize(9).text(`U ${String(kpr.year)}. godini nema evidentiranih naplata.`, MARGIN + 3, y + 6);
    y += ROW + 4;
  }
  kpr.rows.forEach((row, i) => {
    room();
    cells(doc, [`${String(row.no)}.`, dottedDate(row.date), row.invoiceNumber, eur(row.cashCents), eur(row.nonCashCents), eur(row.totalCents)], y);
    doc.moveTo(MARGIN, y + ROW).lineTo(MARGIN + WIDTH, y + ROW).lineWidth(0.3).strokeColor('#bbbbbb').stroke().strokeColor('#000000');
    y += ROW;
    carried.cashCents += row.cashCents;
    carried.nonCashCents += row.nonCashCents;
    carried.totalCents += row.totalCents;
    const month = Number(row.date.slice(5, 7));
    const next = kpr.rows[i + 1];
    const nextMonth = next ? Number(next.date.slice(5, 7)) : 13;
    if (nextMonth !== month) {
      const sums = kpr.months[month - 1];
      room();
      if (sums) sumRow(doc, `Ukupno ${MONTHS[month - 1] ?? ''}`, sums, y);
      y += ROW;
      const quarter = Math.floor((month - 1) / 3);
      if (Math.floor((nextMonth - 1) / 3) !== quarter) {
        const q = kpr.quarters[quarter];
        room();
        if (q) sumRow(doc, `Ukupno ${QUARTERS[quarter] ?? ''} tromjesečje`, q, y);
        y += ROW;
      }
    }
  });
  room();
  sumRow(doc, `Ukupno ${String(kpr.year)}. godina`, kpr.total, y);
  y += ROW + 18;

  // the quarters as PO-SD asks for them
  if (y + 6 * ROW > PAGE.height - FOOT) {
    doc.addPage();
    y = MARGIN;
  }
  doc.font('bold').fontSize(10).text('Primici po tromjesečjima (za Obrazac PO-SD)', MARGIN, y, { width: WIDTH });
  y = doc.y + 4;
  kpr.quarters.forEach((q, i) => {
    cells(doc, ['', '', `${QUARTERS[i] ?? ''} tromjesečje`, eur(q.cashCents), eur(q.nonCashCents), eur(q.totalCents)], y);
    y += ROW;
  });
  sumRow(doc, 'Ukupno', kpr.total, y);

  pageNumbers(doc, kpr.year);
  doc.end();
  return done;
}

import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { LRUCache } from 'lru-cache';
import PDFDocument from 'pdfkit';
import { type PrintView, printedCreateDate, taxNumberKind } from '@faktura/shared';
// the symbol's edge, its quiet zone aside (TS-F1 2.7: at least 2 × 2 cm)
import { QR_MIN_SIZE_MM } from '../../fiscalization';
import { pdfBuffer } from './pdfBuffer';

const require = createRequire(import.meta.url);
/** The only files rendering reads: the bundled DejaVu fonts, which have č ć đ š ž. */
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
/**
 * Read and parsed once: pdfkit takes a parsed fontkit font as well as bytes, and parsing DejaVu's
 * tables was a fifth of every PDF's time. A parsed font is only read from (each document keeps its own
 * subset of the glyphs it uses), so one serves every document.
 */
let fonts: { regular: fontkit.Font; bold: fontkit.Font } | undefined;
const parsed = (file: string): fontkit.Font => {
  const font = fontkit.create(fs.readFileSync(file));
  if (!('layout' in font)) throw new Error(`${file} is a font collection`);
  return font;
};
const parsedFonts = () => (fonts ??= { regular: parsed(FONT_REGULAR), bold: parsed(FONT_BOLD) });

/**
 * Words as shaped by fontkit (glyphs, kerning, ligatures), shared by every document: pdfkit shapes
 * each word of a text once per document and keeps the result in that document's font only, so every
 * PDF shaped its labels, headings and common words afresh — about a third of a PDF's time. A shaped
 * word depends only on the font and the word (pdfkit caches only words shaped without extra
 * features; it copies a result before changing it for word spacing), so one result serves every
 * document: a PDF is the same file whether its words were shaped now or came from the cache
 * (print.test.ts). Bounded per font; the least recently used word goes first.
 */
const SHAPED_WORDS_PER_FONT = 5_000;
const shapedWords = new Map<fontkit.Font, LRUCache<string, object>>();

/** pdfkit's font of a document as it lays out a word (pdfkit 0.20's EmbeddedFont; not in its types). */
interface LaidOutFont {
  layoutRun?: unknown;
  layoutCached?: unknown;
}

/** Makes `name` the document's font and lets it take shaped words from the shared cache. */
function shareShapedWords(doc: PDFKit.PDFDocument, name: string, font: fontkit.Font): void {
  doc.font(name);
  const embedded = (doc as unknown as { _font?: LaidOutFont })._font;
  const layoutRun = embedded?.layoutRun;
  // another pdfkit lays out otherwise: its own per-document cache stays (print.test.ts fails on it)
  if (!embedded || typeof layoutRun !== 'function' || typeof embedded.layoutCached !== 'function') return;
  let words = shapedWords.get(font);
  if (!words) shapedWords.set(font, (words = new LRUCache({ max: SHAPED_WORDS_PER_FONT })));
  const shared = words;
  embedded.layoutCached = (text: string): object => {
    let run = shared.get(text);
    if (run === undefined) {
      run = layoutRun.call(embedded, text) as object;
      shared.set(text, run);
    }
    return run;
  };
}

/** How many shaped words the shared cache holds, and emptying it (for tests). */
export const shapedWordCount = (): number => [...shapedWords.values()].reduce((sum, words) => sum + words.size, 0);
export const forgetShapedWords = (): void => shapedWords.clear();

/**
 * Registers the bundled DejaVu fonts as `regular` and `bold` (the month's reports print with them
 * too), each sharing its shaped words with every other document; the document's font is then
 * `regular`. A document is made with `font: null` (`NO_STANDARD_FONT`), so pdfkit does not also load
 * Helvetica's metrics, which nothing prints with, for every PDF.
 */
export function useBundledFonts(doc: PDFKit.PDFDocument): void {
  const { regular, bold } = parsedFonts();
  // @types/pdfkit lists bytes and paths only; pdfkit 0.20 takes a fontkit font too (PDFFontFactory.open)
  doc.registerFont('regular', regular as unknown as Buffer);
  doc.registerFont('bold', bold as unknown as Buffer);
  shareShapedWords(doc, 'bold', bold);
  shareShapedWords(doc, 'regular', regular);
}

/** `new PDFDocument({ ...NO_STANDARD_FONT })`: no default font (pdfkit's is Helvetica); `useBundledFonts` sets ours. */
export const NO_STANDARD_FONT = { font: null as unknown as string };

const MARGIN = 40;
const PAGE_WIDTH = 595.28; // A4 in points
const WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Widths of quantity, unit, price, discount, VAT and amount; the description takes the rest. */
const FIXED = { quantity: 55, unit: 35, unitPrice: 75, discount: 55, vatRate: 40, linePrice: 95 };
type Column = 'name' | keyof typeof FIXED;

/** Discount and VAT columns appear only when some line has them. */
function columnsOf(view: PrintView): { keys: Column[]; widths: number[] } {
  const keys: Column[] = ['name', 'quantity', 'unit', 'unitPrice'];
  if (view.content.lineItems.some((l) => l.discount)) keys.push('discount');
  if (view.content.lineItems.some((l) => l.vatRate)) keys.push('vatRate');
  keys.push('linePrice');
  const fixed = keys.filter((k): k is keyof typeof FIXED => k !== 'name').map((k) => FIXED[k]);
  return { keys, widths: [WIDTH - fixed.reduce((a, b) => a + b, 0), ...fixed] };
}

type Doc = PDFKit.PDFDocument;

function label(view: PrintView, key: string): string {
  return view.labels[key] ?? key;
}

function header(doc: Doc, view: PrintView): void {
  const s = view.sender;
  doc.font('bold').fontSize(13).text(s.title, MARGIN, MARGIN, { width: WIDTH / 2 });
  doc.font('regular').fontSize(9);
  doc.text(s.address1, { width: WIDTH / 2 });
  doc.text(`${s.zip} ${s.city}, ${s.country}`, { width: WIDTH / 2 });
  doc.text(`${label(view, 'pin')}: ${s.pin} · ${label(view, 'vatNumber')}: ${s.vatNumber}`, { width: WIDTH / 2 });
  if (s.email) doc.text(`${label(view, 'email')}: ${s.email}`, { width: WIDTH / 2 });
  if (s.phone) doc.text(`${label(view, 'phone')}: ${s.phone}`, { width: WIDTH / 2 });
  const right = MARGIN + WIDTH / 2;
  doc.font('bold').fontSize(18).text(view.commonData.printName, right, MARGIN, { width: WIDTH / 2, align: 'right' });
  doc.fontSize(11).text(view.commonData.invoiceNumber ?? label(view, 'draftNumber'), right, doc.y, { width: WIDTH / 2, align: 'right' });
  if (view.draft) {
    doc.fillColor('#cc0000').fontSize(14).text(label(view, 'draftMark'), right, doc.y + 2, { width: WIDTH / 2, align: 'right' });
    doc.fillColor('#000000');
  }
}

function facts(doc: Doc, view: PrintView, top: number): number {
  const c = view.client;
  doc.font('bold').fontSize(9).text(label(view, 'client'), MARGIN, top);
  doc.font('regular').fontSize(10).text(c.title, { width: WIDTH / 2 - 10 });
  doc.fontSize(9).text([c.address1, c.address2].filter(Boolean).join(', '), { width: WIDTH / 2 - 10 });
  doc.text(`${c.zip} ${c.city}${c.state ? `, ${c.state}` : ''}, ${c.country}`, { width: WIDTH / 2 - 10 });
  // OIB for a Croatian client and any private person (who has no VAT number), the VAT ID in the
  // rest of the EU, a tax number elsewhere (the shared `taxNumberKind`, as the preview shows it)
  const kind = taxNumberKind(c.countryCode, c.kind);
  const taxId = kind === 'OIB' ? c.pin : c.vatNumber;
  if (taxId) doc.text(`${label(view, kind === 'OIB' ? 'pin' : kind === 'VAT' ? 'vatNumber' : 'taxNumber')}: ${taxId}`);
  const leftBottom = doc.y;
  const rows: [string, string | null][] = [
    [label(view, 'issueDateTime'), view.commonData.issueDateTime],
    [label(view, 'createDate'), printedCreateDate(view)],
    [label(view, 'deliveryDate'), view.commonData.deliveryDate],
    [label(view, 'servicePeriod'), view.commonData.servicePeriod],
    [label(view, 'paymentDueDate'), view.commonData.paymentDueDate],
    [label(view, 'paymentMethod'), view.paymentData.paymentMethod],
    [label(view, 'extraInfo'), view.commonData.extraInfo],
    [label(view, 'placeOfIssue'), view.commonData.placeOfIssue],
    [label(view, 'premises'), view.operator.premisesCode],
    [label(view, 'device'), view.operator.deviceCode],
    [label(view, 'operator'), view.operator.name],
  ];
  let y = top;
  for (const [name, value] of rows) {
    if (!value) continue;
    doc.font('regular').fontSize(9).text(name, MARGIN + WIDTH / 2, y, { width: 120 });
    const labelBottom = doc.y;
    // the value takes what its label leaves of the column (a period of supply needs the room)
    const labelWidth = Math.min(120, doc.widthOfString(name) + 8);
    doc.font('bold').text(value, MARGIN + WIDTH / 2 + labelWidth, y, { width: WIDTH / 2 - labelWidth, align: 'right' });
    // a value that still needs two lines pushes the next row down
    y = Math.max(y + 13, labelBottom + 2, doc.y + 2);
  }
  y = Math.max(leftBottom, y) + 16;
  const credit = view.commonData.creditNote;
  if (credit) {
    doc.font('bold').fontSize(10).text(`${view.commonData.type} ${credit.forInvoice}`, MARGIN, y, { width: WIDTH });
    doc.font('regular').fontSize(9).text(`${label(view, 'creditNote.reason')}: ${credit.reason}`, MARGIN, doc.y + 2, { width: WIDTH });
    y = doc.y + 12;
  }
  return y;
}

function tableRow(doc: Doc, cells: string[], widths: number[], y: number, bold: boolean): number {
  doc.font(bold ? 'bold' : 'regular').fontSize(8.5);
  const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: (widths[i] ?? 50) - 6 }));
  const height = Math.max(...heights) + 6;
  let x = MARGIN;
  cells.forEach((cell, i) => {
    const width = widths[i] ?? 50;
    doc.text(cell, x + 3, y + 3, { width: width - 6, align: i === 0 ? 'left' : 'right' });
    x += width;
  });
  doc.moveTo(MARGIN, y + height).lineTo(MARGIN + WIDTH, y + height).lineWidth(0.4).strokeColor('#999999').stroke();
  return y + height;
}

const ALL_COLUMNS: Column[] = ['name', 'quantity', 'unit', 'unitPrice', 'discount', 'vatRate', 'linePrice'];

function lines(doc: Doc, view: PrintView, top: number): number {
  const { keys, widths } = columnsOf(view);
  const titles = keys.map((k) => view.content.columnTitles[ALL_COLUMNS.indexOf(k)] ?? '');
  let y = tableRow(doc, titles, widths, top, true);
  for (const line of view.content.lineItems) {
    if (y > 760) {
      doc.addPage();
      y = tableRow(doc, titles, widths, MARGIN, true);
    }
    const cell: Record<Column, string> = {
      name: line.name, quantity: line.quantity, unit: line.lineItemUnit, unitPrice: line.unitPrice,
      discount: line.discount ?? '', vatRate: line.vatRate ?? '', linePrice: line.linePrice,
    };
    y = tableRow(doc, keys.map((k) => cell[k]), widths, y, false);
  }
  return y + 10;
}

/** The taxable amount and VAT per rate (VAT Act art. 79), left of the totals. */
function vatBreakdown(doc: Doc, view: PrintView, top: number): number {
  const widths = [105, 80, 65];
  const cells = (row: string[], y: number, bold: boolean) => {
    doc.font(bold ? 'bold' : 'regular').fontSize(8);
    let x = MARGIN;
    row.forEach((cell, i) => {
      doc.text(cell, x, y, { width: (widths[i] ?? 70) - 4, align: i === 0 ? 'left' : 'right' });
      x += widths[i] ?? 70;
    });
    return y + Math.max(...row.map((cell, i) => doc.heightOfString(cell, { width: (widths[i] ?? 70) - 4 }))) + 3;
  };
  doc.font('bold').fontSize(8.5).text(label(view, 'vatBreakdown.title'), MARGIN, top);
  let y = cells([label(view, 'vatBreakdown.rate'), label(view, 'vatBreakdown.base'), label(view, 'vatBreakdown.vat')], doc.y + 3, true);
  for (const row of view.content.vatBreakdown) y = cells([row.rate, row.base, row.vat], y, false);
  return y + 10;
}

function totals(doc: Doc, view: PrintView, top: number): number {
  const rows: [string, string, boolean][] = [
    [label(view, 'subtotal'), view.content.subtotal, false],
    ...view.content.taxLines.map((t): [string, string, boolean] => [t.label, t.amount, false]),
    [label(view, 'total'), view.content.totalPrimary, true],
  ];
  if (view.content.totalSecondary) rows.push([label(view, 'totalSecondary'), view.content.totalSecondary, false]);
  let y = top;
  for (const [name, value, bold] of rows) {
    doc.font(bold ? 'bold' : 'regular').fontSize(bold ? 11 : 9);
    doc.text(name, MARGIN + WIDTH - 260, y, { width: 150 });
    doc.text(value, MARGIN + WIDTH - 110, y, { width: 110, align: 'right' });
    y += bold ? 16 : 13;
  }
  if (view.content.euroFxRate) {
    doc.font('regular').fontSize(8).text(view.content.euroFxRate, MARGIN + WIDTH - 260, y, { width: 260, align: 'right' });
    y += 12;
  }
  return y + 10;
}

/** A final invoice's advances deducted (issue 48): per advance and rate, their sum and what remains to pay. */
function advances(doc: Doc, view: PrintView, top: number): number {
  const block = view.content.advances;
  if (!block) return top;
  let y = top;
  if (y > 660) {
    doc.addPage();
    y = MARGIN;
  }
  const widths = [120, 75, 55, 85, 85, WIDTH - 420];
  doc.font('bold').fontSize(8.5).text(block.title, MARGIN, y);
  y = tableRow(doc, block.columnTitles, widths, doc.y + 3, true);
  for (const row of block.rows) y = tableRow(doc, [row.number, row.date, row.rate, row.base, row.vat, row.total], widths, y, false);
  y += 4;
  for (const [name, value, bold] of [
    [block.prepaidLabel, block.prepaid, false],
    [block.remainingLabel, block.remaining, true],
  ] as const) {
    doc.font(bold ? 'bold' : 'regular').fontSize(bold ? 11 : 9);
    doc.text(name, MARGIN + WIDTH - 260, y, { width: 150 });
    doc.text(value, MARGIN + WIDTH - 110, y, { width: 110, align: 'right' });
    y += bold ? 16 : 13;
  }
  return y + 10;
}

function payment(doc: Doc, view: PrintView, barcode: Buffer | undefined, top: number): number {
  let y = top;
  if (y > 640) {
    doc.addPage();
    y = MARGIN;
  }
  const p = view.paymentData;
  doc.font('regular').fontSize(9);
  const rows: [string, string | null][] = [
    [label(view, 'iban'), p.iban],
    [label(view, 'swift'), p.swift],
    [label(view, 'referenceNumber'), p.referenceNumber],
  ];
  let rowY = y;
  for (const [name, value] of rows) {
    if (!value) continue;
    doc.font('regular').text(name, MARGIN, rowY, { width: 110 });
    doc.font('bold').text(value, MARGIN + 110, rowY, { width: 200 });
    rowY += 13;
  }
  if (barcode) {
    const kind = view.barcodeKind === 'EPC' ? 'barcodeEpc' : 'barcodeHub3';
    const width = view.barcodeKind === 'EPC' ? 110 : 230;
    // a PNG's IHDR chunk holds its width and height at bytes 16 and 20
    const height = (barcode.readUInt32BE(20) / barcode.readUInt32BE(16)) * width;
    doc.image(barcode, MARGIN + WIDTH - width, y, { width });
    doc.font('regular').fontSize(7.5).text(label(view, kind), MARGIN + WIDTH - width, y + height + 2, { width, align: 'center' });
    rowY = Math.max(rowY, y + height + 14);
  }
  return rowY + 14;
}

const POINTS_PER_MM = 72 / 25.4;

/**
 * A fiscalized invoice's ZKI and JIR beside its QR code, drawn at the size that makes the symbol 2 ×
 * 2 cm with its quiet zone (decision 031); or, on a draft that would be fiscalized once issued, that it
 * is not a fiscalized invoice (ZoF čl. 29). Below the payment data, where the payment code is.
 */
function fiscalization(doc: Doc, view: PrintView, top: number): number {
  let y = top;
  if (view.notFiscalized) {
    doc.font('bold').fontSize(10);
    const height = doc.heightOfString(view.notFiscalized, { width: WIDTH - 16 }) + 10;
    if (y + height > 800) {
      doc.addPage();
      y = MARGIN;
    }
    doc.rect(MARGIN, y, WIDTH, height).lineWidth(0.8).strokeColor('#000000').stroke();
    doc.text(view.notFiscalized, MARGIN + 8, y + 5, { width: WIDTH - 16, align: 'center' });
    y += height + 14;
  }
  const fiscal = view.fiscal;
  if (!fiscal) return y;
  const size = fiscal.qrSizeMm * POINTS_PER_MM;
  // the white quiet zone may lie in the margin: the symbol itself lines up with the text above
  const quiet = ((fiscal.qrSizeMm - QR_MIN_SIZE_MM) / 2) * POINTS_PER_MM;
  const symbol = size - 2 * quiet;
  if (y + symbol + 14 > 800) {
    doc.addPage();
    y = MARGIN;
  }
  const png = Buffer.from(fiscal.qrUrl.split(',')[1] ?? '', 'base64');
  doc.image(png, MARGIN - quiet, y - quiet, { width: size, height: size });
  doc.font('regular').fontSize(7.5).text(label(view, 'fiscal.qr'), MARGIN - 10, y + symbol + 3, { width: symbol + 20, align: 'center' });
  const captionBottom = doc.y;
  const x = MARGIN + symbol + quiet + 6;
  let rowY = y;
  for (const [name, value] of [[label(view, 'fiscal.zki'), fiscal.zki], [label(view, 'fiscal.jir'), fiscal.jirText]] as const) {
    doc.font('regular').fontSize(9).text(name, x, rowY, { width: 30 });
    doc.font('bold').text(value, x + 30, rowY, { width: MARGIN + WIDTH - x - 30 });
    rowY = doc.y + 4;
  }
  return Math.max(captionBottom, rowY) + 12;
}

/**
 * Renders the print view as an A4 PDF with selectable text; the payment code is drawn from
 * `barcodePng` when given (else from the view's data URL). Everything in the invoice is drawn as
 * plain text: nothing is interpreted as markup, fetched or read from disk but the bundled fonts.
 * Given `createdAt` (an issued invoice's time of issue), the bytes depend only on the view.
 */
export function renderInvoicePdf(
  view: PrintView,
  options: { createdAt?: Date | undefined; barcodePng?: Buffer | undefined } = {},
): Promise<Buffer> {
  const barcodePng = options.barcodePng;
  const title = `${view.commonData.type} ${view.commonData.invoiceNumber ?? label(view, 'draftMark')}`;
  const doc = new PDFDocument({
    ...NO_STANDARD_FONT,
    size: 'A4',
    margin: MARGIN,
    lang: view.language === 'hr' ? 'hr-HR' : 'en-GB',
    displayTitle: true,
    // an issued invoice is dated by its time of issue, so its PDF is the same file every time
    info: { Title: title, Author: view.sender.title, Subject: title, Creator: 'Faktura', ...(options.createdAt ? { CreationDate: options.createdAt } : {}) },
  });
  useBundledFonts(doc);
  const done = pdfBuffer(doc);

  if (view.draft) {
    doc.save().font('bold').fontSize(110).fillColor('#cc0000').opacity(0.12);
    doc.rotate(-35, { origin: [PAGE_WIDTH / 2, 420] }).text(label(view, 'draftMark'), 60, 380, { width: 480, align: 'center' });
    doc.restore();
  }
  header(doc, view);
  let y = facts(doc, view, Math.max(doc.y, 130) + 20);
  y = lines(doc, view, y);
  if (y > 700) {
    doc.addPage();
    y = MARGIN;
  }
  y = Math.max(vatBreakdown(doc, view, y), totals(doc, view, y));
  y = advances(doc, view, y);
  const barcode = barcodePng ?? (view.barcodeUrl ? Buffer.from(view.barcodeUrl.split(',')[1] ?? '', 'base64') : undefined);
  y = payment(doc, view, barcode, y);
  y = fiscalization(doc, view, y);
  doc.font('regular').fontSize(8.5).fillColor('#000000');
  for (const note of view.content.footnotes) {
    doc.text(note, MARGIN, y, { width: WIDTH });
    y = doc.y + 4;
  }
  if (view.commonData.footer) {
    doc.fontSize(7.5).fillColor('#555555').text(view.commonData.footer, MARGIN, Math.max(y + 10, 790), { width: WIDTH, align: 'center' });
  }
  doc.end();
  return done;
}

import PDFDocument from 'pdfkit';
import type { Language } from '@faktura/shared';
import { NO_STANDARD_FONT, useBundledFonts } from './pdf';
import { pdfBuffer } from './pdfBuffer';

/*
 * A month's report as a table on A4 landscape, for printing or keeping beside the filing (the
 * payments report of decision 028, the rejections report of decision 040): a heading, the month, the
 * deadline in red, a few sentences, one line per row with the header repeated on every page, and the
 * totals; with the bundled DejaVu fonts (selectable text, č ć đ š ž).
 */

const MARGIN = 36;
const PAGE = { width: 841.89, height: 595.28 }; // A4 landscape in points
const WIDTH = PAGE.width - 2 * MARGIN;
/** The space between two columns. */
const GAP = 8;

export interface ReportColumn {
  label: string;
  /** Points; 0 takes what the others leave (one column at most). */
  width: number;
  right?: boolean;
}

export interface ReportTable {
  language: Language;
  /** The document's title (its metadata) and the line under the heading. */
  title: string;
  heading: string;
  deadline: string;
  notes: string[];
  columns: ReportColumn[];
  rows: string[][];
  empty: string;
  /** The lines under the table: the first in bold, the last in regular type. */
  totals: string[];
}

export function reportTablePdf(table: ReportTable): Promise<Buffer> {
  const { columns } = table;
  const fixed = columns.reduce((sum, c) => sum + c.width, 0);
  const widthOf = (c: ReportColumn) => c.width || WIDTH - fixed;
  const doc = new PDFDocument({
    ...NO_STANDARD_FONT,
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    lang: table.language === 'hr' ? 'hr-HR' : 'en-GB',
    displayTitle: true,
    info: { Title: table.title, Creator: 'Faktura' },
  });
  useBundledFonts(doc);
  const done = pdfBuffer(doc);

  doc.font('bold').fontSize(15).text(table.heading, MARGIN, MARGIN, { width: WIDTH });
  doc.fontSize(11).text(table.title, { width: WIDTH });
  doc.font('bold').fontSize(11).fillColor('#b00020').text(table.deadline, { width: WIDTH });
  doc.fillColor('#000000').font('regular').fontSize(8.5).moveDown(0.3);
  for (const note of table.notes) doc.text(note, { width: WIDTH });

  let y = doc.y + 10;
  const line = (cells: string[]) => {
    const height = Math.max(...columns.map((c, i) => doc.heightOfString(cells[i] ?? '', { width: widthOf(c) - GAP })));
    let x = MARGIN;
    columns.forEach((column, i) => {
      doc.text(cells[i] ?? '', x, y, { width: widthOf(column) - GAP, align: column.right ? 'right' : 'left' });
      x += widthOf(column);
    });
    return height;
  };
  const headerRow = () => {
    doc.font('bold').fontSize(7.5);
    y += line(columns.map((c) => c.label)) + 4;
    doc.moveTo(MARGIN, y).lineTo(MARGIN + WIDTH, y).lineWidth(0.5).stroke();
    y += 4;
    doc.font('regular').fontSize(8);
  };
  headerRow();
  if (table.rows.length === 0) {
    doc.text(table.empty, MARGIN, y, { width: WIDTH });
    y = doc.y + 6;
  }
  for (const row of table.rows) {
    const height = Math.max(...columns.map((c, i) => doc.heightOfString(row[i] ?? '', { width: widthOf(c) - GAP })));
    if (y + height > PAGE.height - MARGIN - 40) {
      doc.addPage();
      y = MARGIN;
      headerRow();
    }
    y += line(row) + 4;
  }
  doc.moveTo(MARGIN, y).lineTo(MARGIN + WIDTH, y).lineWidth(0.5).stroke();
  y += 6;
  doc.font('bold').fontSize(9);
  table.totals.forEach((text, i) => {
    if (i === table.totals.length - 1 && i > 0) doc.font('regular');
    if (i === 0) doc.text(text, MARGIN, y, { width: WIDTH });
    else doc.text(text, { width: WIDTH });
  });
  doc.end();
  return done;
}

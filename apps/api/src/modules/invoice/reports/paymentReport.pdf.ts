import PDFDocument from 'pdfkit';
import { type Language, type PaymentReport, formatDate, formatMoney, translate } from '@faktura/shared';
import { NO_STANDARD_FONT, useBundledFonts } from '../print/pdf';

/*
 * The month's payment report on A4 landscape, for printing or keeping beside the filing (decision
 * 028): the month, the deadline, the sentence on reporting by hand, one line per payment and the
 * totals, in the reader's language, with the bundled DejaVu fonts (selectable text, č ć đ š ž).
 */

const MARGIN = 36;
const PAGE = { width: 841.89, height: 595.28 }; // A4 landscape in points
const WIDTH = PAGE.width - 2 * MARGIN;
const COLUMNS = [
  { key: 'invoiceNumber', width: 86 },
  { key: 'issueDate', width: 70 },
  { key: 'issuerOib', width: 76 },
  { key: 'recipientOib', width: 76 },
  { key: 'recipient', width: 0 }, // the rest
  { key: 'paidOn', width: 70 },
  { key: 'amount', width: 88, right: true },
  { key: 'code', width: 48 },
  { key: 'correction', width: 62 },
  { key: 'reported', width: 62 },
] as const;
/** The space between two columns. */
const GAP = 8;
const fixed = COLUMNS.reduce((sum, c) => sum + c.width, 0);
const widthOf = (c: (typeof COLUMNS)[number]) => c.width || WIDTH - fixed;

export function paymentReportPdf(report: PaymentReport, language: Language, printedOn: string): Promise<Buffer> {
  const t = (key: string, params: Record<string, string | number> = {}) => translate(language, `reports.payments.${key}`, params);
  const monthLabel = `${report.month.slice(5, 7)}/${report.month.slice(0, 4)}`;
  const title = t('monthOf', { month: monthLabel });
  const doc = new PDFDocument({
    ...NO_STANDARD_FONT,
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    lang: language === 'hr' ? 'hr-HR' : 'en-GB',
    displayTitle: true,
    info: { Title: title, Creator: 'Faktura' },
  });
  useBundledFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('bold').fontSize(15).text(t('heading'), MARGIN, MARGIN, { width: WIDTH });
  doc.fontSize(11).text(title, { width: WIDTH });
  doc.font('bold').fontSize(11).fillColor('#b00020').text(t('deadline', { date: formatDate(report.deadline, language) }), { width: WIDTH });
  doc.fillColor('#000000').font('regular').fontSize(8.5).moveDown(0.3);
  doc.text(t('manual'), { width: WIDTH });
  doc.text(t('scope'), { width: WIDTH });
  doc.text(t('printed', { date: formatDate(printedOn, language) }), { width: WIDTH });

  let y = doc.y + 10;
  const headerRow = () => {
    doc.font('bold').fontSize(7.5);
    let x = MARGIN;
    let height = 0;
    for (const column of COLUMNS) {
      const label = t(`columns.${column.key}`);
      doc.text(label, x, y, { width: widthOf(column) - GAP, align: 'right' in column ? 'right' : 'left' });
      height = Math.max(height, doc.heightOfString(label, { width: widthOf(column) - GAP }));
      x += widthOf(column);
    }
    y += height + 4;
    doc.moveTo(MARGIN, y).lineTo(MARGIN + WIDTH, y).lineWidth(0.5).stroke();
    y += 4;
  };
  headerRow();
  doc.font('regular').fontSize(8);
  if (report.rows.length === 0) {
    doc.text(t('empty'), MARGIN, y, { width: WIDTH });
    y = doc.y + 6;
  }
  for (const row of report.rows) {
    const cells: Record<(typeof COLUMNS)[number]['key'], string> = {
      invoiceNumber: row.invoiceNumber,
      issueDate: formatDate(row.issueDate, language),
      issuerOib: row.issuerOib,
      recipientOib: row.recipientOib,
      recipient: row.recipientName,
      paidOn: formatDate(row.paidOn, language),
      amount: formatMoney(row.amountCents, row.currencyCode, language),
      code: row.reportCode,
      correction: row.correctsPaymentId === null ? '' : `#${row.correctsPaymentId}`,
      reported: row.reported ? t('yes') : t('no'),
    };
    const height = Math.max(...COLUMNS.map((c) => doc.heightOfString(cells[c.key], { width: widthOf(c) - GAP })));
    if (y + height > PAGE.height - MARGIN - 40) {
      doc.addPage();
      y = MARGIN;
      headerRow();
      doc.font('regular').fontSize(8);
    }
    let x = MARGIN;
    for (const column of COLUMNS) {
      doc.text(cells[column.key], x, y, { width: widthOf(column) - GAP, align: 'right' in column ? 'right' : 'left' });
      x += widthOf(column);
    }
    y += height + 4;
  }
  doc.moveTo(MARGIN, y).lineTo(MARGIN + WIDTH, y).lineWidth(0.5).stroke();
  y += 6;
  const count = report.totals.payments;
  const countText = t('count', { count });
  doc.font('bold').fontSize(9).text(`${t('totals')}: ${countText}`, MARGIN, y, { width: WIDTH });
  for (const sum of report.totals.amounts) {
    doc.text(`${formatMoney(sum.amountCents, sum.currencyCode, language)}`, { width: WIDTH });
  }
  doc.font('regular').text(t('unreported', { number: report.totals.unreported }), { width: WIDTH });
  doc.end();
  return done;
}

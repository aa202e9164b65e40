import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/**
 * The PDF baseline: pdfkit alone drawing an invoice comparable to the one the endpoint renders
 * (the same fonts, a header, ten facts, a 20-line table with ruled rows, totals, a payment-code
 * PNG and footnotes), used the way its documentation shows, with nothing read from a database.
 */
export function renderStandaloneInvoice(barcode: Buffer): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: 'Račun 1/POSL1/1' } });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('bold').fontSize(13).text('Kodni Obrt Ivana Horvat', 40, 40, { width: 257 });
  doc.font('regular').fontSize(9).text('Ilica 42').text('10000 Zagreb, Hrvatska').text('OIB: 69814562369');
  doc.font('bold').fontSize(18).text('Račun', 297, 40, { width: 257, align: 'right' });
  doc.fontSize(11).text('1/POSL1/1', 297, doc.y, { width: 257, align: 'right' });
  let y = 160;
  for (let i = 0; i < 10; i++) {
    doc.font('regular').fontSize(9).text(`Podatak ${i + 1}`, 297, y, { width: 120 });
    doc.font('bold').text(`vrijednost ${i + 1}`, 417, y, { width: 137, align: 'right' });
    y += 13;
  }
  const widths = [220, 55, 35, 75, 40, 90];
  y += 20;
  for (let row = 0; row <= 20; row++) {
    const cells = row === 0
      ? ['Opis', 'Količina', 'Jed.', 'Cijena', 'PDV', 'Iznos']
      : [`Razvoj softvera, stavka ${row}`, '10', 'h', '45,00 €', '25 %', '450,00 €'];
    doc.font(row === 0 ? 'bold' : 'regular').fontSize(8.5);
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: (widths[i] ?? 50) - 6 }))) + 6;
    let x = 40;
    cells.forEach((cell, i) => {
      doc.text(cell, x + 3, y + 3, { width: (widths[i] ?? 50) - 6, align: i === 0 ? 'left' : 'right' });
      x += widths[i] ?? 50;
    });
    doc.moveTo(40, y + height).lineTo(555, y + height).lineWidth(0.4).strokeColor('#999999').stroke();
    y += height;
  }
  for (const [name, value] of [['Osnovica', '9.000,00 €'], ['PDV 25 %', '2.250,00 €'], ['Ukupno', '11.250,00 €']]) {
    doc.font('regular').fontSize(9).text(name ?? '', 295, y + 10, { width: 150 });
    doc.text(value ?? '', 445, y + 10, { width: 110, align: 'right' });
    y += 13;
  }
  doc.image(barcode, 325, y + 20, { width: 230 });
  doc.font('regular').fontSize(8.5).text('Hvala na povjerenju!', 40, y + 120, { width: 515 });
  doc.end();
  return done;
}

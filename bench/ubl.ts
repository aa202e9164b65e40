/**
 * `node --conditions=source --import tsx bench/ubl.ts [--lines=20] [--builds=2000]`: the time to build
 * one e-invoice's UBL (`buildUbl`) alone, without a database or a PDF to render: a domestic invoice
 * of the test fixtures with `--lines` lines (every third discounted, text with `<`, `&`, `"` and
 * Croatian letters) and a 40 KB attachment. Warmed up first; prints the mean per document. It is the
 * e-invoice download's own work that P6 of `npm run bench` compares with the PDF (docs/performance.md).
 */
import { toEInvoiceDocument } from '../apps/api/src/modules/invoice/einvoice/document';
import { buildUbl } from '../apps/api/src/modules/invoice/einvoice/ubl';
import { CLIENTS, OPERATOR, storedSources } from '../apps/api/test/einvoice/fixtures';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const lineCount = arg('lines', 20);
const builds = arg('builds', 2000);

const lines = Array.from({ length: lineCount }, (_, i) => ({
  description: `Razvoj softvera — modul ${i} <web> & "API" (čćžšđ)`,
  descriptionEn: 'Software development',
  quantityMilli: 12_500 + i,
  priceCents: 4_500 + i,
  discountBp: i % 3 === 0 ? 1_250 : 0,
  vatRateBp: 2_500,
  kpd: '62.10.11',
}));
const sources = storedSources({ seq: 7, vatTreatment: 'DOMESTIC', client: CLIENTS.hr, lines });
const doc = toEInvoiceDocument(sources, { operator: OPERATOR, creditedInvoice: null, pdf: new Uint8Array(40_000).fill(7) });

let xml = '';
for (let i = 0; i < Math.max(100, builds / 5); i++) xml = buildUbl(doc);
const started = performance.now();
for (let i = 0; i < builds; i++) xml = buildUbl(doc);
const each = (performance.now() - started) / builds;
console.log(`buildUbl, ${lineCount} lines: ${(each * 1000).toFixed(0)} µs per document (${builds} builds), ${xml.length} characters`);

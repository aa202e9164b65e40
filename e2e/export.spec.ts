import fs from 'node:fs';
import { expect } from '@playwright/test';
import yauzl from 'yauzl';
import { authHeaders, chooseLanguage, createInvoiceThroughApi, demoClient, phoneScreenshot, signIn, test, usePremises } from './support';

/**
 * The export for the accountant (issue 31 item 13): an invoice issued through the API is in this
 * year's CSV and zip downloaded from Reports → Export for the accountant; the CSV opens as a Croatian
 * spreadsheet would read it (BOM, semicolons, decimal comma), the zip holds the README, the CSV and
 * the invoice's PDF and e-invoice; the screen fits a phone in both languages. The journey numbers at
 * premises of its own, so it never blocks the other specs' sequence.
 */

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/shots';
const PREMISES = 'IZVZ1';

const todayInZagreb = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zagreb' }).format(new Date());

/** The names and bytes of a zip's files. */
function unzip(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

test('download this year’s CSV and zip for the accountant and open them, in Croatian and English', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto('/');
  await signIn(page);
  await usePremises(page, page.request, PREMISES);
  try {
    const headers = await authHeaders(page);
    const today = todayInZagreb();
    const year = today.slice(0, 4);
    const client = await demoClient(page.request, headers, 'Jadranski Softver d.o.o.');
    const invoice = await createInvoiceThroughApi(page.request, headers, {
      clientId: client.id,
      lineItems: [{ quantity: 3, description: 'Savjetovanje', price: 40.1, kpdCode: '62.20.20' }],
    });

    // Reports → Export for the accountant, last month by default; this year picked
    await page.getByRole('navigation').getByRole('link', { name: 'Izvješća' }).click();
    await page.getByRole('link', { name: 'Izvoz za knjigovođu' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Izvoz za knjigovođu' })).toBeVisible();
    await expect(page).toHaveURL(/\/Reports\/Export$/);
    await expect(page.getByRole('button', { name: 'Prošli mjesec' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Ova godina' }).click();
    await expect(page.getByRole('button', { name: 'Ova godina' })).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: `${SHOTS}/export-hr.png`, fullPage: true });

    // the CSV: UTF-8 with BOM, semicolons, Croatian columns, the invoice's row with a decimal comma
    const downloadingCsv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Preuzmi' }).click();
    const csv = await downloadingCsv;
    expect(csv.suggestedFilename()).toBe(`izvoz-${year}-01-01_${today}.csv`);
    const bytes = fs.readFileSync(await csv.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toMatch(/^Broj;Vrsta;Datum izdavanja;Datum isporuke;/);
    const header = lines[0]!.split(';');
    const row = lines.find((l) => l.startsWith(`${invoice.number};`))?.split(';') ?? [];
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('Vrsta')).toBe('račun');
    expect(cell('Kupac')).toBe('Jadranski Softver d.o.o.');
    expect(cell('Osnovica')).toBe('120,30');
    expect(cell('Stopa PDV-a (%)')).toBe('25,00');
    expect(cell('Iznos PDV-a')).toBe('30,08');
    expect(cell('Ukupno')).toBe('150,38');
    expect(cell('E-račun (XML)')).toBe('da');
    await expect(page.getByText(`Izvoz izvoz-${year}-01-01_${today}.csv je preuzet`)).toBeVisible();

    // the zip: README, the CSV, the invoice's PDF and e-invoice
    await page.getByRole('radio', { name: 'ZIP s dokumentima' }).check();
    const downloadingZip = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Preuzmi' }).click();
    const zip = await downloadingZip;
    expect(zip.suggestedFilename()).toBe(`izvoz-${year}-01-01_${today}.zip`);
    const files = await unzip(await zip.path());
    expect([...files.keys()].slice(0, 2)).toEqual(['PROCITAJ-ME.txt', `izvoz-${year}-01-01_${today}.csv`]);
    expect(files.get('PROCITAJ-ME.txt')?.toString('utf8')).toContain('samo PDF');
    const base = invoice.number.replace(/\//g, '-');
    // named as its PDF download is: the document's name and number (`Račun-7-IZVZ1-1.pdf`)
    const pdfName = [...files.keys()].find((name) => name.startsWith(`${year}/`) && name.endsWith(`-${base}.pdf`));
    expect(pdfName, [...files.keys()].join(', ')).toBeDefined();
    expect(files.get(pdfName ?? '')?.subarray(0, 5).toString()).toBe('%PDF-');
    expect(files.get(`${year}/${base}.xml`)?.toString('utf8')).toContain(`<cbc:ID>${invoice.number}</cbc:ID>`);

    await phoneScreenshot(page, `${SHOTS}/export-phone-hr.png`);

    // English: the same screen, its own words
    await chooseLanguage(page, 'EN');
    await expect(page.getByRole('heading', { level: 1, name: 'Export for the accountant' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Zip with the documents' })).toBeVisible();
    await expect(page.getByText(/comma-separated, decimal point/)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/export-en.png`, fullPage: true });
    await phoneScreenshot(page, `${SHOTS}/export-phone-en.png`);
    await chooseLanguage(page, 'HR');
  } finally {
    await usePremises(page, page.request, 'POSL1');
  }
});

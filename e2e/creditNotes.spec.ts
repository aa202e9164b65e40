import fs from 'node:fs';
import { type APIRequestContext, type Download, type Locator, type Page, expect } from '@playwright/test';
import { authHeaders, chooseLanguage, signIn, usePremises, createInvoiceThroughApi, test } from './support';

/**
 * Credit notes (odobrenja) end to end: the operator's OIB entered in Settings (e-invoices name it),
 * a client and a catalogue item with a KPD code, an invoice with two lines, part of one line
 * credited through the dialog, both documents in the list, their e-invoice XML and PDF downloaded,
 * then a storno of the rest in English, and the invoice marked "Stornirano". Numbers are read from
 * the API's answers and the toasts, never assumed: the server is shared with the other specs.
 */

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/shots';

/**
 * The journey numbers its documents at premises of its own, so its credit notes take no numbers of
 * the shared POSL1 sequence, whose newest invoice the other specs delete and expect back.
 */
const PREMISES = 'ODOB1';

/** A valid OIB (ISO 7064, MOD 11,10) from ten random digits, so each run has a client of its own. */
function randomOib(): string {
  const digits = Array.from({ length: 10 }, (_, index) =>
    index === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10),
  );
  let rest = 10;
  for (const digit of digits) {
    rest = (digit + rest) % 10;
    rest = ((rest === 0 ? 10 : rest) * 2) % 11;
  }
  const check = (11 - rest) % 10;
  return digits.join('') + String(check);
}

interface Seeded {
  invoiceId: number;
  number: string;
  itemName: string;
}

/** A new Croatian client and a catalogue item with a KPD code, and an invoice of two lines to that client. */
async function seedInvoice(page: Page, request: APIRequestContext): Promise<Seeded> {
  const headers = await authHeaders(page);
  const stamp = Date.now().toString(36);
  const client = await request.post('/api/v1/company', {
    headers,
    data: {
      name: `Odobrenja ${stamp} d.o.o.`,
      email: `odobrenja-${stamp}@example.hr`,
      pin: randomOib(),
      address: { address1: 'Riva 1', city: 'Split', zip: '21000', countryCode: 'HR' },
    },
  });
  expect(client.status()).toBe(201);
  const clientId = ((await client.json()) as { data: { id: number } }).data.id;
  const itemName = `Izrada aplikacije ${stamp}`;
  const item = await request.post('/api/v1/lineItem', {
    headers,
    data: {
      nameHr: itemName,
      nameEn: `App development ${stamp}`,
      unitPrice: 50,
      currencyCode: 'EUR',
      unit: 'HOURLY',
      kpdCode: '62.10.11',
    },
  });
  expect(item.status()).toBe(201);
  const itemId = ((await item.json()) as { data: { id: number } }).data.id;
  const { id, number } = await createInvoiceThroughApi(request, headers, {
    clientId,
    lineItems: [
      { id: itemId, quantity: 10, description: itemName, price: 50, kpdCode: '62.10.11' },
      { quantity: 1, description: 'Postavljanje poslužitelja', price: 200, unit: 'SINGLE', kpdCode: '62.20.30' },
    ],
  });
  return { invoiceId: id, number, itemName };
}

/** The list row whose number cell is exactly this number (a credit note's carries its label too). */
const rowOf = (page: Page, number: string): Locator =>
  page
    .getByRole('table', { name: /^(Popis računa|Invoice list)$/ })
    .getByRole('row')
    .filter({
      has: page.getByRole('cell', {
        name: new RegExp(`^${number.replace(/\//g, '\\/')}( Odobrenje| Credit note)?$`),
      }),
    });

/** Opens the preview of a document from the list and downloads the XML and the PDF. */
async function downloadBoth(
  page: Page,
  number: string,
): Promise<{ xml: string; xmlName: string; pdfName: string; pdf: Buffer }> {
  // an invoice's preview, or a credit note's (named by its kind)
  const name = new RegExp(`^Pregled (računa|odobrenja) ${number.replace(/\//g, '\\/')}$`);
  await page.getByRole('button', { name }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByRole('article')).toBeVisible();
  const save = async (name: string): Promise<Download> => {
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name }).click();
    return downloading;
  };
  const xmlDownload = await save('Preuzmi e-račun (XML)');
  const xml = fs.readFileSync(await xmlDownload.path(), 'utf8');
  const pdfDownload = await save('Preuzmi PDF');
  const pdf = fs.readFileSync(await pdfDownload.path());
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return { xml, xmlName: xmlDownload.suggestedFilename(), pdfName: pdfDownload.suggestedFilename(), pdf };
}

test.describe('credit notes', () => {
  test('credit part of an invoice, download both e-invoices and PDFs, then storno the rest', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await signIn(page);

    // The operator's OIB, which every e-invoice names.
    await page.goto('/Settings');
    const account = page.getByRole('region', { name: 'Vaš korisnički račun' });
    await account.getByLabel('Vaš OIB').fill('12345678903');
    await account.getByRole('button', { name: 'Spremi' }).click();
    await expect(page.getByText('Korisnički račun je spremljen')).toBeVisible();

    await usePremises(page, request, PREMISES);
    try {
      const { invoiceId, number, itemName } = await seedInvoice(page, request);
      const fileOf = (doc: string) => doc.replace(/\//g, '-');

      // Credit 4 of the 10 hours through the dialog on the list.
      await page.goto('/Invoices');
      await page.getByRole('button', { name: `Odobrenje / storno računa ${number}` }).click();
      const dialog = page.getByRole('dialog', { name: `Odobrenje / storno računa ${number}` });
      await expect(dialog.getByRole('textbox', { name: `Količina za ${itemName}` })).toHaveValue('10');
      await expect(dialog.getByText(/izdaje se storno cijelog računa/)).toBeVisible();
      await dialog.getByRole('checkbox', { name: 'Odobri stavku Postavljanje poslužitelja' }).uncheck();
      await dialog.getByRole('textbox', { name: `Količina za ${itemName}` }).fill('4');
      await dialog.getByRole('textbox', { name: 'Razlog' }).fill('Obračunato 4 sata previše');
      await expect(dialog.getByText('Odobrava se dio računa.')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/credit-dialog-hr.png` });
      await dialog.getByRole('button', { name: 'Izdaj odobrenje' }).click();
      const toast = page.getByText(/^Odobrenje \d+\/ODOB1\/1 je izdano$/);
      await expect(toast).toBeVisible();
      const note = /Odobrenje (\S+) je izdano/.exec((await toast.textContent()) ?? '')?.[1] ?? '';
      expect(note).toMatch(/^\d+\/ODOB1\/1$/);
      await expect(dialog).toBeHidden();

      // Both in the list: the credit note labelled and negative (4 h × 50 € + 25 % VAT), the invoice partly credited.
      const noteRow = rowOf(page, note);
      await expect(noteRow).toContainText('Odobrenje');
      await expect(noteRow.getByRole('cell').nth(4)).toHaveText(/^[-−]250,00\s€$/);
      const invoiceRow = rowOf(page, number);
      await expect(invoiceRow).toContainText('Djelomično odobreno');
      await expect(invoiceRow.getByRole('cell').nth(4)).toHaveText(/^875,00\s€$/);
      await expect(noteRow.getByRole('button', { name: /Odobrenje \/ storno/ })).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/credit-list-hr.png` });

      // The e-invoice and the PDF of each.
      const invoiceFiles = await downloadBoth(page, number);
      expect(invoiceFiles.xmlName).toBe(`${fileOf(number)}.xml`);
      expect(invoiceFiles.xml).toContain('<Invoice');
      expect(invoiceFiles.xml).toContain('12345678903');
      expect(invoiceFiles.pdfName).toBe(`Racun-${fileOf(number)}.pdf`);
      expect(invoiceFiles.pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const noteFiles = await downloadBoth(page, note);
      expect(noteFiles.xmlName).toBe(`${fileOf(note)}.xml`);
      expect(noteFiles.xml).toContain('<CreditNote');
      expect(noteFiles.xml).toContain('BillingReference');
      expect(noteFiles.xml).toContain(number);
      expect(noteFiles.pdfName).toBe(`Odobrenje-${fileOf(note)}.pdf`);
      expect(noteFiles.pdf.subarray(0, 5).toString()).toBe('%PDF-');

      // The credit note's own page: read-only, pointing back at the invoice.
      await noteRow.getByRole('link', { name: `Otvori odobrenje ${note}` }).click();
      await expect(page.getByRole('heading', { name: `Odobrenje ${note}` })).toBeVisible();
      // the reason stands on the page (exactly), and again inside the History entry of the issue
      await expect(page.getByText('Obračunato 4 sata previše', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Ažuriraj račun' })).toHaveCount(0);
      await page.getByRole('link', { name: number, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/Invoices/${invoiceId}$`));
      await expect(
        page.getByRole('table', { name: 'Odobrenja računa' }).getByRole('link', { name: note }),
      ).toBeVisible();
      await expect(page.getByText('e-Račun', { exact: true })).toBeVisible();

      // The rest, as a storno, in English.
      await chooseLanguage(page, 'EN');
      await page.getByRole('link', { name: 'Invoices', exact: true }).first().click();
      await page.getByRole('button', { name: `Credit note / storno for invoice ${number}` }).click();
      const english = page.getByRole('dialog', { name: `Credit note / storno for invoice ${number}` });
      await expect(english.getByRole('textbox', { name: `Quantity for ${itemName}` })).toHaveValue('6');
      await expect(english.getByText(/^All remaining lines at full quantity/)).toBeVisible();
      await english.getByRole('textbox', { name: 'Reason' }).fill('Contract cancelled');
      await page.screenshot({ path: `${SHOTS}/credit-dialog-en.png` });
      await english.getByRole('button', { name: 'Issue credit note' }).click();
      await expect(page.getByText(/^Credit note \d+\/ODOB1\/1 issued$/)).toBeVisible();
      await expect(english).toBeHidden();
      await expect(rowOf(page, number)).toContainText('Credited');
      // fully credited: the action stays where a user looks for it, inactive, and says why
      await expect(rowOf(page, number).getByRole('button', { name: /Credit note \/ storno/ })).toHaveAttribute('aria-disabled', 'true');
      await page.screenshot({ path: `${SHOTS}/credit-list-en.png` });

      // And in Croatian: fully credited, settled by its credit notes: "Stornirano", not paid (decision 027).
      await chooseLanguage(page, 'HR');
      await expect(rowOf(page, number)).toContainText('Stornirano');
      await expect(rowOf(page, number)).not.toContainText('Naplaćen');
    } finally {
      await usePremises(page, request, 'POSL1');
    }
  });

  test("credit an English invoice with one line at 0: the dialog names its English lines, the note leaves the 0 out", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await signIn(page);
    const headers = await authHeaders(page);
    // the operator's OIB, which the e-invoice names (HR-BR-9)
    const account = ((await (await request.get('/api/v1/account', { headers })).json()) as { data: { name: string; email: string } }).data;
    expect((await request.put('/api/v1/account', { headers, data: { ...account, oib: '12345678903' } })).status()).toBe(200);

    await usePremises(page, request, PREMISES);
    try {
      const stamp = Date.now().toString(36);
      const client = await request.post('/api/v1/company', {
        headers,
        data: {
          name: `Credit GmbH ${stamp}`,
          email: `credit-${stamp}@example.de`,
          pin: 'DE811907980',
          address: { address1: 'Hauptstr. 1', city: 'Berlin', zip: '10115', countryCode: 'DE' },
        },
      });
      expect(client.status()).toBe(201);
      const clientId = ((await client.json()) as { data: { id: number } }).data.id;
      const { id: invoiceId, number } = await createInvoiceThroughApi(request, headers, {
        clientId,
        lineItems: [
          { quantity: 10, description: `Izrada aplikacije ${stamp}`, descriptionEn: `App development ${stamp}`, price: 50, kpdCode: '62.10.11' },
          { quantity: 1, description: `Postavljanje ${stamp}`, descriptionEn: `Server setup ${stamp}`, price: 200, unit: 'SINGLE', kpdCode: '62.20.30' },
        ],
      });

      // In a Croatian screen, the English invoice's lines by their English names.
      await page.goto(`/Invoices/${invoiceId}`);
      await page.getByRole('button', { name: 'Više radnji s dokumentom' }).click();
      await page.getByRole('menuitem', { name: 'Odobrenje / storno' }).click();
      const dialog = page.getByRole('dialog', { name: `Odobrenje / storno računa ${number}` });
      const setup = dialog.getByRole('textbox', { name: `Količina za Server setup ${stamp}` });
      await expect(setup).toHaveValue('1');
      await expect(dialog.getByText(`Postavljanje ${stamp}`)).toHaveCount(0);
      // 0 on a ticked line: not credited, no error
      await setup.fill('0');
      await dialog.getByRole('textbox', { name: `Količina za App development ${stamp}` }).fill('3');
      await expect(dialog.getByText('Odobrava se dio računa.')).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Razlog' }).fill('Three hours less');
      await page.screenshot({ path: `${SHOTS}/credit-dialog-english-invoice.png` });
      await dialog.getByRole('button', { name: 'Izdaj odobrenje' }).click();
      const toast = page.getByText(/^Odobrenje \d+\/ODOB1\/1 je izdano$/);
      await expect(toast).toBeVisible();
      await expect(dialog).toBeHidden();

      // The note credits the 3 hours only; its e-invoice in English names them in English.
      const notes = ((await (await request.get(`/api/v1/invoice/${invoiceId}`, { headers })).json()) as { data: { creditNotes: { id: number }[] } }).data.creditNotes;
      const noteId = notes.at(-1)?.id ?? 0;
      const note = ((await (await request.get(`/api/v1/invoice/${noteId}`, { headers })).json()) as { data: { lineItems: { description: string; quantity: number }[] } }).data;
      expect(note.lineItems.map((line) => [line.description, line.quantity])).toEqual([[`Izrada aplikacije ${stamp}`, -3]]);
      const xml = await (await request.get(`/api/v1/invoice/${noteId}/ubl?lang=en`, { headers })).text();
      expect(xml).toContain(`<cbc:Name>App development ${stamp}</cbc:Name>`);
      expect(xml).not.toContain(`Server setup ${stamp}`);
      // why no VAT is charged, in English too (reverse charge, or outside the VAT system)
      expect(xml).toMatch(/<cbc:TaxExemptionReason>[^<]*\bVAT\b[^<]*<\/cbc:TaxExemptionReason>/);
    } finally {
      await usePremises(page, request, 'POSL1');
    }
  });
});

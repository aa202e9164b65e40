import fs from 'node:fs';
import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { apiData, authHeaders, chooseLanguage, phoneScreenshot, pick, signIn, test, toast, usePremises } from './support';

/**
 * Advance invoices end to end (issue 48): a new Croatian client pays an advance of 125,00 € (25 %);
 * "Novi račun za predujam" issues the advance invoice with its payment (the base and VAT shown as typed);
 * the New invoice form for that client proposes deducting it; the final invoice for the whole supply
 * (250,00 €) shows the advance and 125,00 € remaining, in Croatian, in English and at 390 px, and its PDF
 * says so. Numbers are read from the toasts; the journey numbers at premises of its own.
 */
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/shots';
const PREMISES = 'PRED1';
const NBSP = '\u00a0';

function randomOib(): string {
  const digits = Array.from({ length: 10 }, (_, index) => (index === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10)));
  let rest = 10;
  for (const digit of digits) {
    rest = (digit + rest) % 10;
    rest = ((rest === 0 ? 10 : rest) * 2) % 11;
  }
  return digits.join('') + String((11 - rest) % 10);
}

async function seed(page: Page, request: APIRequestContext): Promise<{ clientName: string; itemName: string }> {
  const headers = await authHeaders(page);
  const stamp = Date.now().toString(36);
  const clientName = `Predujam ${stamp} d.o.o.`;
  const client = await request.post('/api/v1/company', {
    headers,
    data: { name: clientName, email: `predujam-${stamp}@example.hr`, pin: randomOib(), address: { address1: 'Riva 2', city: 'Split', zip: '21000', countryCode: 'HR' } },
  });
  expect(client.status()).toBe(201);
  const itemName = `Web stranica ${stamp}`;
  const item = await request.post('/api/v1/lineItem', {
    headers,
    data: { nameHr: itemName, nameEn: `Website ${stamp}`, unitPrice: 200, currencyCode: 'EUR', unit: 'SINGLE', kpdCode: '62.10.11' },
  });
  expect(item.status()).toBe(201);
  return { clientName, itemName };
}

const numberIn = async (page: Page, text: RegExp): Promise<string> => {
  const alert = toast(page, text);
  await expect(alert).toBeVisible();
  const found = new RegExp(`(\\d+/${PREMISES}/1)`).exec((await alert.textContent()) ?? '')?.[1] ?? '';
  expect(found).not.toBe('');
  await alert.getByRole('button').click();
  return found;
};

test.describe('advance invoices', () => {
  test('an advance received, then the final invoice deducting it: hr, en and 390 px, with its PDF', async ({ page, request }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await signIn(page);
    await page.goto('/Settings');
    const account = page.getByRole('region', { name: 'Vaš korisnički račun' });
    await account.getByLabel('Vaš OIB').fill('12345678903');
    await account.getByRole('button', { name: 'Spremi' }).click();
    await expect(page.getByText('Korisnički račun je spremljen')).toBeVisible();
    await usePremises(page, request, PREMISES);
    try {
      const { clientName, itemName } = await seed(page, request);

      // the advance: from the list's button, 125,00 € with 25 % VAT, by transfer, received today
      await page.goto('/Invoices');
      await page.getByRole('link', { name: 'Novi predujam' }).click();
      const form = page.getByRole('form', { name: 'Novi račun za predujam' });
      await pick(page, form.getByRole('textbox', { name: 'Klijent', exact: true }), clientName, 'Predujam');
      await form.getByRole('textbox', { name: 'Za što je predujam' }).fill('Izrada web stranice');
      await form.getByRole('textbox', { name: 'Primljeni iznos s PDV-om (EUR)' }).fill('125,00');
      await expect(form.getByText(`Osnovica 100,00${NBSP}€ + PDV 25,00${NBSP}€`)).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/advance-new-hr.png`, fullPage: true });
      await page.getByRole('button', { name: 'Izdaj račun za predujam' }).click();
      const advance = await numberIn(page, /^Račun za predujam \d+\/PRED1\/1 je izdan/);
      // its page: the kind, paid, not deducted yet
      await expect(page.getByText('Račun za predujam').first()).toBeVisible();
      await expect(page.getByText(/Još nije odbijen ni na jednom računu/)).toBeVisible();
      await expect(page.getByText(/^Plaćen/).first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/advance-detail-hr.png`, fullPage: true });

      // the final invoice: the form proposes the advance, ticked
      await page.goto('/Invoices/NewInvoice');
      const invoice = page.getByRole('form', { name: /račun/i });
      await pick(page, invoice.getByRole('textbox', { name: 'Klijent', exact: true }), clientName, 'Predujam');
      await pick(page, invoice.getByRole('textbox', { name: 'Stavka iz kataloga', exact: true }), `${itemName} (200,00${NBSP}€/kom)`, 'Web stranica');
      await invoice.getByRole('button', { name: 'Dodaj stavku' }).click();
      const proposal = page.getByRole('region', { name: 'Predujmovi za odbiti' });
      const box = proposal.getByRole('checkbox', { name: new RegExp(`^${advance.replace(/\//g, '\\/')} od .*125,00`) });
      await expect(box).toBeChecked();
      await page.screenshot({ path: `${SHOTS}/final-form-hr.png`, fullPage: true });
      await invoice.getByRole('button', { name: 'Izdaj račun' }).click();
      const final = await numberIn(page, /^Račun je izdan/);

      const headers = await authHeaders(page);
      const rows = await apiData<{ id: number; invoiceNumber: string | null }[]>(request, headers, `/api/v1/invoice/list?q=${encodeURIComponent(final)}`);
      const finalId = rows.find((r) => r.invoiceNumber === final)?.id ?? 0;
      await page.goto(`/Invoices/${String(finalId)}`);
      const section = page.getByRole('region', { name: 'Odbijeni predujmovi' });
      await expect(section.getByRole('link', { name: advance })).toBeVisible();
      await expect(section.getByText(`Plaćeno predujmom: 125,00${NBSP}€`)).toBeVisible();
      await expect(section.getByText(`Preostalo za platiti: 125,00${NBSP}€`)).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/final-detail-hr.png`, fullPage: true });

      // in English, without asking the API again for texts it has
      await chooseLanguage(page, 'EN');
      const english = page.getByRole('region', { name: 'Advances deducted' });
      await expect(english.getByText('Remaining to pay: €125.00')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/final-detail-en.png`, fullPage: true });
      await phoneScreenshot(page, `${SHOTS}/final-detail-390.png`);
      await page.goto('/Invoices/NewAdvance');
      await expect(page.getByRole('form', { name: 'New advance invoice' })).toBeVisible();
      await expect(page.getByText('Amount received incl. VAT (EUR)')).toBeVisible();
      await phoneScreenshot(page, `${SHOTS}/advance-new-390-en.png`);
      await chooseLanguage(page, 'HR');

      // the PDF of the final invoice, as downloaded: the advance, and what remains
      const pdf = await request.get(`/api/v1/invoice/${String(finalId)}/pdf`, { headers });
      expect(pdf.status()).toBe(200);
      fs.writeFileSync(`${SHOTS}/final-invoice.pdf`, await pdf.body());
    } finally {
      await usePremises(page, request, 'POSL1');
    }
  });
});

import fs from 'node:fs';
import { expect } from '@playwright/test';
import { apiData, authHeaders, chooseLanguage, createInvoiceThroughApi, demoClient, phoneScreenshot, signIn, test, usePremises } from './support';

/**
 * The KPR of a paušalni obrt (issue 28, decision 029): the operator makes the issuer a paušalni obrt
 * in Settings, payments arrive (recorded through the API), and the KPR lists them in the cash and
 * non-cash columns with the year's sums, downloads as CSV, and reads in Croatian and English, also on
 * a phone; PO-SD shows the quarters and the deadline. The issuer is put back as it was at the end, so
 * the journeys after this one see the demo's VAT payer.
 */

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/shots';
const PREMISES = 'KPR1';
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zagreb' }).format(new Date());

test('a paušalni obrt keeps its KPR from the payments received, in Croatian and English, on a phone too', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto('/');
  await signIn(page);
  await usePremises(page, page.request, PREMISES);
  const headers = await authHeaders(page);
  const original = await apiData<Record<string, unknown>>(page.request, headers, '/api/v1/settings/issuer');
  try {
    // payments arrive on two invoices: cash and card on one, a bank transfer on the other
    const client = await demoClient(page.request, headers, 'Nordlicht Digital GmbH');
    const line = { description: 'Savjetovanje', descriptionEn: 'Consulting', quantity: 1, price: 400 };
    const first = await createInvoiceThroughApi(page.request, headers, { clientId: client.id, lineItems: [line] });
    const second = await createInvoiceThroughApi(page.request, headers, { clientId: client.id, lineItems: [line] });
    for (const [id, amount, method] of [
      [first.id, 123.45, 'CASH'],
      [first.id, 76.55, 'CARD'],
      [second.id, 250, 'TRANSFER'],
    ] as const) {
      const res = await page.request.post(`/api/v1/invoice/${String(id)}/payment`, { headers, data: { date: today(), amount, method } });
      expect(res.status(), await res.text()).toBe(201);
    }

    // before the switch, the KPR says who keeps it
    await page.goto('/Reports/KPR');
    await expect(page.getByText(/Knjigu prometa \(KPR\) vodi paušalni obrt/)).toBeVisible();

    // Settings: out of the VAT system, a paušalni obrt; the link leads to the KPR
    await page.goto('/Settings');
    const company = page.getByRole('form', { name: 'Podaci o tvrtki' });
    const vat = company.getByRole('switch', { name: 'U sustavu PDV-a', exact: true });
    const flatRate = company.getByRole('switch', { name: 'Paušalni obrt', exact: true });
    await flatRate.click({ force: true });
    await company.getByRole('button', { name: 'Spremi' }).click();
    await expect(company.getByText(/Paušalni obrt ne može biti u sustavu PDV-a/)).toBeVisible();
    await vat.click({ force: true });
    await company.getByRole('button', { name: 'Spremi' }).click();
    await expect(page.getByText('Podaci o tvrtki su spremljeni')).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await flatRate.scrollIntoViewIfNeeded();
    await phoneScreenshot(page, `${SHOTS}/settings-flat-rate-hr-390.png`, { width: 1280, height: 1000 }, { fullPage: false });
    await company.getByRole('link', { name: 'Knjiga prometa (KPR) i PO-SD' }).click();

    const year = today().slice(0, 4);
    await expect(page).toHaveURL(/\/Reports\/KPR$/);
    await expect(page.getByRole('heading', { name: 'Knjiga prometa (KPR)' })).toBeVisible();
    const ledger = page.getByRole('table', { name: 'Knjiga prometa (KPR)' });
    const rowOf = (number: string, amount: string) => ledger.getByRole('row').filter({ hasText: number }).filter({ hasText: amount });
    await expect(rowOf(first.number, '123,45')).toContainText(/123,45\s€\s*0,00\s€\s*123,45\s€/);
    await expect(rowOf(first.number, '76,55')).toContainText(/76,55\s€\s*0,00\s€\s*76,55\s€/);
    await expect(rowOf(second.number, '250,00')).toContainText(/0,00\s€\s*250,00\s€\s*250,00\s€/);
    await expect(ledger.getByRole('row').filter({ hasText: `Ukupno ${year}.` })).toBeVisible();
    await expect(ledger.getByRole('row').filter({ hasText: /^Ukupno \d\. tromjesečje/ }).first()).toBeVisible();

    // the CSV holds the same rows, for a Croatian spreadsheet
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Preuzmi CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`KPR-${year}.csv`);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFFRedni broj;Datum;Broj računa;')).toBe(true);
    expect(csv).toContain(`;${first.number};123,45;0,00;123,45\r\n`);
    expect(csv).toContain(`;${second.number};0,00;250,00;250,00\r\n`);
    await phoneScreenshot(page, `${SHOTS}/kpr-hr-390.png`);

    // PO-SD: the quarters and the deadline
    await page.getByRole('link', { name: `PO-SD za ${year}.` }).click();
    await expect(page.getByText(`Rok za predaju: 15. 1. ${String(Number(year) + 1)}.`)).toBeVisible();
    await phoneScreenshot(page, `${SHOTS}/posd-hr-390.png`);

    // in English: the screen in English, the form's figures the same
    await chooseLanguage(page, 'EN');
    await expect(page.getByRole('heading', { name: 'PO-SD: receipts per quarter' })).toBeVisible();
    await expect(page.getByText(`Filing deadline: 15 Jan ${String(Number(year) + 1)}`)).toBeVisible();
    await page.getByRole('link', { name: `Sales ledger for ${year}` }).click();
    const english = page.getByRole('table', { name: 'Sales ledger (KPR)' });
    await expect(english.getByRole('columnheader', { name: 'Received in cash / by card' })).toBeVisible();
    await expect(english.getByRole('row').filter({ hasText: first.number }).filter({ hasText: '123.45' })).toContainText('€123.45');
    await phoneScreenshot(page, `${SHOTS}/kpr-en-390.png`);
    await page.screenshot({ path: `${SHOTS}/kpr-en-desktop.png`, fullPage: true });
    await chooseLanguage(page, 'HR');
  } finally {
    const { address, premisesCode: _p, deviceCode: _d, vatNumber: _v, ...rest } = original as Record<string, unknown> & { address: Record<string, unknown> };
    const { id: _id, country: _c, ...addressInput } = address;
    const restored = await page.request.put('/api/v1/settings/issuer', { headers, data: { ...rest, address: addressInput, flatRate: false } });
    expect(restored.status(), await restored.text()).toBe(200);
    await usePremises(page, page.request, 'POSL1');
  }
});

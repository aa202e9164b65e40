import fs from 'node:fs';
import { expect } from '@playwright/test';
import { receivedXml } from './doubles';
import { apiData, authHeaders, chooseLanguage, phoneScreenshot, signIn, test } from './support';

/**
 * The inbox (issue 46): the operator imports a received e-invoice (a UBL 2.1 file as MIKROeRAČUN or
 * e-mail delivers it) and a file that is not one, sees each file's outcome with its reason, opens the
 * kept invoice and reads it field by field (supplier, buyer, lines with KPD, VAT, payment, the
 * three-layer check, the SHA-256 of the original), downloads the original byte for byte, finds it in
 * the list by search, and reads it all in English and on a phone.
 */

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/shots';


test('a received e-invoice is imported, read field by field, downloaded as it came and found again, in Croatian and English, on a phone too', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 1000 });
  await page.goto('/');
  await signIn(page);
  const headers = await authHeaders(page);
  const issuer = await apiData<{ oib: string }>(page.request, headers, '/api/v1/settings/issuer');
  const number = `UL-${String(Date.now() % 1_000_000)}-1-1`;
  const bytes = receivedXml(issuer.oib, number, { iban: 'HR1210010051863000160' });

  await page.getByRole('navigation').getByRole('link', { name: 'Primljeni računi' }).click();
  await expect(page).toHaveURL(/\/Inbox$/);
  await expect(page.getByRole('heading', { name: 'Primljeni računi' })).toBeVisible();

  // two files at once: the e-invoice and something that is not XML
  await page.getByRole('button', { name: 'Uvezi XML' }).click();
  const dialog = page.getByRole('dialog', { name: 'Uvoz primljenih e-računa' });
  await dialog.locator('input[type=file]').setInputFiles([
    { name: 'racun.xml', mimeType: 'application/xml', buffer: bytes },
    { name: 'popis.xml', mimeType: 'application/xml', buffer: Buffer.from('ovo nije e-račun', 'utf8') },
  ]);
  await dialog.getByRole('button', { name: 'Uvezi', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText('Zaprimljeno: 1 · već zaprimljeno: 0 · odbijeno: 1');
  await expect(dialog.getByText(/Datoteka popis\.xml nije ispravan XML/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/inbox-import-hr.png` });

  // the same file again is the same invoice: not received twice
  await dialog.locator('input[type=file]').setInputFiles([{ name: 'racun-opet.xml', mimeType: 'application/xml', buffer: bytes }]);
  await dialog.getByRole('button', { name: 'Uvezi', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText('Zaprimljeno: 0 · već zaprimljeno: 1 · odbijeno: 0');
  await expect(dialog.getByText(new RegExp(`E-račun ${number} dobavljača .* već je zaprimljen`))).toBeVisible();

  await dialog.getByRole('link', { name: `Otvori ${number}` }).click();
  await expect(page).toHaveURL(/\/Inbox\/\d+$/);
  const id = page.url().split('/').at(-1) ?? '';
  await expect(page.getByRole('heading', { name: new RegExp(`^${number} · `) })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Kupac' })).toContainText(issuer.oib);
  const lines = page.getByRole('table', { name: 'Stavke' });
  await expect(lines.getByRole('row')).not.toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Rekapitulacija PDV-a' })).toContainText('25 %');
  await expect(page.getByRole('region', { name: 'Plaćanje' })).toContainText('HR00');
  await expect(page.getByRole('region', { name: 'Plaćanje' })).toContainText('HR1210010051863000160');
  // the HUB-3A code to pay it from a banking app, drawn by the server
  const code = page.getByRole('img', { name: `HUB-3A kod za plaćanje računa ${number}` });
  await expect(code).toBeVisible();
  expect(await code.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  const original = page.getByRole('region', { name: 'Izvornik' });
  await expect(original).toContainText('Uvezen iz datoteke');
  // the check runs in the server's worker thread after the file is kept: the page shows it once done
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('region', { name: 'Provjera e-računa' })).toContainText('HR CIUS: bez pogrešaka', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  const sha = (await page.getByRole('region', { name: 'Izvornik' }).locator('code').textContent()) ?? '';
  expect(sha).toMatch(/^[0-9a-f]{64}$/);

  // downloaded byte for byte, with the SHA-256 the page shows
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Preuzmi izvorni XML' }).click()]);
  const saved = fs.readFileSync((await download.path()) ?? '');
  expect(saved.equals(bytes)).toBe(true);
  const { createHash } = await import('node:crypto');
  expect(createHash('sha256').update(saved).digest('hex')).toBe(sha);
  await page.screenshot({ path: `${SHOTS}/inbox-detail-hr.png`, fullPage: true });
  await phoneScreenshot(page, `${SHOTS}/inbox-detail-hr-390.png`, { width: 1366, height: 1000 });

  // found in the list by its number; the filters narrow it
  await page.goto('/Inbox');
  await page.getByRole('searchbox', { name: 'Pretraži primljene račune' }).fill(number);
  const table = page.getByRole('table', { name: 'Primljeni računi' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Zaprimljen');
  await expect(table.getByRole('row').nth(1)).toContainText(/Fiskalizirati do|Rok za fiskalizaciju/);
  await page.getByRole('combobox', { name: 'Stanje' }).selectOption('PAID');
  await expect(page.getByText('Nijedan primljeni račun ne odgovara odabiru.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Stanje' }).selectOption('RECEIVED');
  await expect(table.getByRole('link', { name: number })).toBeVisible();
  await phoneScreenshot(page, `${SHOTS}/inbox-list-hr-390.png`, { width: 1366, height: 1000 });

  // in English
  await chooseLanguage(page, 'EN');
  await expect(page.getByRole('heading', { name: 'Received invoices' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Received invoices' }).getByRole('row').nth(1)).toContainText(/Fiscalize by|Fiscalization deadline passed/);
  await page.goto(`/Inbox/${id}`);
  await expect(page.getByRole('region', { name: 'Buyer' })).toContainText(issuer.oib);
  await expect(page.getByRole('region', { name: 'E-invoice check' })).toContainText('HR CIUS: no errors');
  await expect(page.getByRole('region', { name: 'Original' })).toContainText('Imported from a file');
  await page.screenshot({ path: `${SHOTS}/inbox-detail-en.png`, fullPage: true });
  await phoneScreenshot(page, `${SHOTS}/inbox-detail-en-390.png`, { width: 1366, height: 1000 });
  await chooseLanguage(page, 'HR');
});

/**
 * Issue 46, "Paid" (decision 039): the operator marks a received invoice paid in two parts (the
 * dialog proposing today and what is open), sees what is still open and the HUB-3A code asking for
 * it, then PAID with no code; undoes a payment; finds the supplier among the suppliers and, from its
 * record, the invoices received from it; on a phone and in English too.
 */
test('a received e-invoice is marked paid in parts, a payment undone, and its supplier found among the suppliers', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 1000 });
  await page.goto('/');
  await signIn(page);
  const headers = await authHeaders(page);
  const issuer = await apiData<{ oib: string }>(page.request, headers, '/api/v1/settings/issuer');
  const number = `UL-${String(Date.now() % 1_000_000)}-2-1`;
  const imported = await page.request.post('/api/v1/inbox/import', {
    headers,
    multipart: { files: { name: 'placanje.xml', mimeType: 'application/xml', buffer: receivedXml(issuer.oib, number, { iban: 'HR1210010051863000160' }) } },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const id = ((await imported.json()) as { data: { results: { id: number }[] } }).data.results[0]!.id;
  const doc = await apiData<{ supplierName: string; supplierOib: string }>(page.request, headers, `/api/v1/inbox/${String(id)}`);

  await page.goto(`/Inbox/${String(id)}`);
  const payments = page.getByRole('region', { name: 'Plaćanja' });
  await expect(payments).toContainText('Još za platiti: 125,00 € od 125,00 €');
  await expect(payments).toContainText('Još nije zabilježeno nijedno plaćanje.');

  // a first part: the dialog proposes today, all that is open and a transfer
  await payments.getByRole('button', { name: 'Označi plaćenim' }).click();
  const dialog = page.getByRole('dialog', { name: `Označi plaćenim: ${number}` });
  await expect(dialog.getByRole('textbox', { name: /^Iznos/ })).toHaveValue('125,00');
  await dialog.getByRole('textbox', { name: /^Iznos/ }).fill('50,00');
  await page.screenshot({ path: `${SHOTS}/inbox-pay-dialog-hr.png` });
  await dialog.getByRole('button', { name: 'Zabilježi plaćanje' }).click();
  await expect(dialog).toBeHidden();
  await expect(payments).toContainText('Još za platiti: 75,00 € od 125,00 €');
  await expect(payments.getByRole('table', { name: 'Plaćanja' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('img', { name: `HUB-3A kod za plaćanje računa ${number}` })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/inbox-paid-part-hr.png`, fullPage: true });

  // the rest, on a phone
  await page.setViewportSize({ width: 390, height: 844 });
  await payments.getByRole('button', { name: 'Označi plaćenim' }).click();
  await expect(dialog.getByRole('textbox', { name: /^Iznos/ })).toHaveValue('75,00');
  await page.screenshot({ path: `${SHOTS}/inbox-pay-dialog-hr-390.png` });
  await dialog.getByRole('button', { name: 'Zabilježi plaćanje' }).click();
  await expect(dialog).toBeHidden();
  await expect(payments).toContainText('Plaćeno u cijelosti (125,00 €).');
  await expect(page.getByText('Plaćen', { exact: true }).first()).toBeVisible();
  await expect(payments.getByRole('button', { name: 'Označi plaćenim' })).toHaveCount(0);
  await expect(page.getByRole('img', { name: `HUB-3A kod za plaćanje računa ${number}` })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/inbox-paid-hr-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 1000 });

  // undone: received again with that part open
  await payments.getByRole('button', { name: /^Poništi plaćanje od 75,00/ }).click();
  await expect(payments).toContainText('Još za platiti: 75,00 € od 125,00 €');
  await expect(payments.getByRole('table', { name: 'Plaćanja' }).getByRole('row')).toHaveCount(2);

  // in English
  await chooseLanguage(page, 'EN');
  const paymentsEn = page.getByRole('region', { name: 'Payments' });
  await expect(paymentsEn).toContainText('Still to pay: €75.00 of €125.00');
  await expect(paymentsEn.getByRole('button', { name: 'Mark as paid' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/inbox-paid-part-en.png`, fullPage: true });
  await chooseLanguage(page, 'HR');

  // the supplier, among the suppliers, links to what was received from it
  await page.getByRole('region', { name: 'Plaćanja' }).getByRole('link', { name: 'Dobavljač u imeniku' }).click();
  await expect(page).toHaveURL(/\/Clients\?role=supplier$/);
  const row = page.getByRole('table', { name: 'Popis klijenata' }).getByRole('row').filter({ hasText: doc.supplierName });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Dobavljač', { exact: true })).toBeVisible();
  await phoneScreenshot(page, `${SHOTS}/clients-suppliers-hr-390.png`, { width: 1366, height: 1000 });
  await row.getByRole('link', { name: 'Primljeni računi od ovog dobavljača' }).click();
  await expect(page).toHaveURL(new RegExp(`/Inbox\\?supplier=${doc.supplierOib}$`));
  await expect(page.getByRole('table', { name: 'Primljeni računi' }).getByRole('link', { name: number })).toBeVisible();
  await expect(page.getByRole('button', { name: `Dobavljač OIB ${doc.supplierOib}` })).toBeVisible();
});

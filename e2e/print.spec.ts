import fs from 'node:fs';
import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { formatDate, previousMonthOf, todayInZagreb } from '@faktura/shared';
import { authHeaders, createInvoiceThroughApi, demoClient, demoItem, signIn, test } from './support';

/**
 * Issues an invoice through the API with the signed-in operator's token (dated today by the server),
 * optionally for a period of supply; returns its number.
 */
async function issueInvoice(
  page: Page,
  request: APIRequestContext,
  clientName: string,
  itemCurrency: 'EUR' | 'USD' = 'EUR',
  supply: { deliveryDate: string; servicePeriod: { start: string; end: string } } | null = null,
) {
  const headers = await authHeaders(page);
  const client = await demoClient(request, headers, clientName);
  const item = await demoItem(request, headers, itemCurrency);
  const invoice = await createInvoiceThroughApi(request, headers, {
    clientId: client.id,
    ...(itemCurrency === 'USD' ? { eurFxRate: '1.08' } : {}),
    ...(supply ?? {}),
    lineItems: [{ id: item.id, quantity: 2, description: item.nameHr, descriptionEn: item.nameEn, price: item.unitPrice, unit: item.unit, currency: item.currencyCode }],
  });
  return invoice.number;
}

test.describe('print preview and PDF', () => {
  test('a Croatian invoice previews in Croatian with a HUB-3 code and no language switch; Escape closes it', async ({ page, request }) => {
    await page.goto('/');
    await signIn(page);
    // last month's work, issued today (decision 026)
    const period = previousMonthOf(todayInZagreb());
    const number = await issueInvoice(page, request, 'Jadranski Softver d.o.o.', 'EUR', { deliveryDate: period.end, servicePeriod: period });
    await page.goto('/Invoices');
    await page.getByRole('button', { name: `Pregled računa ${number}` }).click();
    const dialog = page.getByRole('dialog', { name: `Pregled računa ${number}` });
    await expect(dialog.getByText('RAČUN', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Jadranski Softver d.o.o.')).toBeVisible();
    // dated today with the time; supplied last month, over last month; no separate invoice date
    const fact = (term: string) => dialog.locator('dl > div').filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) }).getByRole('definition');
    await expect(fact('Datum i vrijeme izdavanja')).toHaveText(new RegExp(`^${formatDate(todayInZagreb(), 'hr').replace(/\./g, '\\.')} \\d{2}:\\d{2}$`));
    await expect(fact('Datum isporuke')).toHaveText(formatDate(period.end, 'hr'));
    await expect(fact('Razdoblje isporuke')).toHaveText(`${formatDate(period.start, 'hr')} – ${formatDate(period.end, 'hr')}`);
    await expect(dialog.getByRole('term').filter({ hasText: /^Datum računa$/ })).toHaveCount(0);
    await expect(dialog.getByRole('img', { name: 'Skenirajte za plaćanje (HUB-3)' })).toBeVisible();
    await expect(dialog.getByText(/^HR00 \d+-\d{4}$/)).toBeVisible();
    await expect(dialog.getByRole('radiogroup', { name: 'Jezik računa' })).toHaveCount(0);
    // what the VAT Act (art. 79) asks for: base and VAT per rate, time and place of issue, premises and device
    const vat = dialog.getByRole('table', { name: 'Rekapitulacija PDV-a' });
    await expect(vat.getByRole('row').nth(1)).toHaveText(/^25\s%[\d.]+,\d{2}\s€[\d.]+,\d{2}\s€$/);
    await expect(dialog.getByRole('term').filter({ hasText: 'Datum i vrijeme izdavanja' })).toBeVisible();
    await expect(dialog.getByText(/^\d{1,2}\. \d{1,2}\. \d{4}\. \d{2}:\d{2}$/)).toBeVisible();
    await expect(dialog.getByRole('term').filter({ hasText: 'Mjesto izdavanja' })).toBeVisible();
    await expect(dialog.getByRole('term').filter({ hasText: 'Poslovni prostor' })).toBeVisible();
    await expect(dialog.getByRole('definition').filter({ hasText: /^POSL1$/ })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/preview-hr.png' });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('a foreign client’s invoice switches to English, and the PDF downloads in that language', async ({ page, request }) => {
    await page.goto('/');
    await signIn(page);
    const number = await issueInvoice(page, request, 'Nordlicht Digital GmbH');
    await page.goto('/Invoices');
    await page.getByRole('button', { name: `Pregled računa ${number}` }).click();
    const dialog = page.getByRole('dialog', { name: `Pregled računa ${number}` });
    await expect(dialog.getByText('RAČUN', { exact: true })).toBeVisible();
    await dialog.locator('label').filter({ hasText: /^EN$/ }).click();
    await expect(dialog.getByText('INVOICE', { exact: true })).toBeVisible();
    await expect(dialog.getByText(/^Reverse charge/)).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'Scan to pay (SEPA QR)' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/preview-en.png' });

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Preuzmi PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`Invoice-${number.replace(/\//g, '-')}.pdf`);
    const file = await download.path();
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain('/Lang (en-GB)');
  });

  test('a USD invoice shows its euro total and the rate', async ({ page, request }) => {
    await page.goto('/');
    await signIn(page);
    const number = await issueInvoice(page, request, 'Bluewater Analytics LLC', 'USD');
    await page.goto('/Invoices');
    await page.getByRole('button', { name: `Pregled računa ${number}` }).click();
    const dialog = page.getByRole('dialog', { name: `Pregled računa ${number}` });
    await expect(dialog.getByText('Tečaj: 1 EUR = 1,08 USD')).toBeVisible();
    await expect(dialog.getByText('Ukupno u EUR')).toBeVisible();
    // no payment code for a foreign-currency invoice
    await expect(dialog.getByRole('img', { name: /HUB-3|SEPA/ })).toHaveCount(0);
  });
});

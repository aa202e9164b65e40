import fs from 'node:fs';
import { expect } from '@playwright/test';
import { apiData, authHeaders, chooseLanguage, createInvoiceThroughApi, demoClient, phoneScreenshot, signIn, test, usePremises } from './support';

/**
 * What to report by the 20th (issue 28, decision 028): a part payment recorded through the API on an
 * invoice to a Croatian business shows in Reports → Payments to report for its month, with the
 * deadline, in Croatian and in English; the CSV downloads with the row in it; the screen fits a phone.
 * The journey numbers at premises of its own, so it never blocks the other specs' sequence.
 */

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/shots';
const PREMISES = 'NAPL1';

const todayInZagreb = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zagreb' }).format(new Date());

/** `2026-12` → 20. 1. 2027. (the 20th of the month after, as Croatians write it) and 20 Jan 2027. */
function deadline(month: string): { hr: string; en: string } {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const [y, n] = m === 12 ? [year + 1, 1] : [year, m + 1];
  const en = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, n - 1, 20)));
  return { hr: `20. ${n}. ${y}.`, en };
}

test('record a payment, find it in the month’s payments to report, download the CSV, in Croatian and English', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto('/');
  // a patient wait: the password hash is slow on a busy machine
  await signIn(page);
  await usePremises(page, page.request, PREMISES);
  try {
    const headers = await authHeaders(page);
    const today = todayInZagreb();
    const month = today.slice(0, 7);
    const client = await demoClient(page.request, headers, 'Jadranski Softver d.o.o.');
    const invoice = await createInvoiceThroughApi(page.request, headers, {
      clientId: client.id,
      lineItems: [{ quantity: 4, description: 'Savjetovanje', price: 50, kpdCode: '62.20.20' }],
    });
    const paid = await page.request.post(`/api/v1/invoice/${invoice.id}/payment`, {
      headers,
      data: { date: today, amount: 123.45, method: 'CASH', note: 'Dio plaćen na ruke' },
    });
    expect(paid.status(), await paid.text()).toBe(201);
    const issuer = await apiData<{ oib: string }>(page.request, headers, '/api/v1/settings/issuer');

    // Reports in the navigation → the list of reports → the payments to report (the previous month first)
    await page.getByRole('navigation').getByRole('link', { name: 'Izvješća' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Izvješća' })).toBeVisible();
    await page.getByRole('link', { name: 'Naplate za prijavu' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Naplate za prijavu' })).toBeVisible();
    await expect(page).toHaveURL(/\/Reports\/Payments$/);
    const previous = month.endsWith('-01') ? `${Number(month.slice(0, 4)) - 1}-12` : `${month.slice(0, 5)}${String(Number(month.slice(5, 7)) - 1).padStart(2, '0')}`;
    await expect(page.getByText(`Rok za prijavu: ${deadline(previous).hr}`)).toBeVisible();

    // this month, picked in the month picker: the payment's row and the deadline, the 20th of the next month
    await page.getByRole('button', { name: 'Mjesec' }).click();
    if (month.endsWith('-01')) await page.getByRole('button', { name: 'Sljedeća godina' }).click(); // the picker opened on December
    const monthLabel = new Intl.DateTimeFormat('hr-HR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
    await page.getByRole('button', { name: monthLabel }).click();
    await expect(page).toHaveURL(new RegExp(`/Reports/Payments\\?month=${month}$`));
    await expect(page.getByText(`Rok za prijavu: ${deadline(month).hr}`)).toBeVisible();
    await expect(page.getByText(/unesite ručno u FiskAplikaciju/)).toBeVisible();
    const row = page.getByRole('table', { name: 'Naplate za prijavu u mjesecu' }).getByRole('row').filter({ hasText: invoice.number });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Jadranski Softver d.o.o.');
    await expect(row).toContainText('33914072203');
    await expect(row).toContainText(issuer.oib);
    await expect(row).toContainText('123,45');
    await expect(row).toContainText('Z – ostalo');
    await page.screenshot({ path: `${SHOTS}/payment-report-hr.png`, fullPage: true });

    // the CSV: UTF-8 with BOM, semicolons, Croatian columns, the row with a decimal comma
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Preuzmi CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`naplate-${month}.csv`);
    const bytes = fs.readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toMatch(/^Broj računa;Datum izdavanja;OIB izdavatelja;OIB primatelja;Primatelj;Datum naplate;Naplaćeni iznos;Valuta;Oznaka;/);
    const csvRow = lines.find((l) => l.startsWith(`${invoice.number};`))?.split(';');
    expect(csvRow?.slice(2, 10)).toEqual([issuer.oib, '33914072203', 'Jadranski Softver d.o.o.', expect.stringMatching(/^\d{1,2}\. \d{1,2}\. \d{4}\.$/), '123,45', 'EUR', 'Z', 'gotovina']);

    await phoneScreenshot(page, `${SHOTS}/payment-report-phone-hr.png`);

    // English: the same row, the deadline as English writes dates
    await chooseLanguage(page, 'EN');
    await expect(page.getByRole('heading', { level: 1, name: 'Payments to report' })).toBeVisible();
    await expect(page.getByText(`Reporting deadline: ${deadline(month).en}`)).toBeVisible();
    await expect(page.getByText(/by hand in the Tax Administration’s FiskAplikacija/)).toBeVisible();
    const englishRow = page.getByRole('table', { name: 'Payments to report in the month' }).getByRole('row').filter({ hasText: invoice.number });
    await expect(englishRow).toContainText('€123.45');
    await expect(englishRow).toContainText('Z – other');
    await page.screenshot({ path: `${SHOTS}/payment-report-en.png`, fullPage: true });
    await phoneScreenshot(page, `${SHOTS}/payment-report-phone-en.png`);
    await page.getByRole('navigation').getByRole('link', { name: 'Reports' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await phoneScreenshot(page, `${SHOTS}/reports-phone-en.png`);
    await chooseLanguage(page, 'HR');
  } finally {
    await usePremises(page, page.request, 'POSL1');
  }
});

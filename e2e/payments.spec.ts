import { type Page, expect } from '@playwright/test';
import { authHeaders, chooseLanguage, createInvoiceThroughApi, phoneScreenshot, signIn, test, usePremises } from './support';

/**
 * Payments as records on the invoice page (issue 28, decision 027): an invoice of 480,00 € issued,
 * paid in two parts from its page (the partly-paid badge in between, then paid, with the day in the
 * reader's format), the payments in History, the last one undone; the list's badge and its Delete
 * refused for an invoice with payments; the same in English and at 390 px. The journey numbers at
 * premises of its own (see creditNotes.spec.ts), so it never blocks the other specs' sequence.
 */

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/shots';
const PREMISES = 'PLAC1';

const todayInZagreb = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zagreb' }).format(new Date());

/** A client in Germany (no KPD codes needed) and an issued invoice of 8 hours at 60 € to them. */
async function seedInvoice(page: Page): Promise<{ id: number; number: string; client: string }> {
  const headers = await authHeaders(page);
  const stamp = Date.now().toString(36);
  const client = `Zahlung ${stamp} GmbH`;
  const company = await page.request.post('/api/v1/company', {
    headers,
    data: {
      name: client,
      email: `zahlung-${stamp}@example.de`,
      pin: 'DE811907980',
      address: { address1: 'Hauptstraße 7', city: 'München', zip: '80331', countryCode: 'DE' },
    },
  });
  expect(company.status()).toBe(201);
  const clientId = ((await company.json()) as { data: { id: number } }).data.id;
  const invoice = await createInvoiceThroughApi(page.request, headers, {
    clientId,
    lineItems: [{ quantity: 8, description: 'Savjetovanje', descriptionEn: 'Consulting', price: 60 }],
  });
  return { ...invoice, client };
}

test('record two part payments on the invoice page, read them in History, undo the last; hr, en and 390 px', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto('/');
  // signed in here with a patient wait: the password hash is slow on a busy machine
  await signIn(page);
  await usePremises(page, page.request, PREMISES);
  try {
    const { id, number } = await seedInvoice(page);
    const [y, m, d] = todayInZagreb().split('-');
    const todayHr = `${Number(d)}. ${Number(m)}. ${y}.`;
    await page.goto(`/Invoices/${id}`);
    const payments = page.getByRole('region', { name: 'Plaćanja' });
    await expect(payments.getByText('Još nema zabilježenih plaćanja.')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Označi kao naplaćeno' })).toHaveCount(0);

    // the first part: 200,00 € in cash, with a note
    await page.getByRole('button', { name: 'Zabilježi plaćanje' }).click();
    const dialog = page.getByRole('dialog', { name: `Plaćanje računa ${number}` });
    const amount = dialog.getByRole('textbox', { name: 'Iznos' });
    await expect(amount).toHaveValue('480,00');
    await expect(dialog.getByRole('textbox', { name: 'Način plaćanja' })).toHaveValue('Transakcijski račun');
    await amount.fill('200');
    await dialog.getByRole('textbox', { name: 'Način plaćanja' }).click();
    await page.getByRole('option', { name: 'Gotovina' }).click();
    await dialog.getByRole('textbox', { name: 'Napomena' }).fill('Blagajna 1');
    await page.screenshot({ path: `${SHOTS}/payments-dialog-hr.png` });
    await dialog.getByRole('button', { name: 'Zabilježi', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Djelomično plaćen · 200,00 € / 480,00 €')).toBeVisible();
    const table = payments.getByRole('table', { name: 'Plaćanja računa' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText(`${todayHr}200,00 €GotovinaE2eNeBlagajna 1`);
    await expect(payments.getByText('Preostalo').locator('xpath=following-sibling::*[1]')).toHaveText('280,00 €');
    await page.screenshot({ path: `${SHOTS}/payments-partly-hr.png`, fullPage: true });

    // an amount above what is open asks first; the rest, as proposed, pays it
    await page.getByRole('button', { name: 'Zabilježi plaćanje' }).click();
    await expect(amount).toHaveValue('280,00');
    await expect(dialog.getByRole('checkbox')).toHaveCount(0);
    await amount.fill('300');
    await expect(dialog.getByRole('checkbox', { name: /preplata/ })).toBeVisible();
    await dialog.getByRole('button', { name: 'Zabilježi', exact: true }).click();
    // refused by the server, in the dialog, nothing typed lost
    await expect(dialog.getByText(/^Iznos je veći od preostalog duga \(280,00\s€\)/)).toBeVisible();
    await expect(amount).toHaveValue('300');
    await amount.fill('280');
    await expect(dialog.getByRole('checkbox')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Zabilježi', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Naplaćen', { exact: true })).toBeVisible();
    await expect(page.getByText(`Plaćeno: ${todayHr}`)).toBeVisible();
    await expect(page.getByText(/^Djelomično plaćen/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Zabilježi plaćanje' })).toHaveCount(0);

    // History: each payment a row of its own with its details, then the invoice cleared by them
    const history = page.getByRole('table', { name: 'Povijest promjena računa' });
    const rows = history.getByRole('row');
    await expect(rows).toHaveCount(5, { timeout: 30_000 });
    await expect(rows.nth(1)).toContainText('Označen naplaćenim');
    await expect(rows.nth(2)).toContainText('Zabilježeno plaćanje');
    await expect(rows.nth(2)).toContainText(`${todayHr}: 280,00 €, Transakcijski račun`);
    await expect(rows.nth(3)).toContainText(`${todayHr}: 200,00 €, Gotovina; napomena: Blagajna 1`);
    await expect(rows.nth(4)).toContainText('Izdan');
    await page.screenshot({ path: `${SHOTS}/payments-paid-hr.png`, fullPage: true });

    // undo the last payment: partly paid again, the deletion in History
    // undoing is in the page's "More" menu (issue 31 item 7)
    await page.getByRole('button', { name: 'Više radnji s dokumentom' }).click();
    await page.getByRole('menuitem', { name: 'Poništi zadnje plaćanje' }).click();
    await expect(page.getByText('Djelomično plaćen · 200,00 € / 480,00 €')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    // newest first: no longer paid in full, after the payment deleted
    await expect(rows.nth(2)).toContainText('Obrisano plaćanje', { timeout: 30_000 });
    await expect(rows.nth(2)).toContainText(`${todayHr}: 280,00 €, Transakcijski račun`);
    await expect(rows.nth(1)).toContainText('Poništena naplata');

    // the list: the badge, and Delete not offered for an invoice with a payment on record
    await page.goto('/Invoices');
    await expect(page.getByRole('table', { name: 'Popis računa' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: number });
    await expect(row).toContainText('Djelomično plaćen · 200,00 € / 480,00 €');
    const remove = row.getByRole('button', { name: `Obriši račun ${number}` });
    await expect(remove).toHaveAttribute('aria-disabled', 'true');
    await expect(remove).toHaveAccessibleDescription(/plaćanja ne može se obrisati/);
    await page.screenshot({ path: `${SHOTS}/payments-list-hr.png` });

    // in English
    await chooseLanguage(page, 'EN');
    await expect(row).toContainText('Partly paid · €200.00 / €480.00');
    await page.goto(`/Invoices/${id}`);
    const english = page.getByRole('region', { name: 'Payments' });
    await expect(english.getByRole('table', { name: 'Payments of the invoice' }).getByRole('row').nth(1)).toContainText('Cash');
    await expect(english.getByText('Still open')).toBeVisible();
    await page.getByRole('button', { name: 'More actions for the document' }).click();
    await expect(page.getByRole('menuitem', { name: 'Undo last payment' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Record payment' }).click();
    const englishDialog = page.getByRole('dialog', { name: `Payment of invoice ${number}` });
    await expect(englishDialog.getByRole('textbox', { name: 'Amount' })).toHaveValue('280.00');
    await expect(englishDialog.getByRole('textbox', { name: 'Payment method' })).toHaveValue('Bank transfer');
    await page.screenshot({ path: `${SHOTS}/payments-dialog-en.png` });
    await englishDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(englishDialog).toBeHidden();
    await expect(page.getByRole('table', { name: "The invoice's history of changes" }).getByRole('row').nth(2)).toContainText(
      'Payment deleted',
    );
    await page.screenshot({ path: `${SHOTS}/payments-partly-en.png`, fullPage: true });

    // at 390 px: the page and the dialog fit, the tables scroll inside themselves
    await phoneScreenshot(page, `${SHOTS}/payments-phone-en.png`);
    await chooseLanguage(page, 'HR');
    await phoneScreenshot(page, `${SHOTS}/payments-phone-hr.png`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Zabilježi plaćanje' }).click();
    await expect(dialog).toBeVisible();
    await phoneScreenshot(page, `${SHOTS}/payments-dialog-phone-hr.png`, { width: 390, height: 844 }, { fullPage: false });
    await dialog.getByRole('button', { name: 'Odustani' }).click();
    await expect(dialog).toBeHidden();
    // the list's card on a phone: the badge fits beside the state
    await page.goto('/Invoices');
    const card = page.getByRole('listitem').filter({ hasText: number });
    await expect(card).toContainText('Djelomično plaćen · 200,00 € / 480,00 €');
    await phoneScreenshot(page, `${SHOTS}/payments-list-phone-hr.png`, { width: 390, height: 844 });
  } finally {
    await usePremises(page, page.request, 'POSL1');
  }
});

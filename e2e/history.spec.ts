import { type Page, expect } from '@playwright/test';
import { formatDate } from '@faktura/shared';
import { authHeaders, chooseLanguage, usePremises, createInvoiceThroughApi, signIn, test } from './support';

/**
 * The audit trail seen by the operator: a draft issued and then paid (Record payment) on its edit page; the
 * History section lists both, newest first, in Croatian and then in English. Issuing sends an
 * Idempotency-Key. The journey numbers at premises of its own (see creditNotes.spec.ts), so it
 * never blocks the other specs' sequence.
 */

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/shots';
const PREMISES = 'POVIJ1';

const todayInZagreb = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zagreb' }).format(new Date());

/** A client in Germany (no KPD codes needed) and a draft invoice of 8 hours at 60 € to them. */
async function seedDraft(page: Page): Promise<{ id: number; client: string }> {
  const headers = await authHeaders(page);
  const stamp = Date.now().toString(36);
  const client = `Historie ${stamp} GmbH`;
  const company = await page.request.post('/api/v1/company', {
    headers,
    data: {
      name: client,
      email: `historie-${stamp}@example.de`,
      pin: 'DE811907980',
      address: { address1: 'Hauptstraße 5', city: 'München', zip: '80331', countryCode: 'DE' },
    },
  });
  expect(company.status()).toBe(201);
  const clientId = ((await company.json()) as { data: { id: number } }).data.id;
  const draft = await createInvoiceThroughApi(page.request, headers, {
    clientId,
    draft: true,
    lineItems: [{ quantity: 8, description: 'Savjetovanje', descriptionEn: 'Consulting', price: 60 }],
  });
  return { id: draft.id, client };
}

test('issue an invoice, mark it paid, and read its History in Croatian and English', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto('/');
  // signed in here with a patient wait: the password hash is slow on a busy machine
  await signIn(page);
  await usePremises(page, page.request, PREMISES);
  try {
    const { id, client } = await seedDraft(page);
    await page.goto(`/Invoices/${id}`);

    // issuing sends one Idempotency-Key with the submit
    const issuing = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith(`/api/v1/invoice/${id}/issue`),
    );
    await page.getByRole('button', { name: 'Izdaj račun' }).click();
    const issueRequest = await issuing;
    expect(await issueRequest.headerValue('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    const answer = await issueRequest.response();
    const { number } = ((await answer?.json()) as { data: { number: string } }).data;
    expect(number).toMatch(new RegExp(`^\\d+/${PREMISES}/1$`));
    await expect(page).toHaveURL(/\/Invoices$/);

    await page.goto(`/Invoices/${id}`);
    const history = page.getByRole('region', { name: 'Povijest' });
    const rows = history.getByRole('table', { name: 'Povijest promjena računa' }).getByRole('row');
    await expect(rows).toHaveCount(2, { timeout: 30_000 }); // the header and the issue
    await expect(rows.nth(1)).toContainText('Izdan');
    await expect(rows.nth(1)).toContainText(`Broj ${number}, ${client}, 480,00`);

    // record its payment today on this page: what is open, by bank transfer, as proposed
    await page.getByRole('button', { name: 'Zabilježi plaćanje' }).click();
    const dialog = page.getByRole('dialog', { name: `Plaćanje računa ${number}` });
    await expect(dialog.getByRole('textbox', { name: 'Iznos' })).toHaveValue('480,00');
    await dialog.getByRole('button', { name: 'Zabilježi', exact: true }).click();
    await expect(dialog).toBeHidden();
    // the payment is a record of its own (issue 28), and it clears the invoice
    await expect(rows).toHaveCount(4, { timeout: 30_000 });
    const [y, m, d] = todayInZagreb().split('-');
    await expect(rows.nth(1)).toContainText('Označen naplaćenim');
    await expect(rows.nth(1)).toContainText(`Plaćeno ${Number(d)}. ${Number(m)}. ${y}.`);
    await expect(rows.nth(2)).toContainText('Zabilježeno plaćanje');
    await expect(rows.nth(2)).toContainText(`${Number(d)}. ${Number(m)}. ${y}.: 480,00 €, Transakcijski račun`);
    await expect(rows.nth(3)).toContainText('Izdan');
    await history.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/history-hr.png`, fullPage: true });

    await chooseLanguage(page, 'EN');
    const english = page.getByRole('region', { name: 'History' });
    const englishRows = english
      .getByRole('table', { name: "The invoice's history of changes" })
      .getByRole('row');
    await expect(englishRows.nth(1)).toContainText('Marked as paid');
    await expect(englishRows.nth(1)).toContainText('Paid on');
    await expect(englishRows.nth(2)).toContainText('Payment recorded');
    await expect(englishRows.nth(2)).toContainText('€480.00, Bank transfer');
    await expect(englishRows.nth(3)).toContainText('Issued');
    await expect(englishRows.nth(3)).toContainText(`Number ${number}, ${client}, €480.00`);
    await page.screenshot({ path: `${SHOTS}/history-en.png`, fullPage: true });
    await chooseLanguage(page, 'HR');
  } finally {
    await usePremises(page, page.request, 'POSL1');
  }
});

test("rename the operator after issuing: the page names who issued it; History keeps a reference '2026-11-01' as text, in one date format (issue 31)", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto('/');
  await signIn(page);
  await usePremises(page, page.request, PREMISES);
  const headers = await authHeaders(page);
  const account = ((await (await page.request.get('/api/v1/account', { headers })).json()) as { data: { name: string; email: string; oib: string | null } }).data;
  try {
    const { id } = await seedDraft(page);
    expect((await page.request.post(`/api/v1/invoice/${id}/issue`, { headers })).status()).toBe(200);
    const renamed = await page.request.put('/api/v1/account', { headers, data: { ...account, name: 'Marija Preimenovana' } });
    expect(renamed.status(), await renamed.text()).toBe(200);

    await page.goto(`/Invoices/${id}`);
    const fact = (term: string) => page.locator('dl > div').filter({ has: page.getByText(term, { exact: true }) }).locator('dd');
    // the operator who issued it, as its printout names them, not today's name
    await expect(fact('Operater')).toHaveText(account.name);

    // a reference that looks like a date is a text; the due date picker shows the day as dates are written
    const editable = page.getByRole('form', { name: 'Što se može promijeniti' });
    const today = todayInZagreb();
    await expect(editable.getByRole('button', { name: 'Datum dospijeća', exact: true })).toHaveText(formatDate(today, 'hr'));
    await editable.getByRole('textbox', { name: 'Poziv na broj', exact: true }).fill('2026-11-01');
    await editable.getByRole('button', { name: 'Ažuriraj račun' }).click();
    await expect(page).toHaveURL(/\/Invoices$/);
    await page.goto(`/Invoices/${id}`);
    const history = page.getByRole('region', { name: 'Povijest' });
    const rows = history.getByRole('table', { name: 'Povijest promjena računa' }).getByRole('row');
    await expect(rows.nth(1)).toContainText('Poziv na broj: (prazno) → 2026-11-01', { timeout: 30_000 });
    await expect(rows.nth(1).getByRole('cell').first()).toHaveText(new RegExp(`^${formatDate(today, 'hr').replace(/\./g, '\\.')} \\d{2}:\\d{2}$`));
    await history.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/history-values-hr.png`, fullPage: true });
    await page.getByRole('form', { name: 'Što se može promijeniti' }).getByRole('button', { name: 'Datum dospijeća', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/date-input-hr.png` });
    await page.keyboard.press('Escape');

    await chooseLanguage(page, 'EN');
    await expect(fact('Operator')).toHaveText(account.name);
    const englishRows = page.getByRole('region', { name: 'History' }).getByRole('table', { name: "The invoice's history of changes" }).getByRole('row');
    await expect(englishRows.nth(1)).toContainText('Reference number: (empty) → 2026-11-01');
    await expect(englishRows.nth(1).getByRole('cell').first()).toHaveText(new RegExp(`^${formatDate(today, 'en')}, \\d{2}:\\d{2}$`));
    const due = page.getByRole('form', { name: 'What can be changed' }).getByRole('button', { name: 'Payment due date', exact: true });
    await expect(due).toHaveText(formatDate(today, 'en'));
    await page.screenshot({ path: `${SHOTS}/history-values-en.png`, fullPage: true });
    await due.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/date-input-en.png` });
    await page.keyboard.press('Escape');
    await chooseLanguage(page, 'HR');
  } finally {
    await page.request.put('/api/v1/account', { headers, data: account });
    await usePremises(page, page.request, 'POSL1');
  }
});

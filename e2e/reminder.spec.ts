import fs from 'node:fs';
import { type APIRequestContext, type Page, expect as baseExpect } from '@playwright/test';
import { SMTP_PASSWORD, SMTP_USER, startSmtp } from './smtp';
import { authHeaders, chooseLanguage, E2E_USER, phoneScreenshot, usePremises, createInvoiceThroughApi, demoClient, makeOverdueInDatabase, test } from './support';

/**
 * Issue 13's leftovers: "Send reminder" on the dashboard's table of overdue invoices, received by a
 * real SMTP server and recorded, with every e-mail screen walked in English (Settings > E-mail, the
 * reminder and send dialogs, the history), on the desktop and at 390 px.
 */

test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/shots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
/** Numbers at premises of its own, so the shared POSL1 sequence is left to the other journeys. */
const PREMISES = 'PODS1';

/**
 * An invoice to the demo's German client, issued today (the server dates it) and then made due
 * yesterday in the database: overdue today.
 */
async function issueOverdue(page: Page, request: APIRequestContext) {
  const headers = await authHeaders(page);
  const client = await demoClient(request, headers, 'Nordlicht Digital GmbH');
  const invoice = await createInvoiceThroughApi(request, headers, {
    clientId: client.id,
    lineItems: [{ quantity: 2, description: 'Savjetovanje', descriptionEn: 'Consulting', price: 60, kpdCode: '62.20.20' }],
  });
  makeOverdueInDatabase(invoice.id);
  return invoice;
}

test('Send reminder from the dashboard, in English, received and recorded; the e-mail screens in English', async ({
  page,
  request,
}) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const smtp = await startSmtp();
  try {
    await page.goto('/');
    await page.getByLabel(/^E-mail/).fill(E2E_USER.email);
    await page.getByLabel(/^Lozinka/).fill(E2E_USER.password);
    await page.getByRole('button', { name: 'Prijava' }).click();
    await expect(page.getByRole('navigation')).toBeVisible({ timeout: 45_000 });
    await chooseLanguage(page, 'EN');

    // Settings > E-mail, in English
    await page.goto('/Settings?tab=email');
    const form = page.getByRole('form', { name: 'Mail server (SMTP)' });
    await form.getByRole('textbox', { name: 'Server' }).fill('127.0.0.1');
    await form.getByRole('textbox', { name: 'Port' }).fill(String(smtp.port));
    await form.getByRole('textbox', { name: 'Connection security' }).click();
    await page.getByRole('option', { name: 'No encryption (local relay only)' }).click();
    await form.getByRole('textbox', { name: 'User name' }).fill(SMTP_USER);
    await form.getByLabel('Password').fill(SMTP_PASSWORD);
    await form.getByRole('textbox', { name: 'Sender name' }).fill('Kodni Obrt');
    await form.getByRole('textbox', { name: 'Sender address' }).fill('racuni@kodni-obrt.hr');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('E-mail settings saved')).toBeVisible();
    await expect(form.getByText('A password is stored and never shown.', { exact: false })).toBeVisible();
    await form.getByRole('button', { name: 'Send test e-mail' }).click();
    // The answer or a refusal, whichever the form shows: a failure then names what the user read. The
    // wait outlasts the server's own limit on a sending (45 s, SMTP_TIMEOUTS), which a loaded machine
    // may near; the form always answers by then.
    const answer = form.getByRole('status').or(form.getByRole('alert'));
    await expect(answer).toBeVisible({ timeout: 50_000 });
    await expect(answer).toContainText('The server accepted the test message for racuni@kodni-obrt.hr.');
    await page.screenshot({ path: `${SHOTS}/email-settings-en.png`, fullPage: true });
    await phoneScreenshot(page, `${SHOTS}/email-settings-en-phone.png`, DESKTOP);

    // the dashboard's overdue table offers the reminder
    await usePremises(page, request, PREMISES);
    const invoice = await issueOverdue(page, request);
    await page.goto('/');
    const overdue = page.getByRole('table', { name: 'Overdue invoices' });
    const row = overdue.getByRole('row').filter({ hasText: invoice.number });
    await expect(row).toContainText('Nordlicht Digital GmbH');
    await page.screenshot({ path: `${SHOTS}/dashboard-overdue-en.png`, fullPage: true });
    await phoneScreenshot(page, `${SHOTS}/dashboard-overdue-en-phone.png`, DESKTOP);
    await row.getByRole('button', { name: `Send a reminder for invoice ${invoice.number}` }).click();
    // the button does not open the invoice (the row's own click)
    await expect(page).toHaveURL(/\/$/);
    const dialog = page.getByRole('dialog', { name: `Reminder for invoice ${invoice.number}` });
    await expect(dialog.getByRole('textbox', { name: 'Subject' })).toHaveValue(
      `Reminder: invoice ${invoice.number} is overdue`,
    );
    await expect(dialog.getByText('Language of the message and the invoice: English')).toBeVisible();
    await expect(dialog.getByText('billing@nordlicht.example')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/email-reminder-en.png` });
    await phoneScreenshot(page, `${SHOTS}/email-reminder-en-phone.png`, DESKTOP, { fullPage: false });
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('Message sent (billing@nordlicht.example)')).toBeVisible({ timeout: 45_000 });
    await expect(dialog).toBeHidden();
    const message = smtp.received.at(-1);
    expect(message?.to).toEqual(['billing@nordlicht.example']);
    expect(message?.mail.subject).toBe(`Reminder: invoice ${invoice.number} is overdue`);
    expect(message?.mail.text).toContain(`This is a friendly reminder that invoice ${invoice.number}`);
    expect(message?.mail.attachments[0]?.contentType).toBe('application/pdf');

    // the history on the invoice's page says it was a reminder, sent
    await page.goto(`/Invoices/${invoice.id}`);
    const history = page.getByRole('table', { name: 'Sent by e-mail' });
    await expect(history.getByRole('row').filter({ hasText: 'billing@nordlicht.example' })).toContainText(
      'Reminder',
    );
    await expect(history.getByRole('row').filter({ hasText: 'billing@nordlicht.example' })).toContainText(
      'Sent',
    );
    await page.screenshot({ path: `${SHOTS}/email-history-en.png`, fullPage: true });
    await phoneScreenshot(page, `${SHOTS}/email-history-en-phone.png`, DESKTOP);

    // the send dialog from the list, in English
    await page.goto('/Invoices');
    await page.getByRole('button', { name: `Send invoice ${invoice.number} by e-mail` }).click();
    const send = page.getByRole('dialog', { name: `Send invoice ${invoice.number}` });
    await expect(send.getByRole('textbox', { name: 'Subject' })).toHaveValue(
      new RegExp(`^Invoice ${invoice.number.replace(/\//g, '\\/')} – Kodni Obrt`),
    );
    await page.screenshot({ path: `${SHOTS}/email-dialog-en.png` });
    await phoneScreenshot(page, `${SHOTS}/email-dialog-en-phone.png`, PHONE, { fullPage: false });
    await send.getByRole('button', { name: 'Cancel' }).first().click();
    await expect(send).toBeHidden();

    // and the dashboard's overdue table in Croatian
    await page.setViewportSize(DESKTOP);
    await chooseLanguage(page, 'HR');
    await page.goto('/');
    const dospjeli = page.getByRole('table', { name: 'Dospjeli neplaćeni računi' });
    await expect(dospjeli.getByRole('row').filter({ hasText: invoice.number })).toContainText('Kasni');
    await expect(dospjeli.getByRole('button', { name: `Pošalji podsjetnik za račun ${invoice.number}` })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/dashboard-overdue-hr.png`, fullPage: true });
    await phoneScreenshot(page, `${SHOTS}/dashboard-overdue-hr-phone.png`, DESKTOP);
  } finally {
    await usePremises(page, request, 'POSL1').catch(() => undefined);
    await smtp.close();
  }
});

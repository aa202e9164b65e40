import fs from 'node:fs';
import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { SMTP_PASSWORD, SMTP_USER, startSmtp } from './smtp';
import { authHeaders, E2E_USER, usePremises, createInvoiceThroughApi, demoClient, test } from './support';

/**
 * Sending an invoice by e-mail end to end: a real SMTP server started in this test process (with
 * a login), configured in Settings > E-mail, a test message, an invoice sent from the list's row
 * action, the message received with the same PDF as the download, the list's "sent" mark and the
 * edit page's history.
 */

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/shots';
/** Numbers at premises of its own, so the shared POSL1 sequence is left to the other journeys. */
const PREMISES = 'MAIL1';

/** An invoice to the demo's German client, issued through the API (the form has its own journeys). */
async function issueInvoice(page: Page, request: APIRequestContext) {
  const headers = await authHeaders(page);
  const client = await demoClient(request, headers, 'Nordlicht Digital GmbH');
  return createInvoiceThroughApi(request, headers, {
    clientId: client.id,
    lineItems: [{ quantity: 3, description: 'Savjetovanje', descriptionEn: 'Consulting', price: 120, kpdCode: '62.20.30' }],
  });
}

test.describe('sending an invoice by e-mail', () => {
  test('configure SMTP in Settings, send an invoice from the list, see it received and recorded', async ({ page, request }) => {
    test.setTimeout(240_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    const smtp = await startSmtp();
    try {
      await page.goto('/');
      // signing in hashes the password on purpose slowly; on a busy machine that takes longer than 7 s
      await page.getByLabel(/^E-mail/).fill(E2E_USER.email);
      await page.getByLabel(/^Lozinka/).fill(E2E_USER.password);
      await page.getByRole('button', { name: 'Prijava' }).click();
      await expect(page.getByRole('navigation')).toBeVisible({ timeout: 30_000 });

      // Settings > E-mail
      await page.goto('/Settings?tab=email');
      const form = page.getByRole('form', { name: 'Poslužitelj e-pošte (SMTP)' });
      await form.getByRole('textbox', { name: 'Poslužitelj' }).fill('127.0.0.1');
      await form.getByRole('textbox', { name: 'Vrata (port)' }).fill(String(smtp.port));
      await form.getByRole('textbox', { name: 'Sigurnost veze' }).click();
      await page.getByRole('option', { name: 'Bez šifriranja (samo lokalni relej)' }).click();
      await form.getByRole('textbox', { name: 'Korisničko ime' }).fill(SMTP_USER);
      await form.getByLabel('Lozinka').fill(SMTP_PASSWORD);
      await form.getByRole('textbox', { name: 'Ime pošiljatelja' }).fill('Kodni Obrt');
      await form.getByRole('textbox', { name: 'Adresa pošiljatelja' }).fill('racuni@kodni-obrt.hr');
      await form.getByRole('button', { name: 'Spremi' }).click();
      await expect(page.getByText('Postavke e-pošte spremljene')).toBeVisible();
      await expect(form.getByText('Lozinka je spremljena i ne prikazuje se.', { exact: false })).toBeVisible();
      await expect(form.getByLabel('Lozinka')).toHaveValue('');

      await form.getByRole('button', { name: 'Pošalji probnu poruku' }).click();
      // the answer or a refusal, whichever the form shows (see reminder.spec.ts)
      const answer = form.getByRole('status').or(form.getByRole('alert'));
      await expect(answer).toBeVisible({ timeout: 50_000 });
      await expect(answer).toContainText('Poslužitelj je prihvatio probnu poruku za racuni@kodni-obrt.hr.');
      expect(smtp.received[0]?.mail.subject).toBe('Faktura: probna poruka');
      await page.screenshot({ path: `${SHOTS}/email-settings-hr.png`, fullPage: true });

      // An invoice, sent from the list's row action
      await usePremises(page, request, PREMISES);
      const invoice = await issueInvoice(page, request);
      await page.goto('/Invoices');
      await page.getByRole('button', { name: `Pošalji račun ${invoice.number} e-poštom` }).click();
      const dialog = page.getByRole('dialog', { name: `Slanje računa ${invoice.number}` });
      const subject = dialog.getByRole('textbox', { name: 'Predmet' });
      await expect(subject).toHaveValue(new RegExp(`^Invoice ${invoice.number.replace(/\//g, '\\/')} – Kodni Obrt`));
      const proposed = await subject.inputValue();
      await expect(dialog.getByText('billing@nordlicht.example')).toBeVisible();
      await expect(dialog.getByText('Jezik poruke i računa: engleski')).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Kopija (CC)' }).fill('finance@nordlicht.example');
      await dialog.getByRole('textbox', { name: 'Kopija (CC)' }).press('Enter');
      await page.screenshot({ path: `${SHOTS}/email-dialog-hr.png` });
      await dialog.getByRole('button', { name: 'Pošalji' }).click();
      // the request answers once the mail server has (up to 45 s by design; a busy machine is slow)
      await expect(page.getByText('Poruka poslana (billing@nordlicht.example)')).toBeVisible({ timeout: 45_000 });
      await expect(dialog).toBeHidden();

      // Received as sent: recipients, English text, the PDF byte for byte
      const message = smtp.received[1];
      expect(message?.to.sort()).toEqual(['billing@nordlicht.example', 'finance@nordlicht.example']);
      expect(message?.mail.subject).toBe(proposed);
      expect(message?.mail.text).toContain(`Please find attached invoice ${invoice.number}`);
      const pdf = await request.get(`/api/v1/invoice/${invoice.id}/pdf?lang=en`, { headers: await authHeaders(page) });
      expect(message?.mail.attachments[0]?.content.equals(await pdf.body())).toBe(true);

      // The list marks it sent; the edit page shows the history
      const row = page.getByRole('row').filter({ hasText: invoice.number });
      await expect(row.getByRole('img', { name: /^Poslano e-poštom/ })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/email-list-hr.png` });
      await page.goto(`/Invoices/${invoice.id}`);
      const history = page.getByRole('table', { name: 'Slanja e-poštom' });
      await expect(history.getByRole('row').filter({ hasText: 'billing@nordlicht.example' })).toContainText('Poslano');
      await expect(history).toContainText('CC: finance@nordlicht.example');
      await page.screenshot({ path: `${SHOTS}/email-history-hr.png`, fullPage: true });
    } finally {
      await usePremises(page, request, 'POSL1').catch(() => undefined);
      await smtp.close();
    }
  });
});

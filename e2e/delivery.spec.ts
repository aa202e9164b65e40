import { expect } from '@playwright/test';
import { serverCertificate, testCa } from '../apps/api/test/fiscalization/pki';
import { MerDouble } from '../apps/api/test/delivery/merDouble';
import { E2E_USER, authHeaders, chooseLanguage, createInvoiceThroughApi, demoClient, phoneScreenshot, signIn, test, toast, usePremises } from './support';

/**
 * An e-invoice sent through the intermediary without leaving Faktura (issue 32), against a double of
 * moj-eRačun's API v2 started in this test process (HTTPS with a CA the test makes; it checks the
 * credentials and validates the UBL with the project's validators): Settings > Dostava e-računa is
 * filled in and Test connection says it works (and names a wrong password), the invoice page sends the
 * e-invoice, the intermediary delivers it and "Osvježi stanje" shows it delivered; another one the
 * buyer rejects is named on the dashboard, whose link shows it in the list filtered by it. Croatian
 * and English, and at 390 px.
 */
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/shots';
const OIB = '69814562369';
const PASSWORD = 'MER e2e lozinka';

test.describe('e-invoice delivery through the intermediary (issue 32)', () => {
  test('set up moj-eRačun, test the connection, send an e-invoice, see it delivered; hr, en, 390 px', async ({ page, request }) => {
    test.setTimeout(240_000);
    const ca = testCa('Faktura E2E Test CA');
    const mer = new MerDouble(serverCertificate(ca, 'localhost', 2), { username: '1083', password: PASSWORD, companyId: OIB, softwareId: 'Faktura-001' });
    await mer.start();
    await page.goto('/');
    await signIn(page);
    const headers = await authHeaders(page);
    await usePremises(page, request, 'DOST1');
    try {
      // an e-invoice names the operator's OIB
      expect((await request.put('/api/v1/account', { headers, data: { name: E2E_USER.name, email: E2E_USER.email, oib: '24680135792' } })).status()).toBe(200);

      await page.goto('/Settings?tab=delivery');
      const form = page.getByRole('form', { name: 'Dostava e-računa' });
      await form.getByRole('textbox', { name: /Adresa API-ja/ }).fill(mer.url);
      await form.getByRole('textbox', { name: /Korisničko ime/ }).fill('1083');
      await form.getByLabel(/^Lozinka/).fill('kriva lozinka');
      await form.getByRole('textbox', { name: /OIB tvrtke/ }).fill(OIB);
      await form.getByRole('textbox', { name: /Oznaka softvera/ }).fill('Faktura-001');
      await form.getByRole('textbox', { name: /Povjerljivi CA/ }).fill(ca.certificatePem);
      await form.getByRole('button', { name: 'Spremi' }).click();
      await expect(toast(page, 'Postavke dostave e-računa su spremljene')).toBeVisible();
      await form.getByRole('button', { name: 'Provjeri vezu' }).click();
      await expect(form.getByText('Veza ne radi')).toBeVisible();
      await expect(form.getByText(/odbio je korisničke podatke/)).toBeVisible();
      await expect(form.getByText('Odgovor posrednika: Username or password is not correct')).toBeVisible();
      await form.getByLabel(/^Lozinka/).fill(PASSWORD);
      await form.getByRole('button', { name: 'Spremi' }).click();
      await expect(form.getByLabel(/^Lozinka/)).toHaveValue('');
      await form.getByRole('button', { name: 'Provjeri vezu' }).click();
      await expect(form.getByRole('status')).toContainText('Veza radi: ');
      await page.screenshot({ path: `${SHOTS}/delivery-settings-hr.png`, fullPage: true });
      await phoneScreenshot(page, `${SHOTS}/delivery-settings-hr-390.png`);

      const client = await demoClient(request, headers, 'Jadranski Softver d.o.o.');
      const line = { quantity: 4, description: 'Razvoj softvera', descriptionEn: 'Software development', price: 75, kpdCode: '62.10.11' };
      const invoice = await createInvoiceThroughApi(request, headers, { clientId: client.id, lineItems: [line] });
      await page.goto(`/Invoices/${invoice.id}`);
      const section = page.getByRole('region', { name: 'Dostava e-računa' });
      await expect(section.getByText('Nije poslan', { exact: true })).toBeVisible();
      // not yet sent: "Pošalji e-račun" in view, and the header's row still one line at 1366 px
      await page.setViewportSize({ width: 1366, height: 900 });
      const sendButton = page.getByRole('button', { name: 'Pošalji e-račun' });
      const tops = await Promise.all(
        [page.getByRole('button', { name: 'Pregled i ispis' }), sendButton, page.getByRole('button', { name: 'Više radnji s dokumentom' })].map(
          async (button) => (await button.boundingBox())?.y,
        ),
      );
      expect(new Set(tops).size, 'the actions stay on one line').toBe(1);
      await page.screenshot({ path: `${SHOTS}/delivery-invoice-unsent-hr.png` });
      await phoneScreenshot(page, `${SHOTS}/delivery-invoice-unsent-hr-390.png`, { width: 1366, height: 900 });
      await sendButton.click();
      await expect(toast(page, new RegExp(`E-račun ${invoice.number.replace(/\//g, '\\/')} je poslan posredniku`))).toBeVisible({ timeout: 30_000 });
      await expect(section.getByText('Poslan', { exact: true })).toBeVisible();
      const document = mer.documents.find((d) => d.documentNr === invoice.number);
      expect(document, 'the intermediary holds the e-invoice, valid').toBeTruthy();
      await expect(section).toContainText(`Oznaka kod posrednika: ${document?.electronicId ?? '?'}`);

      mer.deliver(document?.electronicId ?? 0);
      mer.fiscalize(document?.electronicId ?? 0);
      await section.getByRole('button', { name: 'Osvježi stanje' }).click();
      await expect(section.getByText('Dostavljen', { exact: true })).toBeVisible();
      await expect(section).toContainText('Kupac je zaprimio e-račun.');
      await expect(section).toContainText('Posrednik javlja da je fiskaliziran.');
      // the History says who handed it over and what the intermediary said since
      const history = page.getByRole('table', { name: 'Povijest promjena računa' });
      await expect(history).toContainText(`moj-eRačun, oznaka ${document?.electronicId ?? '?'}`);
      await expect(history).toContainText('Dostavljen kupcu; fiskaliziran');
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/delivery-invoice-hr.png`, fullPage: true });
      await phoneScreenshot(page, `${SHOTS}/delivery-invoice-hr-390.png`);

      await chooseLanguage(page, 'EN');
      const english = page.getByRole('region', { name: 'E-invoice delivery' });
      await expect(english.getByText('Delivered', { exact: true })).toBeVisible();
      await expect(english).toContainText('The buyer has received the e-invoice.');
      await expect(english).toContainText('The intermediary reports it fiscalized.');
      await page.getByRole('button', { name: /More/ }).click();
      // sending again is asked first; Cancel sends nothing
      await page.getByRole('menuitem', { name: 'Send e-invoice again' }).click();
      const confirm = page.getByRole('dialog', { name: 'Send the e-invoice again?' });
      await expect(confirm).toContainText(`id ${document?.electronicId ?? '?'}, status: Delivered`);
      await page.screenshot({ path: `${SHOTS}/delivery-resend-en.png` });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      expect(mer.documents.filter((d) => d.documentNr === invoice.number)).toHaveLength(1);
      await page.screenshot({ path: `${SHOTS}/delivery-invoice-en.png`, fullPage: true });
      await phoneScreenshot(page, `${SHOTS}/delivery-invoice-en-390.png`);
      await chooseLanguage(page, 'HR');

      // another e-invoice the buyer rejects: the dashboard says so and leads to it in the list
      const rejected = await createInvoiceThroughApi(request, headers, { clientId: client.id, lineItems: [line] });
      expect((await request.post(`/api/v1/invoice/${rejected.id}/einvoice/send`, { headers, data: {} })).status()).toBe(200);
      const atMer = mer.documents.find((d) => d.documentNr === rejected.number);
      mer.reject(atMer?.electronicId ?? 0, 'Kupac odbija: pogrešan iznos');
      expect((await request.post(`/api/v1/invoice/${rejected.id}/einvoice/refresh`, { headers })).status()).toBe(200);
      await page.goto('/');
      const notice = page.getByRole('alert').filter({ hasText: 'Dostava e-računa' });
      await expect(notice).toContainText('1 e-račun je odbijen kod primatelja: razlog piše na stranici računa. Izdajte odobrenje i novi račun.');
      await page.screenshot({ path: `${SHOTS}/delivery-dashboard-hr.png`, fullPage: true });
      await phoneScreenshot(page, `${SHOTS}/delivery-dashboard-hr-390.png`);
      await notice.getByRole('link', { name: 'Prikaži ih' }).click();
      await expect(page).toHaveURL(/\/Invoices\?delivery=REJECTED$/);
      const rows = page.getByRole('table', { name: 'Popis računa' }).getByRole('row');
      await expect(rows.filter({ hasText: rejected.number })).toContainText('E-račun odbijen');
      await expect(rows.filter({ hasText: invoice.number })).toHaveCount(0);
      await expect(page.getByRole('combobox', { name: 'E-račun' })).toHaveValue('REJECTED');
      await page.screenshot({ path: `${SHOTS}/delivery-list-hr.png`, fullPage: true });
      await phoneScreenshot(page, `${SHOTS}/delivery-list-hr-390.png`);
      // the delivered one is marked too, in the whole list
      await page.getByRole('combobox', { name: 'E-račun' }).selectOption('');
      await expect(rows.filter({ hasText: invoice.number }).getByRole('img', { name: 'E-račun dostavljen' })).toBeVisible();
      await chooseLanguage(page, 'EN');
      await page.goto('/Invoices?delivery=REJECTED');
      await expect(page.getByText('E-invoice rejected')).toBeVisible();
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByText('E-invoice rejected')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/delivery-list-en-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/');
      await expect(page.getByRole('alert').filter({ hasText: 'E-invoice delivery' })).toContainText('1 e-invoice was rejected by the buyer');
      await chooseLanguage(page, 'HR');
    } finally {
      // the journeys after this one in the same worker share its server and number on POSL1
      await usePremises(page, request, 'POSL1').catch(() => undefined);
      await mer.stop();
    }
  });
});

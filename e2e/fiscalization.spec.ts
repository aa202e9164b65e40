import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { FiscalizationDouble } from '../apps/api/test/fiscalization/double';
import { applicationCertificate, pkcs12, serverCertificate, testCa } from '../apps/api/test/fiscalization/pki';
import { DEMO_OPERATOR_OIB, E2E_USER, authHeaders, chooseLanguage, createInvoiceThroughApi, demoClient, phoneScreenshot, test, usePremises, signIn } from './support';

/**
 * Fiscalization end to end, against a double of the Tax Administration's service started in this
 * test process (HTTPS with a CA the test makes; every request validated against the official schema
 * and its signature checked): the certificate is uploaded in Settings > Fiscalization, an e-invoice
 * issued is fiscalized at once; with the service down the next one waits, says why, and "Fiscalize
 * now" sends it once the service is back; a payment refused by the service says why and is reported
 * again. Croatian and English, and at 390 px.
 */
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/shots';
const PREMISES = 'FISK1';
const PASSWORD = 'demo-lozinka-1';


test.describe('fiscalization of e-invoices', () => {
  test('upload the certificate, issue an e-invoice and see it fiscalized; during an outage it waits and is sent again', async ({ page, request }) => {
    test.setTimeout(300_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    const ca = testCa('Faktura E2E Test CA');
    const issuerOib = '69814562369';
    const user = applicationCertificate(ca, { oib: issuerOib });
    const answers = applicationCertificate(ca, { oib: null, company: 'fiskalcistest', keyIndex: 4 });
    const service = new FiscalizationDouble(serverCertificate(ca, 'localhost', 2), answers, ca, answers);
    await service.start();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-p12-'));
    const p12 = path.join(dir, 'fiskal-demo.p12');
    fs.writeFileSync(p12, pkcs12(user, PASSWORD, [ca]));
    await page.goto('/');
    await signIn(page);
    const headers = await authHeaders(page);
    await usePremises(page, request, PREMISES);
    // the e-invoice names the operator who issued it by OIB
    expect((await request.put('/api/v1/account', { headers, data: { name: E2E_USER.name, email: E2E_USER.email, oib: '24680135792' } })).status()).toBe(200);
    try {
      // fiscalization is off: the new-invoice screen says every e-invoice must be fiscalized elsewhere
      await page.goto('/Invoices/NewInvoice');
      await expect(page.getByRole('note')).toContainText('Faktura ne fiskalizira e-račune');

      // Settings > Fiscalization
      await page.goto('/Settings?tab=fiscalization');
      const form = page.getByRole('form', { name: 'Fiskalizacija' });
      await expect(form.getByText('Certifikat još nije učitan.')).toBeVisible();
      await form.getByRole('radio', { name: /Fiskalizira Faktura/ }).check();
      await form.locator('input[type="file"]').setInputFiles(p12);
      await form.getByLabel('Lozinka certifikata').fill('kriva lozinka');
      await form.getByRole('button', { name: 'Spremi postavke fiskalizacije' }).click();
      await expect(form.getByText('Lozinka certifikata nije ispravna')).toBeVisible();
      await form.getByLabel('Lozinka certifikata').fill(PASSWORD);
      await form.getByRole('button', { name: 'Napredno: adrese servisa i povjerljivi CA' }).click();
      await form.getByRole('textbox', { name: 'Adresa servisa za e-račune' }).fill(service.url);
      await form.getByRole('textbox', { name: 'Adresa servisa za eIzvještavanje' }).fill(service.url);
      await form.getByRole('textbox', { name: 'Povjerljivi CA certifikati (PEM)' }).fill(ca.certificatePem);
      await form.getByRole('button', { name: 'Spremi postavke fiskalizacije' }).click();
      await expect(page.getByText('Postavke fiskalizacije spremljene')).toBeVisible();
      const certificate = form.getByRole('table', { name: 'Certifikat' });
      await expect(certificate).toContainText(issuerOib);
      await expect(certificate).toContainText('Faktura E2E Test CA');
      await page.screenshot({ path: `${SHOTS}/fiscalization-settings-hr.png`, fullPage: true });
      await page.goto('/Invoices/NewInvoice');
      await expect(page.getByRole('form').first()).toBeVisible();
      await expect(page.getByRole('note')).toHaveCount(0);

      // an e-invoice to a Croatian business is fiscalized as soon as it is issued
      const client = await demoClient(request, headers, 'Jadranski Softver d.o.o.');
      const line = { quantity: 4, description: 'Razvoj softvera', descriptionEn: 'Software development', price: 75, kpdCode: '62.10.11' };
      const first = await createInvoiceThroughApi(request, headers, { clientId: client.id, lineItems: [line] });
      await page.goto(`/Invoices/${first.id}`);
      const section = page.getByRole('region', { name: 'Fiskalizacija' });
      await expect(section.getByText('Fiskaliziran', { exact: true })).toBeVisible({ timeout: 30_000 });
      await expect(section.getByRole('status')).toContainText('Porezna uprava ga je zaprimila');
      await expect(section.getByRole('table', { name: 'Razmijenjene poruke' })).toContainText('zaprimljeno');
      const received = service.received.find((r) => r.xml.includes(`<efis:brojDokumenta>${first.number}</efis:brojDokumenta>`));
      expect(received?.code).toBeNull(); // valid against the official schema, signature verified
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/fiscalization-invoice-hr.png`, fullPage: true });

      // the service is down: the next one waits, says why, and is sent when asked once it is back
      await service.stop();
      const second = await createInvoiceThroughApi(request, headers, { clientId: client.id, lineItems: [line] });
      await page.goto(`/Invoices/${second.id}`);
      await expect(section.getByText('Čeka slanje', { exact: true })).toBeVisible({ timeout: 30_000 });
      await expect(section).toContainText('servis nije dostupan', { timeout: 30_000 });
      await page.screenshot({ path: `${SHOTS}/fiscalization-pending-hr.png`, fullPage: true });
      await service.start();
      await section.getByRole('button', { name: 'Fiskaliziraj sada' }).click();
      await expect(section.getByText('Fiskaliziran', { exact: true })).toBeVisible({ timeout: 30_000 });

      // refused: the dashboard says so and leads to the list filtered to it, which marks it
      service.mode = 'S005';
      const third = await createInvoiceThroughApi(request, headers, { clientId: client.id, lineItems: [line] });
      await page.goto(`/Invoices/${third.id}`);
      await expect(section.getByText('Odbijen', { exact: true })).toBeVisible({ timeout: 30_000 });
      await page.goto('/');
      const attention = page.getByRole('alert').filter({ hasText: 'Porezna uprava odbila je 1 dokument' });
      await expect(attention).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/fiscalization-dashboard-hr.png`, fullPage: true });
      await attention.getByRole('link', { name: 'Prikaži ih' }).click();
      await expect(page).toHaveURL(/\/Invoices\?fiscalStatus=FAILED$/);
      await expect(page.getByRole('combobox', { name: 'Fiskalizacija' })).toHaveValue('FAILED');
      const refusedRow = page.getByRole('row').filter({ hasText: third.number });
      await expect(refusedRow.getByText('Fiskalizacija odbijena')).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: first.number })).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/fiscalization-list-failed-hr.png`, fullPage: true });
      await page.getByRole('combobox', { name: 'Fiskalizacija' }).selectOption('FISCALIZED');
      await expect(page.getByRole('row').filter({ hasText: first.number }).getByRole('img', { name: 'Fiskalizirano' })).toBeVisible();
      service.mode = 'accept';
      await page.goto(`/Invoices/${third.id}`);
      await section.getByRole('button', { name: 'Fiskaliziraj sada' }).click();
      await expect(section.getByText('Fiskaliziran', { exact: true })).toBeVisible({ timeout: 30_000 });
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(/Porezna uprava odbila/)).toHaveCount(0);

      // a payment on the fiscalized e-invoice is reported as soon as it is recorded: refused, it says
      // why and what to do; reported again once the cause is gone, it says when
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zagreb' }).format(new Date());
      const [y, m, d] = today.split('-').map(Number);
      service.mode = 'S005';
      const paid = await request.post(`/api/v1/invoice/${first.id}/payment`, { headers, data: { date: today, amount: 100, method: 'TRANSFER' } });
      expect(paid.status(), await paid.text()).toBe(201);
      await page.goto(`/Invoices/${first.id}`);
      const payments = page.getByRole('region', { name: 'Plaćanja' });
      await expect(payments).toContainText('Odbijeno: S005', { timeout: 30_000 });
      await expect(payments).toContainText('prijavite ponovno');
      await payments.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/fiscalization-payment-refused-hr.png`, fullPage: true });
      service.mode = 'accept';
      await payments.getByRole('button', { name: /^Prijavi ponovno plaćanje/ }).click();
      await expect(page.getByText('Plaćanja su poslana Poreznoj upravi')).toBeVisible({ timeout: 30_000 });
      await expect(payments).toContainText(`Prijavljeno ${d}. ${m}. ${y}.`);
      await expect(payments.getByRole('button', { name: /^Prijavi ponovno/ })).toHaveCount(0);
      expect(service.received.filter((r) => r.element === 'EvidentirajNaplatuZahtjev').at(-1)?.xml).toContain('<eizv:naplaceniIznos>100.00</eizv:naplaceniIznos>');

      // English
      await chooseLanguage(page, 'EN');
      await expect(page.getByRole('region', { name: 'Payments' })).toContainText(/Reported \d{1,2} [A-Z][a-z]{2} \d{4}/);
      // on a phone each payment is a card with its report status on it, not a column off the screen
      await page.setViewportSize({ width: 390, height: 844 });
      const reportedOnPhone = page.getByRole('region', { name: 'Payments' }).getByRole('listitem').getByText(/^Reported \d/);
      await reportedOnPhone.scrollIntoViewIfNeeded();
      await expect(reportedOnPhone).toBeInViewport({ ratio: 1 });
      await phoneScreenshot(page, `${SHOTS}/fiscalization-payment-reported-en-390.png`);
      await page.goto(`/Invoices/${second.id}`);
      const english = page.getByRole('region', { name: 'Fiscalization' });
      await expect(english.getByText('Fiscalized', { exact: true })).toBeVisible();
      await expect(english.getByRole('status')).toContainText('The Tax Administration recorded it on');
      await expect(english.getByRole('table', { name: 'Messages exchanged' })).toContainText('will be retried');
      await page.screenshot({ path: `${SHOTS}/fiscalization-invoice-en.png`, fullPage: true });
      await page.goto('/Settings?tab=fiscalization');
      await expect(page.getByRole('form', { name: 'Fiscalization' }).getByRole('radio', { name: /Faktura fiscalizes/ })).toBeChecked();
      await phoneScreenshot(page, `${SHOTS}/fiscalization-settings-en-390.png`);
      await page.goto(`/Invoices/${second.id}`);
      await phoneScreenshot(page, `${SHOTS}/fiscalization-invoice-en-390.png`);
      await page.goto('/Invoices?fiscalStatus=FISCALIZED');
      await expect(page.getByRole('combobox', { name: 'Fiscalization' })).toHaveValue('FISCALIZED');
      await phoneScreenshot(page, `${SHOTS}/fiscalization-list-en-390.png`);
      await chooseLanguage(page, 'HR');
    } finally {
      // the other journeys run without fiscalization
      await request.put('/api/v1/settings/fiscalization', { headers, data: { mode: 'OFF', environment: 'TEST', trustedCaPem: null, endpoints: { einvoice: null } } });
      await request.put('/api/v1/account', { headers, data: { name: E2E_USER.name, email: E2E_USER.email, oib: DEMO_OPERATOR_OIB } });
      await usePremises(page, request, 'POSL1');
      await service.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

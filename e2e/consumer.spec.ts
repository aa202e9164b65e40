import { expect } from '@playwright/test';
import { B2cServiceDouble } from '../apps/api/test/fiscalization/b2cDouble';
import { applicationCertificate, pkcs12, serverCertificate, testCa } from '../apps/api/test/fiscalization/pki';
import { DEMO_OPERATOR_OIB, E2E_USER, authHeaders, chooseLanguage, createInvoiceThroughApi, demoClient, forgetFiscalSettingsInDatabase, phoneScreenshot, pick, signIn, test, toast, usePremises } from './support';

/**
 * A private person as a client and their invoice fiscalized with ZKI and JIR (issue 30, decision
 * 031), end to end against a double of the Tax Administration's consumer-invoice service started in
 * this test process (HTTPS with a CA the test makes; each request validated against the official
 * schema, its signature and ZKI checked): the person is added through the client dialog, the invoice
 * issued through the New invoice form by bank transfer, the JIR arrives, and the preview prints ZKI,
 * JIR and the QR code; a draft says it is not fiscalized. Croatian and English, and at 390 px.
 */
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/shots';
const PREMISES = 'FISK2';
const NUMBER = new RegExp(`^\\d+/${PREMISES}/1$`);

test.describe('a private person as a client (decision 031)', () => {
  test('add a private person, issue a transfer invoice, see the JIR and the QR code in the preview; hr, en, 390 px', async ({ page, request }) => {
    test.setTimeout(240_000);
    const ca = testCa('Faktura E2E Test CA');
    const user = applicationCertificate(ca, { oib: '69814562369' });
    const answers = applicationCertificate(ca, { oib: null, company: 'fiskalcistest', keyIndex: 4 });
    const forged = applicationCertificate(testCa('Stranger CA', 3), { oib: null, company: 'fiskalcistest', keyIndex: 4 });
    const service = new B2cServiceDouble(serverCertificate(ca, 'localhost', 2), answers, ca, forged, user.keyPem);
    await service.start();
    await page.goto('/');
    await signIn(page);
    const headers = await authHeaders(page);
    await usePremises(page, request, PREMISES);
    const name = `Marko Marić ${Date.now().toString(36)}`;
    try {
      // without Faktura fiscalizing, an invoice to a private person cannot be issued: set it up (the
      // screen itself is walked by fiscalization.spec) with the operator's OIB the request names
      expect((await request.put('/api/v1/account', { headers, data: { name: E2E_USER.name, email: E2E_USER.email, oib: '24680135792' } })).status()).toBe(200);
      const settings = await request.put('/api/v1/settings/fiscalization', {
        headers,
        data: {
          mode: 'SELF', environment: 'TEST', certificate: { p12: pkcs12(user, 'e2e-lozinka', [ca]).toString('base64'), password: 'e2e-lozinka' },
          endpoints: { b2c: service.url }, trustedCaPem: ca.certificatePem,
        },
      });
      expect(settings.status(), await settings.text()).toBe(200);

      // the client dialog: a private person, OIB optional
      await page.goto('/Clients');
      await page.getByRole('button', { name: 'Novi klijent' }).click();
      const dialog = page.getByRole('dialog', { name: 'Novi klijent' });
      // a segmented control: its label is what a person clicks
      await dialog.locator('label').filter({ hasText: /^Privatna osoba$/ }).click();
      await expect(dialog.getByRole('radio', { name: 'Privatna osoba' })).toBeChecked();
      await dialog.getByRole('textbox', { name: 'Ime i prezime' }).fill(name);
      await expect(dialog.getByRole('textbox', { name: 'OIB (neobavezno)' })).toBeVisible();
      const address = dialog.getByRole('group', { name: 'Adresa' });
      await address.getByRole('textbox', { name: 'Adresa', exact: true }).fill('Vukovarska 7');
      await address.getByRole('textbox', { name: 'Poštanski broj' }).fill('51000');
      await address.getByRole('textbox', { name: 'Grad' }).fill('Rijeka');
      await pick(page, address.getByRole('textbox', { name: 'Država', exact: true }), 'Hrvatska (HR)', 'Hrvatska');
      // a private person never receives e-invoices: nothing to mark, even in Croatia
      await expect(dialog.getByRole('checkbox', { name: /e-račun/ })).toHaveCount(0);
      await dialog.getByRole('textbox', { name: 'E-mail' }).fill('marko.maric@example.hr');
      await dialog.getByRole('button', { name: 'Spremi' }).click();
      await expect(dialog).toBeHidden();
      const row = page.getByRole('table', { name: 'Popis klijenata' }).getByRole('row').filter({ hasText: name });
      await expect(row.getByText('Privatna osoba')).toBeVisible();

      // the New invoice form says the invoice will be fiscalized, and issues it by bank transfer
      await page.goto('/Invoices/NewInvoice');
      const form = page.getByRole('form').first();
      await pick(page, form.getByRole('textbox', { name: 'Klijent', exact: true }), name, name.slice(0, 11));
      await expect(form.getByText('Privatna osoba — račun se fiskalizira (ZKI i JIR)')).toBeVisible();
      const catalogue = form.getByRole('textbox', { name: 'Stavka iz kataloga', exact: true });
      await catalogue.click();
      await catalogue.fill('Održavanje');
      await page.getByRole('option', { name: /^Održavanje web stranice \(mjesečno\)/ }).click();
      await form.getByRole('button', { name: 'Dodaj stavku' }).click();
      await expect(form.getByRole('group', { name: 'Stavka 1' })).toBeVisible();
      await form.getByRole('button', { name: 'Izdaj račun' }).click();
      const issued = toast(page, /Broj: \d+\//);
      await expect(issued).toBeVisible();
      const number = /(\d+\/[A-Z0-9]+\/\d+)/.exec((await issued.textContent()) ?? '')?.[1] ?? '';
      expect(number).toMatch(NUMBER);

      // the JIR arrives from the service (the request valid against the schema, signature and ZKI checked)
      await expect(page).toHaveURL(/\/Invoices$/);
      await page.getByRole('link', { name: `Uredi račun ${number}` }).click();
      await expect(page).toHaveURL(/\/Invoices\/\d+$/);
      const id = Number(/\/Invoices\/(\d+)$/.exec(page.url())?.[1]);
      const section = page.getByRole('region', { name: 'Fiskalizacija' });
      await expect(section.getByText('Fiskaliziran', { exact: true })).toBeVisible({ timeout: 30_000 });
      const received = service.received.find((r) => r.fields.BrOznRac === number.split('/')[0] && r.fields.OznPosPr === PREMISES);
      expect(received?.code).toBeNull();
      expect(received?.fields).toMatchObject({ NacinPlac: 'T', NakDost: 'false' });
      const jir = received?.jir ?? '';
      await expect(section).toContainText(`JIR: ${jir}`);
      await expect(section).toContainText(`ZKI: ${received?.fields.ZastKod ?? ''}`);
      // a private person's invoice has no e-invoice
      await expect(page.getByRole('button', { name: /e-račun/ })).toHaveCount(0);
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/consumer-invoice-hr.png`, fullPage: true });

      // the preview prints ZKI, JIR and the QR code of at least 2 cm
      await page.getByRole('button', { name: 'Pregled i ispis' }).click();
      const preview = page.getByRole('dialog', { name: `Pregled računa ${number}` });
      const fact = (term: string) => preview.locator('dl > div').filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) }).getByRole('definition');
      await expect(fact('JIR')).toHaveText(jir);
      await expect(fact('ZKI')).toHaveText(received?.fields.ZastKod ?? '');
      await expect(fact('Datum i vrijeme izdavanja')).toHaveText(/\d{2}:\d{2}$/);
      const qr = preview.getByRole('img', { name: 'QR kod za provjeru računa u Poreznoj upravi' });
      await expect(qr).toBeVisible();
      expect((await qr.boundingBox())?.width ?? 0).toBeGreaterThan((20 * 96) / 25.4);
      await expect(preview.getByText('OVO NIJE FISKALIZIRANI RAČUN')).toHaveCount(0);
      await qr.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/consumer-preview-hr.png` });
      await phoneScreenshot(page, `${SHOTS}/consumer-preview-hr-390.png`, { width: 1366, height: 900 }, { fullPage: false });
      await page.keyboard.press('Escape');

      // in English
      await chooseLanguage(page, 'EN');
      await page.goto(`/Invoices/${id}`);
      const english = page.getByRole('region', { name: 'Fiscalization' });
      await expect(english.getByRole('status')).toContainText('assigned its JIR');
      await expect(english).toContainText(`JIR: ${jir}`);
      await page.goto('/Clients');
      await expect(page.getByRole('table', { name: 'Client list' }).getByRole('row').filter({ hasText: name }).getByText('Private person')).toBeVisible();
      await phoneScreenshot(page, `${SHOTS}/consumer-clients-en-390.png`);
      await page.goto(`/Invoices/${id}`);
      await phoneScreenshot(page, `${SHOTS}/consumer-invoice-en-390.png`);
      await chooseLanguage(page, 'HR');

      // a draft to them says it is not fiscalized
      const client = await demoClient(request, headers, name);
      const draftId = (await createInvoiceThroughApi(request, headers, { clientId: client.id, draft: true, lineItems: [{ description: 'Savjetovanje', quantity: 1, price: 50 }] })).id;
      await page.goto(`/Invoices/${draftId}`);
      await page.getByRole('button', { name: 'Pregled i ispis' }).click();
      const draftPreview = page.getByRole('dialog', { name: 'Pregled nacrta računa' });
      await expect(draftPreview.getByText('OVO NIJE FISKALIZIRANI RAČUN')).toBeVisible();
      await expect(draftPreview.getByText('ZKI')).toHaveCount(0);
      await page.keyboard.press('Escape');
      expect((await request.delete(`/api/v1/invoice/${draftId}`, { headers })).status()).toBe(200);
    } finally {
      // the other journeys run without fiscalization, and the settings journey starts without a certificate
      forgetFiscalSettingsInDatabase();
      await request.put('/api/v1/account', { headers, data: { name: E2E_USER.name, email: E2E_USER.email, oib: DEMO_OPERATOR_OIB } });
      await usePremises(page, request, 'POSL1');
      await service.stop();
    }
  });
});

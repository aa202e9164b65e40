import { expect } from '@playwright/test';
import { serverCertificate, testCa } from '../apps/api/test/fiscalization/pki';
import { MerDouble } from '../apps/api/test/delivery/merDouble';
import { E2E_USER, authHeaders, chooseLanguage, createInvoiceThroughApi, demoClient, phoneScreenshot, signIn, test, toast, usePremises } from './support';

/**
 * A buyer's rejection of an e-invoice Faktura sent (issue 47, decision 041), against the moj-eRačun
 * double started in this process: the invoice is delivered, the buyer rejects it with a reason type and
 * text, "Osvježi stanje" brings it back; the invoice page reads "Kupac odbio" with the reason (hr, en,
 * 390 px); "Storno i ponovno izdavanje" asks, issues the storno and opens New invoice repeating it; the
 * user issues it and the rejected invoice links to the new one.
 */
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/shots';
const OIB = '69814562369';
const PASSWORD = 'MER e2e lozinka 47';

test.describe('a buyer rejected my e-invoice (issue 47)', () => {
  test('see the rejection, Storno and re-issue, issue the new invoice; hr, en, 390 px', async ({ page, request }) => {
    test.setTimeout(240_000);
    const ca = testCa('Faktura E2E Test CA 47');
    const mer = new MerDouble(serverCertificate(ca, 'localhost', 2), { username: '1083', password: PASSWORD, companyId: OIB, softwareId: 'Faktura-001' });
    mer.validate = false;
    await mer.start();
    await page.goto('/');
    await signIn(page);
    const headers = await authHeaders(page);
    await usePremises(page, request, 'ODB1');
    try {
      expect((await request.put('/api/v1/account', { headers, data: { name: E2E_USER.name, email: E2E_USER.email, oib: '24680135792' } })).status()).toBe(200);
      const settings = await request.put('/api/v1/settings/delivery', {
        headers,
        data: { provider: 'MOJ_ERACUN', baseUrl: mer.url, username: '1083', password: PASSWORD, companyId: OIB, softwareId: 'Faktura-001', autoSend: false, trustedCaPem: ca.certificatePem },
      });
      expect(settings.status()).toBe(200);
      const client = await demoClient(request, headers, 'Jadranski Softver d.o.o.');
      const line = { quantity: 2, description: 'Održavanje sustava', descriptionEn: 'System maintenance', price: 120, kpdCode: '62.10.11' };
      const invoice = await createInvoiceThroughApi(request, headers, { clientId: client.id, lineItems: [line] });
      const sent = await request.post(`/api/v1/invoice/${invoice.id}/einvoice/send`, { headers, data: {} });
      expect(sent.status()).toBe(200);
      const electronicId = Number(((await sent.json()) as { data: { providerDocumentId: string } }).data.providerDocumentId);
      mer.deliver(electronicId);
      mer.fiscalize(electronicId);
      mer.rejectByBuyer(electronicId, 'U', 'Obračunat PDV 25 %, a ugovoreno je prijenos porezne obveze');

      await page.goto(`/Invoices/${invoice.id}`);
      await page.getByRole('button', { name: 'Osvježi stanje' }).click();
      const panel = page.getByRole('region', { name: 'Kupac je odbio e-račun' });
      await expect(panel.getByText('Kupac odbio', { exact: true })).toBeVisible();
      await expect(panel.getByText('U – nepodudarnost koja utječe na porez')).toBeVisible();
      await expect(panel.getByText('Obračunat PDV 25 %, a ugovoreno je prijenos porezne obveze')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/buyer-rejection-hr.png`, fullPage: true });
      await phoneScreenshot(page, `${SHOTS}/buyer-rejection-hr-390.png`);
      await chooseLanguage(page, 'EN');
      const english = page.getByRole('region', { name: 'The buyer rejected the e-invoice' });
      await expect(english.getByText('Rejected by the buyer', { exact: true })).toBeVisible();
      await expect(english.getByText('U – a mismatch that affects tax')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/buyer-rejection-en.png`, fullPage: true });
      await phoneScreenshot(page, `${SHOTS}/buyer-rejection-en-390.png`);
      await chooseLanguage(page, 'HR');

      await panel.getByRole('button', { name: 'Storno i ponovno izdavanje' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('odobrenje (storno) cijelog računa');
      await page.screenshot({ path: `${SHOTS}/buyer-rejection-confirm-hr.png` });
      await dialog.getByRole('button', { name: 'Storniraj i pripremi novi račun' }).click();
      await expect(toast(page, /Izdano odobrenje .*: provjerite i izdajte novi račun\./)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/Invoices/NewInvoice\\?from=${invoice.id}&reissue=${invoice.id}`));
      await page.screenshot({ path: `${SHOTS}/buyer-rejection-new-hr.png`, fullPage: true });
      await page.getByRole('button', { name: 'Izdaj račun' }).click();
      await expect(toast(page, /Uspjeh! Broj: /)).toBeVisible();

      const rejected = (await (await request.get(`/api/v1/invoice/${invoice.id}`, { headers })).json()) as { data: { creditStatus: string; reissuedBy: { id: number; number: string }[] } };
      expect(rejected.data.creditStatus).toBe('FULL');
      expect(rejected.data.reissuedBy).toHaveLength(1);
      await page.goto(`/Invoices/${invoice.id}`);
      await expect(panel.getByRole('link', { name: rejected.data.reissuedBy[0]?.number ?? '?' })).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Storno i ponovno izdavanje' })).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/buyer-rejection-after-hr.png`, fullPage: true });
    } finally {
      // the journeys after this one in the same worker share its server and number on POSL1
      await usePremises(page, request, 'POSL1').catch(() => undefined);
      await mer.stop();
    }
  });
});

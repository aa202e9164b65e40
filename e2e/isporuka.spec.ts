import { expect } from '@playwright/test';
import { selfFiscalization } from './doubles';
import { DEMO_OPERATOR_OIB, E2E_USER, authHeaders, chooseLanguage, createInvoiceThroughApi, test, usePremises, signIn } from './support';

/**
 * A supply to a Croatian business that cannot receive e-invoices, end to end (ZoF čl. 40, 51): the
 * client is marked "Ne prima e-račune" in the New client dialog, the list marks it, and an invoice
 * issued to it is reported to the double of the Tax Administration's eReporting service with
 * `EvidentirajIsporukuZaKojuNijeIzdanERacunZahtjev` (valid against the official schema, signature
 * verified); the invoice page says so, in Croatian and English.
 */
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/shots';
const PASSWORD = 'demo-lozinka-2';
const CLIENT = 'Papirnati Ured d.o.o.';


test.describe('a supply without an e-invoice', () => {
  test('mark a client as not receiving e-invoices, issue to it, see the supply reported', async ({ page, request }) => {
    test.setTimeout(240_000);
    await page.goto('/');
    await signIn(page);
    const headers = await authHeaders(page);
    await usePremises(page, request, 'ISP1');
    expect((await request.put('/api/v1/account', { headers, data: { name: E2E_USER.name, email: E2E_USER.email, oib: '24680135792' } })).status()).toBe(200);
    const { service, stop } = await selfFiscalization(request, headers, '69814562369', PASSWORD);
    try {
      // the New client dialog: the mark comes with a Croatian address, and says what it means
      await page.goto('/Clients');
      await page.getByRole('button', { name: 'Novi klijent' }).click();
      const dialog = page.getByRole('dialog', { name: 'Novi klijent' });
      await dialog.getByRole('textbox', { name: 'Naziv' }).fill(CLIENT);
      await dialog.getByRole('textbox', { name: 'OIB' }).fill('33392005961');
      await dialog.getByRole('textbox', { name: 'Adresa', exact: true }).fill('Vlaška 7');
      await dialog.getByRole('textbox', { name: 'Poštanski broj' }).fill('10000');
      await dialog.getByRole('textbox', { name: 'Grad' }).fill('Zagreb');
      await expect(dialog.getByRole('checkbox', { name: 'Ne prima e-račune' })).toHaveCount(0);
      const country = dialog.getByRole('textbox', { name: 'Država', exact: true });
      await country.click();
      await country.fill('hrvats');
      await page.getByRole('option', { name: 'Hrvatska (HR)', exact: true }).click();
      await expect(country).toHaveValue('Hrvatska (HR)');
      await dialog.getByRole('textbox', { name: 'E-mail' }).fill('ured@papirnati.hr');
      await dialog.getByRole('checkbox', { name: 'Ne prima e-račune' }).check();
      await expect(dialog.getByText(/prijavljuje Poreznoj upravi kao isporuku bez e-računa/)).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/isporuka-client-hr.png`, fullPage: true });
      await dialog.getByRole('button', { name: 'Spremi' }).click();
      await expect(page.getByText('Klijent je spremljen')).toBeVisible();
      const row = page.getByRole('table', { name: 'Popis klijenata' }).getByRole('row').filter({ hasText: CLIENT });
      await expect(row.getByText('bez e-računa')).toBeVisible();

      // an invoice issued to it is reported as a supply without an e-invoice
      const clients = ((await (await request.get('/api/v1/company', { headers })).json()) as { data: { id: number; name: string; receivesEInvoices: boolean }[] }).data;
      const client = clients.find((c) => c.name === CLIENT);
      expect(client?.receivesEInvoices).toBe(false);
      const line = { quantity: 2, description: 'Savjetovanje', price: 60, kpdCode: '62.20.20' };
      const invoice = await createInvoiceThroughApi(request, headers, { clientId: client?.id ?? 0, lineItems: [line] });
      await page.goto(`/Invoices/${invoice.id}`);
      const section = page.getByRole('region', { name: 'Fiskalizacija' });
      await expect(section.getByText('Fiskaliziran', { exact: true })).toBeVisible({ timeout: 30_000 });
      await expect(section).toContainText('Prijavljen je Poreznoj upravi kao isporuka za koju nije izdan e-račun');
      await expect(section.getByRole('table', { name: 'Razmijenjene poruke' })).toContainText('Isporuka bez e-računa');
      const received = service.received.find((r) => r.xml.includes(`<eizv:brojDokumenta>${invoice.number}</eizv:brojDokumenta>`));
      expect(received).toMatchObject({ element: 'EvidentirajIsporukuZaKojuNijeIzdanERacunZahtjev', path: '/EIzvjestavanjeService', code: null });
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/isporuka-invoice-hr.png`, fullPage: true });

      await chooseLanguage(page, 'EN');
      const english = page.getByRole('region', { name: 'Fiscalization' });
      await expect(english).toContainText('It was reported to the Tax Administration as a supply for which no e-invoice was issued');
      await expect(english.getByRole('table', { name: 'Messages exchanged' })).toContainText('Supply without an e-invoice');
      await page.screenshot({ path: `${SHOTS}/isporuka-invoice-en.png`, fullPage: true });
      await chooseLanguage(page, 'HR');
    } finally {
      // the other journeys run without fiscalization
      await stop();
      await request.put('/api/v1/account', { headers, data: { name: E2E_USER.name, email: E2E_USER.email, oib: DEMO_OPERATOR_OIB } });
      await usePremises(page, request, 'POSL1');
    }
  });
});

import { type Page, expect } from '@playwright/test';
import { authHeaders, createInvoiceThroughApi, demoItem, fiscalizedInDatabase, phoneScreenshot, signIn, test, usePremises } from './support';

const SHOTS = 'test-results/screens';
const ZKI = 'e4d909c290d0fb1ca068ffaddf22cbd0';
const JIR = '6f1c2a7e-0b8d-4c1e-9f3a-5d2b7c8e9a10';

/** A private person as a client (decision 031), through the API. */
async function consumer(page: Page, name: string): Promise<number> {
  const res = await page.request.post('/api/v1/company', {
    headers: await authHeaders(page),
    data: { name, kind: 'CONSUMER', email: 'marko@example.hr', address: { address1: 'Vukovarska 7', city: 'Rijeka', zip: '51000', countryCode: 'HR' } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

test.describe('a fiscalized invoice in the print preview (decision 031)', () => {
  test('shows the ZKI, the JIR and a QR code of at least 2 cm; a draft to a private person says it is not fiscalized; 1366 and 390 px', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/');
    await signIn(page);
    // numbers at premises of its own, so the shared POSL1 sequence is left to the other journeys
    await usePremises(page, page.request, 'FISK2');
    try {
      const headers = await authHeaders(page);
      const clientId = await consumer(page, 'Marko Marić');
      const item = await demoItem(page.request, headers, 'EUR');
      const line = { id: item.id, quantity: 2, description: item.nameHr, price: item.unitPrice, unit: item.unit };
      const invoice = await createInvoiceThroughApi(page.request, headers, { clientId, lineItems: [line] });
      fiscalizedInDatabase(invoice.id, ZKI, JIR);

      await page.goto('/Invoices');
      await page.getByRole('button', { name: `Pregled računa ${invoice.number}` }).click();
      const dialog = page.getByRole('dialog', { name: `Pregled računa ${invoice.number}` });
      const fact = (term: string) => dialog.locator('dl > div').filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) }).getByRole('definition');
      await expect(fact('ZKI')).toHaveText(ZKI);
      await expect(fact('JIR')).toHaveText(JIR);
      await expect(fact('Operater')).not.toBeEmpty();
      await expect(fact('Datum i vrijeme izdavanja')).toHaveText(/\d{2}:\d{2}$/);
      const qr = dialog.getByRole('img', { name: 'QR kod za provjeru računa u Poreznoj upravi' });
      await expect(qr).toBeVisible();
      // drawn at its size: the symbol (20 mm) and its quiet zone; 96 CSS px make an inch
      const box = await qr.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan((20 * 96) / 25.4);
      await expect(dialog.getByText('OVO NIJE FISKALIZIRANI RAČUN')).toHaveCount(0);
      await qr.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/fiscal-preview-1366.png` });
      await phoneScreenshot(page, `${SHOTS}/fiscal-preview-390.png`, { width: 1366, height: 900 }, { fullPage: false });
      await page.keyboard.press('Escape');

      const draft = await createInvoiceThroughApi(page.request, headers, { clientId, lineItems: [line], draft: true });
      await page.goto(`/Invoices/${draft.id}`);
      await page.getByRole('button', { name: 'Pregled i ispis' }).click();
      const draftDialog = page.getByRole('dialog', { name: 'Pregled nacrta računa' });
      await expect(draftDialog.getByText('OVO NIJE FISKALIZIRANI RAČUN')).toBeVisible();
      await expect(draftDialog.getByText('ZKI')).toHaveCount(0);
      await draftDialog.getByText('OVO NIJE FISKALIZIRANI RAČUN').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/fiscal-draft-1366.png` });
      await page.keyboard.press('Escape');
      expect((await page.request.delete(`/api/v1/invoice/${draft.id}`, { headers })).status()).toBe(200);
    } finally {
      await usePremises(page, page.request, 'POSL1');
    }
  });
});

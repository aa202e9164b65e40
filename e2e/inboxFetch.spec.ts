import { expect } from '@playwright/test';
import { serverCertificate, testCa } from '../apps/api/test/fiscalization/pki';
import { MerDouble } from '../apps/api/test/delivery/merDouble';
import { receivedXml } from './doubles';
import { apiData, authHeaders, chooseLanguage, phoneScreenshot, signIn, test, toast } from './support';

/**
 * Received e-invoices fetched from the intermediary (issue 46), against moj-eRačun's double started in
 * this test process (HTTPS with a CA the test makes): two suppliers' e-invoices wait in the inbox at
 * the intermediary; "Preuzmi od posrednika" takes both, says so, and they are in the list as fetched;
 * the intermediary was told each one was taken; a second click takes nothing twice; one the
 * intermediary cannot hand over now is named in English; at 390 px too.
 */
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/shots';
const PASSWORD = 'MER e2e primanje';


test('received e-invoices are fetched from the intermediary once, with what could not be taken named; hr, en, 390 px', async ({ page, request }) => {
  test.setTimeout(180_000);
  const ca = testCa('Faktura E2E Inbox CA');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/');
  await signIn(page);
  const headers = await authHeaders(page);
  const issuer = await apiData<{ oib: string }>(request, headers, '/api/v1/settings/issuer');
  const mer = new MerDouble(serverCertificate(ca, 'localhost', 2), { username: 'primanje', password: PASSWORD, companyId: issuer.oib, softwareId: 'Faktura-001' });
  mer.validate = false;
  await mer.start();
  try {
    const saved = await request.put('/api/v1/settings/delivery', {
      headers,
      data: { provider: 'MOJ_ERACUN', baseUrl: mer.url, username: 'primanje', password: PASSWORD, companyId: issuer.oib, softwareId: 'Faktura-001', autoSend: false, trustedCaPem: ca.certificatePem },
    });
    expect(saved.status()).toBe(200);
    const run = String(Date.now() % 1_000_000);
    const first = `MER-${run}-1-1`;
    const second = `MER-${run}-2-1`;
    const a = mer.toInbox(receivedXml(issuer.oib, first));
    const b = mer.toInbox(receivedXml(issuer.oib, second));

    await page.getByRole('navigation').getByRole('link', { name: 'Primljeni računi', exact: true }).click();
    await expect(page).toHaveURL(/\/Inbox$/);
    await page.getByRole('button', { name: 'Preuzmi od posrednika' }).click();
    await expect(toast(page, /novih 2/)).toBeVisible({ timeout: 30_000 });
    await page.getByRole('searchbox', { name: 'Pretraži primljene račune' }).fill(`MER-${run}`);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: first })).toBeVisible();
    await expect(page.getByRole('link', { name: second })).toBeVisible();
    expect(mer.inbox.filter((d) => d.electronicId === a || d.electronicId === b).every((d) => d.imported), 'the intermediary was told both were taken').toBe(true);
    await page.screenshot({ path: `${SHOTS}/inbox-fetch-hr.png` });

    // again: nothing twice
    await page.getByRole('button', { name: 'Preuzmi od posrednika' }).click();
    await expect(toast(page, /novih 0, već zaprimljenih 2/)).toBeVisible({ timeout: 30_000 });
    expect(mer.downloads.get(a)).toBe(1);

    // in English: one the intermediary cannot hand over now is named, the other taken
    await chooseLanguage(page, 'EN');
    const third = `MER-${run}-3-1`;
    const fourth = `MER-${run}-4-1`;
    const c = mer.toInbox(receivedXml(issuer.oib, third));
    mer.toInbox(receivedXml(issuer.oib, fourth));
    mer.downloadFailing.add(c);
    await page.getByRole('button', { name: 'Fetch from the intermediary' }).click();
    await expect(toast(page, /1 new/)).toBeVisible({ timeout: 30_000 });
    await expect(toast(page, new RegExp(`Documents not fetched: 1 .*${third}`))).toBeVisible();
    await expect(page.getByRole('link', { name: fourth })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/inbox-fetch-en.png` });
    await phoneScreenshot(page, `${SHOTS}/inbox-fetch-en-390.png`, { width: 1366, height: 900 });
  } finally {
    await mer.stop();
    await chooseLanguage(page, 'HR').catch(() => undefined);
  }
});

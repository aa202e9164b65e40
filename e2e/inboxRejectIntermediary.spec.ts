import { expect } from '@playwright/test';
import { serverCertificate, testCa } from '../apps/api/test/fiscalization/pki';
import { MerDouble } from '../apps/api/test/delivery/merDouble';
import { receivedXml } from './doubles';
import { apiData, authHeaders, chooseLanguage, signIn, test, toast } from './support';

/**
 * Decision 042, against moj-eRačun's double started in this test process: a received e-invoice
 * fetched from the intermediary is rejected; the intermediary refuses to mark it rejected, and the
 * rejection's section says so in its words; "Pošalji posredniku ponovno" sends it again and the
 * section says moj-eRačun took it (the supplier sees the rejection); in English on a phone too.
 */
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/shots';
const PASSWORD = 'MER e2e odbijanje';

test('a rejection of a document from moj-eRačun is told to it, refused once and sent again; hr, en at 390 px', async ({ page, request }) => {
  test.setTimeout(180_000);
  const ca = testCa('Faktura E2E Reject CA');
  await page.setViewportSize({ width: 1366, height: 1000 });
  await page.goto('/');
  await signIn(page);
  const headers = await authHeaders(page);
  const issuer = await apiData<{ oib: string }>(request, headers, '/api/v1/settings/issuer');
  const mer = new MerDouble(serverCertificate(ca, 'localhost', 2), { username: 'odbijanje', password: PASSWORD, companyId: issuer.oib, softwareId: 'Faktura-001' });
  mer.validate = false;
  await mer.start();
  try {
    const saved = await request.put('/api/v1/settings/delivery', {
      headers,
      data: { provider: 'MOJ_ERACUN', baseUrl: mer.url, username: 'odbijanje', password: PASSWORD, companyId: issuer.oib, softwareId: 'Faktura-001', autoSend: false, trustedCaPem: ca.certificatePem },
    });
    expect(saved.status()).toBe(200);
    const run = String(Date.now() % 1_000_000);
    const number = `ODB-MER-${run}-1`;
    const electronicId = mer.toInbox(receivedXml(issuer.oib, number));
    const fetched = await request.post('/api/v1/inbox/fetch', { headers });
    expect(fetched.status(), await fetched.text()).toBe(200);
    const listed = await apiData<{ id: number; number: string }[]>(request, headers, `/api/v1/inbox?q=${number}`);
    const id = listed.find((d) => d.number === number)!.id;

    mer.refuseProcessStatus = `Dokument ${String(electronicId)} je već obrađen`;
    await page.goto(`/Inbox/${String(id)}`);
    const section = page.getByRole('region', { name: 'Odbijanje' });
    await section.getByRole('button', { name: 'Odbij' }).click();
    const dialog = page.getByRole('dialog', { name: `Odbij račun ${number}` });
    await dialog.getByRole('radio', { name: /^N — Nepodudarnost koja ne utječe na porez/ }).check();
    await dialog.getByRole('textbox', { name: /^Razlog/ }).fill('Pogrešan broj narudžbe');
    await dialog.getByRole('button', { name: 'Odbij račun' }).click();
    await expect(dialog).toBeHidden();
    // the delivery worker is woken at once; the page reads it again
    const told = section.getByTestId('rejection-intermediary');
    await expect(async () => {
      await page.reload();
      await expect(told).toContainText(`Posrednik ga je odbio: Dokument ${String(electronicId)} je već obrađen`, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(told).toContainText('Posrednik (moj-eRačun) pokazuje odbijanje dobavljaču.');
    await page.screenshot({ path: `${SHOTS}/inbox-reject-intermediary-refused-hr.png`, fullPage: true });

    mer.refuseProcessStatus = null;
    await section.getByRole('button', { name: 'Pošalji posredniku ponovno' }).click();
    await expect(toast(page, `Odbijanje računa ${number} ponovno se šalje posredniku`)).toBeVisible();
    await expect(async () => {
      await page.reload();
      await expect(told).toContainText('Posrednik je preuzeo odbijanje.', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(section.getByRole('button', { name: 'Pošalji posredniku ponovno' })).toHaveCount(0);
    const sent = mer.rejections.filter((c) => c.request.ElectronicId === electronicId);
    expect(sent.map((c) => c.path)).toEqual(['/apis/v2/UpdateDokumentProcessStatus']);
    expect(sent[0]!.request.RejectReason).toBe('N: Pogrešan broj narudžbe');

    await chooseLanguage(page, 'EN');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const sectionEn = page.getByRole('region', { name: 'Rejection' });
    await expect(sectionEn.getByTestId('rejection-intermediary')).toContainText('The intermediary took the rejection.');
    await sectionEn.screenshot({ path: `${SHOTS}/inbox-reject-intermediary-en-390.png` });
  } finally {
    await mer.stop();
    await chooseLanguage(page, 'HR').catch(() => undefined);
  }
});

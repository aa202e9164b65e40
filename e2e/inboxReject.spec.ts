import { expect } from '@playwright/test';
import { receivedXml } from './doubles';
import { apiData, authHeaders, chooseLanguage, phoneScreenshot, signIn, test } from './support';

/**
 * Issue 47 (decision 040): the operator rejects a received e-invoice with a reason type and a reason,
 * sees it read "Odbijen" with the rejection and its report's deadline, in the list too, and the
 * dashboard's warning; then rejects another one in English on a phone, and finds both in Reports >
 * Rejections to report.
 */

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/shots';

test('a received e-invoice is rejected with its reason, in Croatian, then another in English on a phone', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 1000 });
  await page.goto('/');
  await signIn(page);
  const headers = await authHeaders(page);
  const issuer = await apiData<{ oib: string }>(page.request, headers, '/api/v1/settings/issuer');
  const stamp = String(Date.now() % 1_000_000);
  const ids: number[] = [];
  for (const suffix of ['1', '2']) {
    const imported = await page.request.post('/api/v1/inbox/import', {
      headers,
      multipart: { files: { name: `odbij-${suffix}.xml`, mimeType: 'application/xml', buffer: receivedXml(issuer.oib, `OD-${stamp}-${suffix}-1`) } },
    });
    expect(imported.status(), await imported.text()).toBe(200);
    ids.push(((await imported.json()) as { data: { results: { id: number }[] } }).data.results[0]!.id);
  }
  const number = `OD-${stamp}-1-1`;

  await page.goto(`/Inbox/${String(ids[0])}`);
  const section = page.getByRole('region', { name: 'Odbijanje' });
  await expect(section).toContainText('Račun nije odbijen.');
  await section.getByRole('button', { name: 'Odbij' }).click();
  const dialog = page.getByRole('dialog', { name: `Odbij račun ${number}` });
  await dialog.getByRole('radio', { name: /^U — Nepodudarnost koja utječe na porez/ }).check();
  await dialog.getByRole('textbox', { name: /^Razlog/ }).fill('Obračunat PDV 25 % umjesto 13 %');
  await expect(dialog).toContainText('31 / 1024');
  await page.screenshot({ path: `${SHOTS}/inbox-reject-dialog-hr.png` });
  await dialog.getByRole('button', { name: 'Odbij račun' }).click();
  await expect(dialog).toBeHidden();
  await expect(section).toContainText('Vrsta razloga: U — Nepodudarnost koja utječe na porez');
  await expect(section).toContainText('Razlog: Obračunat PDV 25 % umjesto 13 %');
  await expect(section.getByTestId('rejection-report')).toContainText(/do \d+\. \d+\. \d{4}\./);
  await expect(section.getByRole('button', { name: 'Odbij' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Plaćanja' })).toContainText('Račun je odbijen: plaćanja se ne bilježe.');
  await page.screenshot({ path: `${SHOTS}/inbox-rejected-hr.png`, fullPage: true });

  // the list shows the state and filters by it
  await page.goto('/Inbox?state=REJECTED');
  const row = page.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('Odbijen');
  // the dashboard warns until the rejections are reported
  await page.goto('/');
  await expect(page.getByText(/odbijen\S* e-račun\S* treba prijaviti Poreznoj upravi/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/inbox-reject-dashboard-hr.png` });

  // in English, on a phone
  await chooseLanguage(page, 'EN');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/Inbox/${String(ids[1])}`);
  const sectionEn = page.getByRole('region', { name: 'Rejection' });
  await sectionEn.getByRole('button', { name: 'Reject' }).click();
  const dialogEn = page.getByRole('dialog', { name: `Reject invoice OD-${stamp}-2-1` });
  await dialogEn.getByRole('radio', { name: /^O — Other/ }).check();
  await dialogEn.getByRole('textbox', { name: /^Reason/ }).fill('Goods neither ordered nor delivered');
  await page.screenshot({ path: `${SHOTS}/inbox-reject-dialog-en-390.png` });
  await dialogEn.getByRole('button', { name: 'Reject the invoice' }).click();
  await expect(dialogEn).toBeHidden();
  await expect(sectionEn).toContainText('Reason type: O — Other');
  await sectionEn.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/inbox-rejected-en-390.png`, fullPage: true });

  // Reports > Rejections to report: the month's rejections, both of them, still to report
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zagreb', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
  await page.goto(`/Reports/Rejections?month=${month}`);
  const table = page.getByRole('table', { name: 'Rejections of the month' });
  await expect(table.getByRole('row').filter({ hasText: `OD-${stamp}-2-1` })).toContainText('Goods neither ordered nor delivered');
  await phoneScreenshot(page, `${SHOTS}/rejections-report-en-390.png`, { width: 1366, height: 1000 });
  await chooseLanguage(page, 'HR');
  const hr = page.getByRole('table', { name: 'Odbijanja u mjesecu' });
  await expect(hr.getByRole('row').filter({ hasText: number })).toContainText('Obračunat PDV 25 % umjesto 13 %');
  await page.screenshot({ path: `${SHOTS}/rejections-report-hr.png`, fullPage: true });
});

import { expect } from '@playwright/test';
import { receivedXml } from './doubles';
import { apiData, authHeaders, chooseLanguage, phoneScreenshot, signIn, test } from './support';

/**
 * Decision 042: with fiscalization off the user reports a rejection in FiskAplikacija and marks it
 * reported here with the day: the rejection's section says so, the dashboard stops counting it, and
 * Reports > Rejections shows it reported by hand; in Croatian, then in English on a phone.
 */

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/shots';

test('a rejection reported in FiskAplikacija is marked reported by hand, in Croatian, then in English on a phone', async ({ page }) => {
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
      multipart: { files: { name: `prijavljeno-${suffix}.xml`, mimeType: 'application/xml', buffer: receivedXml(issuer.oib, `PR-${stamp}-${suffix}-1`) } },
    });
    expect(imported.status(), await imported.text()).toBe(200);
    const id = ((await imported.json()) as { data: { results: { id: number }[] } }).data.results[0]!.id;
    const rejected = await page.request.post(`/api/v1/inbox/${String(id)}/reject`, { headers, data: { type: 'U', reason: 'Pogrešna stopa PDV-a' } });
    expect(rejected.status(), await rejected.text()).toBe(200);
    ids.push(id);
  }
  const before = await apiData<{ rejectionsToReport: number }>(page.request, headers, '/api/v1/inbox/attention');

  await page.goto(`/Inbox/${String(ids[0])}`);
  const section = page.getByRole('region', { name: 'Odbijanje' });
  await expect(section.getByTestId('rejection-report')).toContainText('prijavite odbijanje sami');
  await section.getByRole('button', { name: 'Označi kao prijavljeno' }).click();
  const dialog = page.getByRole('dialog', { name: 'Odbijanje prijavljeno ručno' });
  await expect(dialog).toContainText(`Upišite dan kada ste odbijanje računa PR-${stamp}-1-1 prijavili`);
  await page.screenshot({ path: `${SHOTS}/inbox-reject-by-hand-dialog-hr.png` });
  await dialog.getByRole('button', { name: 'Spremi' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByTestId('rejection-report')).toContainText('Prijavili ste ga sami (npr. u FiskAplikaciji)');
  await expect(section.getByRole('button', { name: 'Označi kao prijavljeno' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/inbox-reject-by-hand-hr.png`, fullPage: true });
  const after = await apiData<{ rejectionsToReport: number }>(page.request, headers, '/api/v1/inbox/attention');
  expect(after.rejectionsToReport).toBe(before.rejectionsToReport - 1);

  // in English, on a phone
  await chooseLanguage(page, 'EN');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/Inbox/${String(ids[1])}`);
  const sectionEn = page.getByRole('region', { name: 'Rejection' });
  await sectionEn.getByRole('button', { name: 'Mark as reported' }).click();
  const dialogEn = page.getByRole('dialog', { name: 'Rejection reported by hand' });
  await expect(dialogEn.getByLabel(/^Day reported/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/inbox-reject-by-hand-dialog-en-390.png` });
  await dialogEn.getByRole('button', { name: 'Save' }).click();
  await expect(dialogEn).toBeHidden();
  await expect(sectionEn.getByTestId('rejection-report')).toContainText('You reported it yourself (e.g. in FiskAplikacija) on');
  // the section itself, once the toast over the page's foot has gone
  await expect(page.getByText(`The rejection of invoice PR-${stamp}-2-1 is marked as reported`)).toBeHidden({ timeout: 15_000 });
  await sectionEn.screenshot({ path: `${SHOTS}/inbox-reject-by-hand-en-390.png` });

  // Reports > Rejections to report: both reported by hand, neither counted
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zagreb', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
  await page.goto(`/Reports/Rejections?month=${month}`);
  const table = page.getByRole('table', { name: 'Rejections of the month' });
  await expect(table.getByRole('row').filter({ hasText: `PR-${stamp}-2-1` })).toContainText('Reported by hand');
  await phoneScreenshot(page, `${SHOTS}/rejections-report-by-hand-en-390.png`, { width: 1366, height: 1000 });
  await chooseLanguage(page, 'HR');
  const hr = page.getByRole('table', { name: 'Odbijanja u mjesecu' });
  await expect(hr.getByRole('row').filter({ hasText: `PR-${stamp}-1-1` })).toContainText('Prijavljeno ručno');
});

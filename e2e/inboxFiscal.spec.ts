import fs from 'node:fs';
import { expect } from '@playwright/test';
import { receivedXml, selfFiscalization } from './doubles';
import { apiData, authHeaders, chooseLanguage, phoneScreenshot, signIn, test } from './support';

/**
 * Issue 46, "Fiscalized as received" (decision 038) and Faktura's own print of a received invoice, end
 * to end against a double of the Tax Administration's service started in this test process (HTTPS
 * with a CA the test makes; every request validated against the official schema, its signature
 * checked): a received e-invoice is sent as received (vrstaERacuna U) as soon as it is kept and the
 * page shows the service's answer and the message exchanged; one the service refuses (S009: the
 * supplier has not fiscalized it) says why in Croatian and English, and "Fiscalize now" asks again;
 * "Print (PDF)" downloads a PDF. At 1366 and 390 px.
 */
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/shots';
const PASSWORD = 'demo-lozinka-3';

test('a received e-invoice is fiscalized as received with "Fiscalize now", a refusal says why, and it prints; hr, en, 390 px', async ({ page, request }) => {
  test.setTimeout(240_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1366, height: 1000 });
  await page.goto('/');
  await signIn(page);
  const headers = await authHeaders(page);
  const issuer = await apiData<{ oib: string }>(request, headers, '/api/v1/settings/issuer');
  const { service, stop } = await selfFiscalization(request, headers, issuer.oib, PASSWORD);
  try {
    const run = String(Date.now() % 1_000_000);
    const keep = async (number: string): Promise<number> => {
      const imported = await request.post('/api/v1/inbox/import', {
        headers,
        multipart: { files: { name: `${number}.xml`, mimeType: 'application/xml', buffer: receivedXml(issuer.oib, number) } },
      });
      expect(imported.status(), await imported.text()).toBe(200);
      return ((await imported.json()) as { data: { results: { id: number }[] } }).data.results[0]!.id;
    };
    const sentAs = (number: string) => service.received.filter((r) => r.xml.includes(`<efis:brojDokumenta>${number}</efis:brojDokumenta>`));

    // a refusal first: the supplier has not fiscalized its e-invoice yet (S009); the import itself wakes
    // the outbox, so the answer is there without doing anything
    service.mode = 'S009';
    const refusedNumber = `UF-${run}-1`;
    const refused = await keep(refusedNumber);
    await page.goto(`/Inbox/${String(refused)}`);
    const section = page.getByRole('region', { name: 'Fiskalizacija primljenog eRačuna' });
    await expect(section).toContainText('Primatelj fiskalizira svaki primljeni eRačun u roku od pet radnih dana');
    await expect(section.getByRole('status')).toContainText('Odbijen (S009)', { timeout: 30_000 });
    await expect(section).toContainText(/Rok: \d/);
    await expect(section).toContainText('Riječima Porezne uprave: Ne postoji zabilježen eRačun s navedenim identifikatorom');
    await expect(section.getByRole('list', { name: 'Razmijenjene poruke' })).toContainText('S009');
    expect(sentAs(refusedNumber).map((r) => r.code)).toEqual(['S009']);
    // "Fiscalize now" asks again at once; still refused, a second attempt
    await section.getByRole('button', { name: 'Fiskaliziraj sada' }).click();
    await expect(section).toContainText('Pokušaja: 2', { timeout: 30_000 });
    expect(sentAs(refusedNumber).map((r) => r.code)).toEqual(['S009', 'S009']);
    await page.screenshot({ path: `${SHOTS}/inbox-fiscal-refused-hr.png`, fullPage: true });

    // in English the refusal says the same
    await chooseLanguage(page, 'EN');
    const english = page.getByRole('region', { name: 'Fiscalization as received' });
    // the reason is read again in English, not left in the Croatian the page was first read in
    await expect(english.getByRole('status')).toContainText('Refused (S009): the Tax Administration has no record of this e-invoice: the supplier has not fiscalized it yet');
    await expect(english.getByRole('button', { name: 'Fiscalize now' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/inbox-fiscal-refused-en.png`, fullPage: true });
    await chooseLanguage(page, 'HR');

    // accepted: sent as received as soon as it is kept, the page shows the answer and the message
    service.mode = 'accept';
    const number = `UF-${run}-2`;
    const id = await keep(number);
    await page.goto(`/Inbox/${String(id)}`);
    await expect(section.getByText('Fiskaliziran kao primljen', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(section.getByRole('status')).toContainText('Porezna uprava zabilježila ga je');
    await expect(section.getByRole('button', { name: 'Fiskaliziraj sada' })).toHaveCount(0);
    // the header says so too, no longer the deadline
    await expect(page.getByText('Fiskaliziran', { exact: true })).toHaveCount(2); // the header's badge and the Original section
    await expect(page.getByText(/^Fiskalizirati do/)).toHaveCount(0);
    const sent = sentAs(number);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.code).toBeNull(); // valid against the official schema, its signature verified
    expect(sent[0]?.xml).toContain('<efis:vrstaERacuna>U</efis:vrstaERacuna>');
    await phoneScreenshot(page, `${SHOTS}/inbox-fiscalized-hr-390.png`, { width: 1366, height: 1000 });

    // Faktura's own print of it: a PDF named by the supplier's OIB and its number
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Ispis (PDF)' }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toMatch(new RegExp(`^\\d{11}-${number}\\.pdf$`));
    const bytes = fs.readFileSync((await pdf.path()) ?? '');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  } finally {
    await stop();
  }
});

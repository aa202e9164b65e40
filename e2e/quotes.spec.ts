import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect } from '@playwright/test';
import { SMTP_PASSWORD, SMTP_USER, startSmtp } from './smtp';
import { authHeaders, chooseLanguage, phoneScreenshot, pick, signIn, test, toast, usePremises } from './support';

/**
 * Quotes (issue 48, decision 043) end to end, in Croatian and in English: Ponude / Quotes in the
 * navigation, a new quote for the demo's Croatian client from the catalogue, its PDF (headed PONUDA,
 * "OVO NIJE FISKALIZIRANI RAČUN"), sent by e-mail to a real SMTP server started here, "Make invoice"
 * into an invoice draft with the same lines, and that invoice issued; the screens at 390 px.
 */

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/shots';

const TEXT = {
  hr: {
    nav: 'Ponude', title: 'Ponude', newQuote: 'Nova ponuda', form: 'Nova ponuda', client: 'Klijent', catalogue: 'Stavka iz kataloga',
    item: /^Razvoj.*€/, typed: 'Razvoj', addItem: 'Dodaj stavku', save: 'Spremi ponudu', saved: /Ponuda (P-\d+\/\d{4}) je spremljena/,
    send: 'Pošalji e-poštom', sendNow: 'Pošalji', sent: 'Ponuda je poslana na nabava@jadranski.example', sentBadge: 'Poslana',
    makeInvoice: 'Izradi račun', made: 'Iz ponude je izrađen račun (skica); provjerite ga i izdajte', issue: 'Izdaj račun',
    issued: /Uspjeh! Broj: (\d+\/QUOT1\/1)/, printName: 'PONUDA', notFiscalized: 'OVO NIJE FISKALIZIRANI RAČUN', accepted: 'Prihvaćena',
  },
  en: {
    nav: 'Quotes', title: 'Quotes', newQuote: 'New quote', form: 'New quote', client: 'Client', catalogue: 'Catalogue item',
    item: /^Software development.*€/, typed: 'Software', addItem: 'Add item', save: 'Save quote', saved: /Quote (P-\d+\/\d{4}) saved/,
    send: 'Send by e-mail', sendNow: 'Send', sent: 'The quote was sent to nabava@jadranski.example', sentBadge: 'Sent',
    makeInvoice: 'Make invoice', made: 'An invoice draft was made from the quote; check it and issue it', issue: 'Issue invoice',
    issued: /Success! Number: (\d+\/QUOT2\/1)/, printName: 'PONUDA', notFiscalized: 'OVO NIJE FISKALIZIRANI RAČUN', accepted: 'Accepted',
  },
};

for (const language of ['hr', 'en'] as const) {
  test(`a quote made into an invoice (${language}): new quote, PDF, e-mail, Make invoice, issue`, async ({ page, request }) => {
    test.setTimeout(240_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    const L = TEXT[language];
    const smtp = await startSmtp();
    await page.goto('/');
    await signIn(page);
    try {
      await usePremises(page, request, language === 'hr' ? 'QUOT1' : 'QUOT2');
      const headers = await authHeaders(page);
      const mail = await request.put('/api/v1/settings/email', {
        headers,
        data: { host: '127.0.0.1', port: smtp.port, security: 'none', username: SMTP_USER, password: SMTP_PASSWORD, fromName: 'Kodni Obrt', fromAddress: 'ponude@kodni-obrt.hr' },
      });
      expect(mail.status()).toBe(200);
      if (language === 'en') await chooseLanguage(page, 'EN');

      // Ponude / Quotes in the navigation, then a new quote from the catalogue
      await page.getByRole('navigation').getByRole('link', { name: L.nav }).click();
      await expect(page.getByRole('heading', { level: 1, name: L.title })).toBeVisible();
      await page.getByRole('link', { name: L.newQuote }).click();
      const form = page.getByRole('form', { name: L.form });
      await pick(page, form.getByRole('textbox', { name: L.client, exact: true }), 'Jadranski Softver d.o.o.', 'Jadranski');
      const catalogue = form.getByRole('textbox', { name: L.catalogue, exact: true });
      await catalogue.click();
      await catalogue.fill(L.typed);
      await page.getByRole('option', { name: L.item }).click();
      await form.getByRole('button', { name: L.addItem }).click();
      await expect(form.getByRole('group', { name: /^(Stavka|Line) 1$/ })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/quote-new-${language}.png`, fullPage: true });
      await form.getByRole('button', { name: L.save }).click();
      const saved = toast(page, L.saved);
      await expect(saved).toBeVisible();
      const number = L.saved.exec((await saved.textContent()) ?? '')?.[1] ?? '';
      expect(number).toMatch(/^P-\d+\/\d{4}$/);
      await expect(page).toHaveURL(/\/Quotes\/\d+$/);
      const quoteId = Number(/\/Quotes\/(\d+)$/.exec(page.url())?.[1]);

      // its PDF: headed PONUDA, and not a fiscalized invoice (kept to look at as an image)
      const pdf = await request.get(`/api/v1/quote/${quoteId}/pdf`, { headers: { ...headers, 'accept-language': language } });
      expect(pdf.status()).toBe(200);
      const pdfPath = `${SHOTS}/quote-${language}.pdf`;
      fs.writeFileSync(pdfPath, await pdf.body());
      const text = execFileSync('pdftotext', ['-layout', pdfPath, '-']).toString('utf8');
      expect(text).toContain(L.printName);
      expect(text).toContain(number);
      expect(text).toContain(L.notFiscalized);
      execFileSync('pdftoppm', ['-png', '-r', '60', '-singlefile', pdfPath, `${SHOTS}/quote-pdf-${language}`]);

      // sent by e-mail: the message with its PDF arrives, the quote is SENT
      await page.getByRole('button', { name: L.send }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox').first().fill('nabava@jadranski.example');
      await page.screenshot({ path: `${SHOTS}/quote-send-${language}.png` });
      await dialog.getByRole('button', { name: L.sendNow }).click();
      await expect(toast(page, L.sent)).toBeVisible({ timeout: 45_000 });
      await expect(page.getByText(L.sentBadge, { exact: true })).toBeVisible();
      expect(smtp.received.at(-1)?.mail.attachments[0]?.filename).toBe(`PONUDA-${number.replace('/', '-')}.pdf`);
      await phoneScreenshot(page, `${SHOTS}/quote-page-${language}-390.png`);
      await page.goto('/Quotes');
      await expect(page.getByRole('link', { name: number })).toBeVisible();
      await phoneScreenshot(page, `${SHOTS}/quote-list-${language}-390.png`);
      await page.getByRole('link', { name: number }).click();

      // Make invoice: a draft with the quote's line, which is then issued as any invoice
      await page.getByRole('button', { name: L.makeInvoice }).click();
      await expect(toast(page, L.made)).toBeVisible();
      await expect(page).toHaveURL(/\/Invoices\/\d+$/);
      const invoiceId = Number(/\/Invoices\/(\d+)$/.exec(page.url())?.[1]);
      const invoiceForm = page.getByRole('form').first();
      await expect(invoiceForm.getByRole('group', { name: /^(Stavka|Line) 1$/ })).toBeVisible();
      await phoneScreenshot(page, `${SHOTS}/quote-invoice-draft-${language}-390.png`);
      await invoiceForm.getByRole('button', { name: L.issue }).click();
      await expect(toast(page, L.issued)).toBeVisible({ timeout: 30_000 });

      // the quote says it was accepted and names the issued invoice
      const quote = await request.get(`/api/v1/quote/${quoteId}`, { headers });
      const body = (await quote.json()) as { data: { state: string; invoice: { id: number; number: string | null } } };
      expect(body.data.state).toBe('ACCEPTED');
      expect(body.data.invoice.id).toBe(invoiceId);
      expect(body.data.invoice.number).toMatch(/\/QUOT[12]\/1$/);
      await page.goto(`/Quotes/${quoteId}`);
      await expect(page.getByText(L.accepted, { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: new RegExp(body.data.invoice.number ?? '') })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/quote-accepted-${language}.png`, fullPage: true });
    } finally {
      await usePremises(page, request, 'POSL1').catch(() => undefined);
      await smtp.close();
    }
  });
}

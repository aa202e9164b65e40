import fs from 'node:fs';
import { type Locator, type Page, expect as baseExpect } from '@playwright/test';
import { contractDates, formatDate, monthOf, previousMonthOf, todayInZagreb, type ProposedDates } from '@faktura/shared';
import { apiData, authHeaders, chooseLanguage, createInvoiceThroughApi, demoItem, phoneScreenshot, signIn, test, usePremises } from './support';

/**
 * Issue 26, dated as the law dates it (decision 026), as a user meets it: the New invoice form shows
 * the date of issue as today, on issue (text, not a picker); a SOW contract proposes last month as
 * the period of supply and its last working day as the date of supply; the issued invoice's page
 * shows today with the time of issue and the period; Repeat of it proposes the month before today
 * again, and Repeat of a rent invoice proposes this month. In Croatian and English, on a laptop
 * (1366 × 768) and a phone (390 × 844). Expectations come from the shared `contractDates` for today.
 * The journey numbers at premises of its own and puts POSL1 back afterwards.
 */

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/shots';
const PREMISES = 'DATUM1';
const SOW_DAYS = 15;
const RENT_DAYS = 10;

const TEXT = {
  hr: {
    form: 'Račun',
    datesHeading: 'Klijent i datumi',
    client: 'Klijent',
    contract: 'Ugovor',
    sow: `Ugovor o djelu (SOW), ${SOW_DAYS} dana`,
    rent: `Najam (RENT), ${RENT_DAYS} dana`,
    issueDate: 'Datum izdavanja',
    issueToday: (today: string) => `danas, ${formatDate(today, 'hr')}, pri izdavanju`,
    /** A day as a picker shows it: as every date is written. */
    day: (iso: string) => formatDate(iso, 'hr'),
    supply: 'Datum isporuke',
    periodStart: 'Početak razdoblja isporuke',
    periodEnd: 'Kraj razdoblja isporuke',
    period: 'Razdoblje isporuke',
    due: 'Datum dospijeća',
    catalogue: 'Stavka iz kataloga',
    addItem: 'Dodaj stavku',
    issue: 'Izdaj račun',
    issued: /Uspjeh! Broj: \d+\/DATUM1\/1$/,
    repeating: 'Ponavljanje računa',
  },
  en: {
    form: 'Invoice',
    datesHeading: 'Client and dates',
    client: 'Client',
    contract: 'Contract',
    sow: `Statement of work (SOW), ${SOW_DAYS} days`,
    rent: `Rent (RENT), ${RENT_DAYS} days`,
    issueDate: 'Date of issue',
    issueToday: (today: string) => `today, ${formatDate(today, 'en')}, on issue`,
    day: (iso: string) => formatDate(iso, 'en'),
    supply: 'Date of supply',
    periodStart: 'Start of the period of supply',
    periodEnd: 'End of the period of supply',
    period: 'Period of supply',
    due: 'Payment due date',
    catalogue: 'Catalogue item',
    addItem: 'Add item',
    issue: 'Issue invoice',
    issued: /Success! Number: \d+\/DATUM1\/1$/,
    repeating: 'Repeating invoice',
  },
};
type Text = (typeof TEXT)['hr'];

const SIZES = {
  laptop: { width: 1366, height: 768 },
  phone: { width: 390, height: 844 },
};

/** Picks an option of a Mantine select by clicking, as a user does. */
async function pick(page: Page, input: Locator, option: string): Promise<void> {
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(input).toHaveValue(option);
}

/** The date of issue is today, on issue: a read-only text, and no picker of that name. */
async function expectIssuedToday(form: Locator, text: Text, today: string): Promise<void> {
  const issueDate = form.getByRole('textbox', { name: text.issueDate, exact: true });
  await expect(issueDate).toHaveValue(text.issueToday(today));
  await expect(issueDate).toHaveAttribute('readonly');
  await expect(form.getByRole('button', { name: text.issueDate })).toHaveCount(0);
}

/** The form's date of supply, period and due date are the proposal. */
async function expectProposal(form: Locator, text: Text, proposed: ProposedDates): Promise<void> {
  const period = proposed.servicePeriod;
  await expect(form.getByRole('button', { name: text.supply, exact: true })).toHaveText(text.day(proposed.deliveryDate));
  await expect(form.getByRole('button', { name: text.periodStart, exact: true })).toHaveText(period ? text.day(period.start) : '');
  await expect(form.getByRole('button', { name: text.periodEnd, exact: true })).toHaveText(period ? text.day(period.end) : '');
  await expect(form.getByRole('button', { name: text.due, exact: true })).toHaveText(text.day(proposed.paymentDueDate));
}

for (const language of ['hr', 'en'] as const) {
  for (const size of ['laptop', 'phone'] as const) {
    test(`dated the day it is issued (${language}, ${SIZES[size].width} px): SOW proposes last month's supply, the invoice shows today and the period, Repeat proposes again from today, rent this month`, async ({
      page,
      request,
    }) => {
      fs.mkdirSync(SHOTS, { recursive: true });
      const text = TEXT[language];
      await page.goto('/');
      await signIn(page);
      if (language === 'en') await chooseLanguage(page, 'EN');
      const headers = await authHeaders(page);
      try {
        await usePremises(page, request, PREMISES);
        await page.setViewportSize(SIZES[size]);
        const today = todayInZagreb();
        const sow = contractDates('SOW', SOW_DAYS, today);
        // what the shared rule proposes is what issue 26 asks for: the whole of last month, supplied in it
        const lastMonth = previousMonthOf(today);
        expect(sow.servicePeriod).toEqual(lastMonth);
        expect(sow.deliveryDate.slice(0, 7)).toBe(lastMonth.start.slice(0, 7));

        // New invoice: today on issue; the SOW contract proposes last month
        await page.goto('/Invoices/NewInvoice');
        const form = page.getByRole('form', { name: text.form });
        await expect(form).toBeVisible();
        await expectIssuedToday(form, text, today);
        await pick(page, form.getByRole('textbox', { name: text.client, exact: true }), 'Jadranski Softver d.o.o.');
        await pick(page, form.getByRole('textbox', { name: text.contract, exact: true }), text.sow);
        await expectProposal(form, text, sow);
        const catalogue = form.getByRole('textbox', { name: text.catalogue, exact: true });
        await catalogue.click();
        await page.getByRole('option', { name: language === 'hr' ? /^Savjetovanje/ : /^Consulting/ }).click();
        await form.getByRole('button', { name: text.addItem }).click();
        await expect(form.getByRole('group', { name: language === 'hr' ? 'Stavka 1' : 'Line 1' })).toBeVisible();
        // the form as a user sees it, at this width: the whole page, and its dates scrolled to the
        // top of the screen (a full-page shot paints the fixed header and action bar over the middle)
        const shot = `${SHOTS}/issue-dates-new-${language}-${size}.png`;
        if (size === 'phone') await phoneScreenshot(page, shot, SIZES.phone);
        else await page.screenshot({ path: shot, fullPage: true });
        await form.getByRole('heading', { name: text.datesHeading, exact: true }).evaluate((heading) => {
          heading.scrollIntoView({ block: 'start' });
          window.scrollBy(0, -80);
        });
        await page.screenshot({ path: `${SHOTS}/issue-dates-fields-${language}-${size}.png` });

        // issued: its page says today with the time of issue, last month's supply and period
        const created = page.waitForResponse(
          (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/v1/invoice',
        );
        await form.getByRole('button', { name: text.issue }).click();
        const answer = await created;
        expect(answer.status(), await answer.text()).toBe(201);
        const invoice = ((await answer.json()) as { data: { id: number; number: string } }).data;
        await expect(page.getByText(text.issued)).toBeVisible();
        await page.goto(`/Invoices/${invoice.id}`);
        const shown = (term: string) =>
          page.locator('dl > div').filter({ has: page.getByText(term, { exact: true }) }).locator('dd');
        const day = (iso: string) => formatDate(iso, language);
        // the day and time of issue as every moment is written: "27. 11. 2026. 08:15" / "27 Nov 2026, 08:15"
        const clock = language === 'hr' ? ' ' : ', ';
        await expect(shown(text.issueDate)).toHaveText(new RegExp(`^${day(today).replace(/\./g, '\\.')}${clock}\\d{2}:\\d{2}$`));
        await expect(shown(text.supply)).toHaveText(day(sow.deliveryDate));
        await expect(shown(text.period)).toHaveText(`${day(lastMonth.start)} – ${day(lastMonth.end)}`);
        const saved = await apiData<{ billingDate: string; issueTime: string | null }>(request, headers, `/api/v1/invoice/${invoice.id}`);
        expect(saved.billingDate).toBe(today);
        expect(saved.issueTime).toMatch(/^\d{2}:\d{2}/);

        // Repeat: issued today again, so the month before today is proposed again, not the invoice's own dates moved on
        await page.goto(`/Invoices/NewInvoice?from=${invoice.id}`);
        await expect(page.getByRole('region', { name: `${text.repeating} ${invoice.number}` })).toBeVisible();
        const again = page.getByRole('form', { name: text.form });
        await expect(again.getByRole('textbox', { name: text.contract, exact: true })).toHaveValue(text.sow);
        await expectIssuedToday(again, text, today);
        await expectProposal(again, text, contractDates('SOW', SOW_DAYS, today));

        // a rent invoice (a client of its own, so the rent filter of repeat.spec.ts keeps the demo's):
        // Repeat proposes this month as the period and the contract's day of it as the due date
        const stamp = `${Date.now().toString(36)}${language}${size}`;
        const renter = await request.post('/api/v1/company', {
          headers,
          data: {
            name: `Najam ${stamp} d.o.o.`,
            email: `najam-${stamp}@example.hr`,
            pin: null,
            contracts: [{ type: 'RENT', paymentDueDays: RENT_DAYS }],
            address: { address1: 'Korzo 1', city: 'Rijeka', zip: '51000', countryCode: 'HR' },
          },
        });
        expect(renter.status(), await renter.text()).toBe(201);
        const renterId = ((await renter.json()) as { data: { id: number } }).data.id;
        const rent = contractDates('RENT', RENT_DAYS, today);
        expect(rent.servicePeriod).toEqual(monthOf(today));
        expect(rent.paymentDueDate >= today).toBe(true);
        const item = await demoItem(request, headers, 'EUR');
        const rentInvoice = await createInvoiceThroughApi(request, headers, {
          clientId: renterId,
          contractType: 'RENT',
          contractDueDays: RENT_DAYS,
          deliveryDate: rent.deliveryDate,
          servicePeriod: rent.servicePeriod,
          paymentDueDate: rent.paymentDueDate,
          lineItems: [{ id: item.id, quantity: 1, description: item.nameHr, descriptionEn: item.nameEn, price: item.unitPrice, unit: item.unit, currency: item.currencyCode }],
        });
        await page.goto(`/Invoices/NewInvoice?from=${rentInvoice.id}`);
        await expect(page.getByRole('region', { name: `${text.repeating} ${rentInvoice.number}` })).toBeVisible();
        const rentForm = page.getByRole('form', { name: text.form });
        await expect(rentForm.getByRole('textbox', { name: text.contract, exact: true })).toHaveValue(text.rent);
        await expectIssuedToday(rentForm, text, today);
        await expectProposal(rentForm, text, rent);
        await expect(rentForm.getByRole('button', { name: text.periodStart, exact: true })).toHaveText(text.day(`${today.slice(0, 7)}-01`));
      } finally {
        await usePremises(page, request, 'POSL1').catch(() => undefined);
      }
    });
  }
}


import { addDays, contractDates } from '@faktura/shared';
import { describe, expect, it } from 'vitest';
import { type Harness, dataOf, errorsOf } from './harness';
import { daysAgo, invoiceBody, line, onDay, suppliedOn, today, useInvoiceWorld, type InvoiceWorld } from './invoiceFixtures';

/**
 * Decision 026: an invoice is dated the day it is issued (Fiscalization Act; the Tax
 * Administration's Q&A, eRačun question 25); the month of work is the date and period of supply.
 */
let h: Harness;
let token: string;
let w: InvoiceWorld;
useInvoiceWorld({ ready: (world) => ({ h, token, w } = world) });

interface Dated {
  state: string;
  invoiceNumber: string | null;
  billingDate: string | null;
  createDate: string | null;
  deliveryDate: string;
  servicePeriod: { start: string; end: string } | null;
  paymentDueDate: string;
  issueTime: string | null;
}
const get = async (id: number) => dataOf<Dated>(await h.request('GET', `/api/v1/invoice/${id}`, { token }));
const create = (body: unknown, lang = 'hr') => h.request('POST', '/api/v1/invoice', { token, body, headers: { 'accept-language': lang } });
const lastMonth = contractDates('SOW', 15, today);

describe('the date of issue is the day of issue', () => {
  it('refuses a back-dated invoice with its own code and a reason in both languages, storing nothing', async () => {
    const before = (await h.db.selectFrom('invoice').select('id').execute()).length;
    const body = invoiceBody(w.hr, [line(w.dev, 45)], { billingDate: lastMonth.deliveryDate });
    const hr = await create(body);
    expect(hr.statusCode).toBe(409);
    expect(errorsOf(hr)[0]).toMatchObject({ code: 'billingDateNotToday', field: 'billingDate' });
    expect(errorsOf(hr)[0]?.reason).toMatch(/nije današnji .*račun se datira danom kada se stvarno izdaje.*razdoblje isporuke/);
    const en = await create(body, 'en');
    expect(errorsOf(en)[0]?.reason).toMatch(/is not today .*dated the day it is really issued.*period of supply/);
    // a draft too, and a date in the future
    expect((await create({ ...body, draft: true })).statusCode).toBe(409);
    expect((await create({ ...body, billingDate: addDays(today, 1) })).statusCode).toBe(409);
    expect((await h.db.selectFrom('invoice').select('id').execute()).length).toBe(before);
  });

  it("takes today's date or none, and dates the invoice today with the time of issue", async () => {
    for (const body of [invoiceBody(w.hr, [line(w.dev, 45)]), invoiceBody(w.hr, [line(w.dev, 45)], { billingDate: today })]) {
      const res = await create(body);
      expect(res.statusCode).toBe(201);
      const invoice = await get(dataOf<{ id: number }>(res).id);
      expect(invoice).toMatchObject({ state: 'PUBLISHED', billingDate: today, createDate: today });
      expect(invoice.issueTime).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    }
  });

  it('a draft has no date of issue; issued days later it is dated that day, with the time', async () => {
    const saved = await onDay(daysAgo(3), () => create({ ...invoiceBody(w.hr, [line(w.dev, 45)], suppliedOn(daysAgo(3), 20)), draft: true }));
    expect(saved.statusCode).toBe(201);
    const { id } = dataOf<{ id: number }>(saved);
    expect(await get(id)).toMatchObject({ state: 'DRAFT', billingDate: null, createDate: null, issueTime: null, deliveryDate: daysAgo(3) });
    const issued = await h.request('POST', `/api/v1/invoice/${id}/issue`, { token });
    expect(issued.statusCode).toBe(200);
    const invoice = await get(id);
    expect(invoice).toMatchObject({ state: 'PUBLISHED', billingDate: today, deliveryDate: daysAgo(3) });
    expect(invoice.invoiceNumber).toMatch(new RegExp(`/POSL1/1$`));
    expect(invoice.issueTime).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  });

  it('a draft whose due date has passed by the time it is issued is refused, naming the field', async () => {
    const saved = await onDay(daysAgo(10), () => create({ ...invoiceBody(w.hr, [line(w.dev, 45)], suppliedOn(daysAgo(10), 2)), draft: true }));
    const { id } = dataOf<{ id: number }>(saved);
    const res = await h.request('POST', `/api/v1/invoice/${id}/issue`, { token, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([{ code: 'validation', field: 'paymentDueDate', reason: 'The payment due date cannot be before the date of issue' }]);
    expect(await get(id)).toMatchObject({ state: 'DRAFT', invoiceNumber: null });
  });

  it('a credit note is dated today; one dated otherwise is refused', async () => {
    const invoice = dataOf<{ id: number }>(await onDay(daysAgo(5), () => create(invoiceBody(w.hr, [line(w.dev, 45)], suppliedOn(daysAgo(6), 30)))));
    expect((await get(invoice.id)).billingDate).toBe(daysAgo(5));
    const refused = await h.request('POST', `/api/v1/invoice/${invoice.id}/credit-note`, { token, body: { reason: 'Storno', billingDate: daysAgo(5) } });
    expect(refused.statusCode).toBe(409);
    expect(errorsOf(refused)[0]).toMatchObject({ code: 'billingDateNotToday' });
    const note = await h.request('POST', `/api/v1/invoice/${invoice.id}/credit-note`, { token, body: { reason: 'Storno' } });
    expect(note.statusCode).toBe(201);
    // the note corrects the supply the invoice named
    expect(await get(dataOf<{ id: number }>(note).id)).toMatchObject({ billingDate: today, deliveryDate: daysAgo(6), paymentDueDate: today });
  });
});

describe('the date and period of supply carry the month of work', () => {
  it("round-trip: last month's period and its last working day, on an issued invoice and a draft", async () => {
    const res = await create(invoiceBody(w.hr, [line(w.dev, 45)]));
    const invoice = await get(dataOf<{ id: number }>(res).id);
    expect(invoice).toMatchObject({ billingDate: today, deliveryDate: lastMonth.deliveryDate, servicePeriod: lastMonth.servicePeriod });
    const draft = dataOf<{ id: number }>(await create({ ...invoiceBody(w.hr, [line(w.dev, 45)]), draft: true }));
    const period = { start: lastMonth.servicePeriod?.start ?? '', end: addDays(lastMonth.servicePeriod?.start ?? '', 9) };
    const edit = (servicePeriod: unknown) =>
      h.request('PUT', `/api/v1/invoice/${draft.id}`, { token, body: { paymentDueDate: lastMonth.paymentDueDate, lineItems: [line(w.dev, 45)], servicePeriod } });
    expect((await edit(period)).statusCode).toBe(200);
    expect((await get(draft.id)).servicePeriod).toEqual(period);
    expect((await edit(null)).statusCode).toBe(200);
    expect((await get(draft.id)).servicePeriod).toBeNull();
  });

  it('refuses a supply after today, a period upside down, and a period ending after today for SOW, in both languages', async () => {
    const tomorrow = addDays(today, 1);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ deliveryDate: tomorrow, servicePeriod: null }, 'deliveryDate', 'The date of supply cannot be after the date of issue (today)'],
      [{ servicePeriod: { start: today, end: daysAgo(1) } }, 'servicePeriod.end', 'The period of supply cannot end before it starts'],
      [{ servicePeriod: { start: tomorrow, end: addDays(today, 5) }, contractType: 'RENT', contractDueDays: 10 }, 'servicePeriod.start', 'The period of supply cannot start after the date of issue (today)'],
      [{ servicePeriod: { start: today, end: addDays(today, 5) } }, 'servicePeriod.end', 'The period of supply may end after the date of issue only for rent (the running month)'],
      [{ paymentDueDate: daysAgo(1) }, 'paymentDueDate', 'The payment due date cannot be before the date of issue'],
    ];
    for (const [extra, field, reason] of cases) {
      const res = await create(invoiceBody(w.hr, [line(w.dev, 45)], extra), 'en');
      expect(res.statusCode, field).toBe(400);
      expect(errorsOf(res)).toEqual([{ code: 'validation', field, reason }]);
    }
    const hr = await create(invoiceBody(w.hr, [line(w.dev, 45)], { deliveryDate: tomorrow, servicePeriod: null }));
    expect(errorsOf(hr)[0]?.reason).toBe('Datum isporuke ne smije biti nakon datuma izdavanja računa (danas)');
  });

  it("takes the running month's period for rent", async () => {
    const rent = contractDates('RENT', 10, today);
    const res = await create(invoiceBody(w.de, [line(w.rent, 800)], { contractType: 'RENT', contractDueDays: 10, ...rent }));
    expect(res.statusCode).toBe(201);
    expect(await get(dataOf<{ id: number }>(res).id)).toMatchObject({ billingDate: today, servicePeriod: rent.servicePeriod, deliveryDate: rent.deliveryDate });
  });
});

describe('numbers follow the year of issue', () => {
  it("December's work invoiced on 2 January is number 1 of the new year, whatever its supply", async () => {
    const year = Number(today.slice(0, 4)) - 1; // a past new year: the signed-in token is older than any future day
    const inDecember = () => create(invoiceBody(w.hr, [line(w.dev, 45)], suppliedOn(`${year - 1}-12-30`, 15)));
    await onDay(`${year - 1}-12-30`, inDecember);
    const december = await onDay(`${year - 1}-12-31`, inDecember);
    const january = await onDay(`${year}-01-02`, () =>
      create(invoiceBody(w.hr, [line(w.dev, 45)], { ...contractDates('SOW', 15, `${year}-01-02`) })),
    );
    expect(january.statusCode).toBe(201);
    const issued = await get(dataOf<{ id: number }>(january).id);
    expect(issued).toMatchObject({ billingDate: `${year}-01-02`, deliveryDate: `${year - 1}-12-31`, servicePeriod: { start: `${year - 1}-12-01`, end: `${year - 1}-12-31` } });
    expect(issued.invoiceNumber).toBe('1/POSL1/1');
    expect(dataOf<{ number: string }>(december).number).toBe('2/POSL1/1');
  });

  it('the New invoice screen proposes the next number of this year and no earliest date', async () => {
    const screen = dataOf<Record<string, unknown>>(await h.request('GET', '/screen/v1/invoice/new', { token }));
    expect(screen).not.toHaveProperty('earliestBillingDate');
    expect(screen.nextInvoiceNumber).toMatch(/^\d+\/POSL1\/1$/);
  });
});

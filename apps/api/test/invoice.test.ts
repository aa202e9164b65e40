import { describe, expect, it } from 'vitest';
import { type Harness, dataOf, errorsOf } from './harness';
import { daysAgo, invoiceBody, line, onDay, suppliedOn, today, useInvoiceWorld, type InvoiceWorld } from './invoiceFixtures';

let h: Harness;
let token: string;
let w: InvoiceWorld;
useInvoiceWorld({ ready: (world) => ({ h, token, w } = world) });

type Invoice = {
  id: number; invoiceNumber: string | null; state: string; subtotalCents: number; vatCents: number; totalCents: number; totalEurCents: number;
  vatTreatment: string; amountFormatted: string; currencyCode: string; eurFxRate: string | null; deletable: boolean; locked: boolean;
  lineItems: { productId: number | null; quantity: number; price: number; discountPercent: number; vatRate: number; lineTotalCents: number; description: string; descriptionEn: string | null; unit: string; currencyCode: string; kpdCode: string | null }[];
  vatGroups: { rate: number; baseCents: number; vatCents: number }[];
  paymentDueDate: string; extraInfo: string | null; referenceNumber: string | null; billingDate: string; deliveryDate: string; clientId: number; paymentDate: string | null;
};
const create = (body: unknown, lang?: string) => h.request('POST', '/api/v1/invoice', { token, body, ...(lang ? { lang } : {}) });
const get = async (id: number) => dataOf<Invoice>(await h.request('GET', `/api/v1/invoice/${id}`, { token }));

describe('issuing invoices', () => {
  it('issues with the next number and computes lines, VAT and total on the server', async () => {
    const res = await create(invoiceBody(w.hr, [line(w.dev, 45, 10.5, { discountPercent: 10 }), line(w.rent, 800, 1, { vatRate: 13 })]));
    expect(res.statusCode).toBe(201);
    const { id, number } = dataOf<{ id: number; number: string }>(res);
    expect(number).toBe('1/POSL1/1');
    const invoice = await get(id);
    // 45 × 10.5 × 0.9 = 425.25 at 25 %, 800 at 13 %
    expect(invoice).toMatchObject({
      state: 'PUBLISHED', invoiceNumber: '1/POSL1/1', vatTreatment: 'DOMESTIC', currencyCode: 'EUR', eurFxRate: null,
      subtotalCents: 122525, vatCents: 10631 + 10400, totalCents: 122525 + 21031, locked: true,
    });
    expect(invoice.vatGroups).toEqual([{ rate: 25, baseCents: 42525, vatCents: 10631 }, { rate: 13, baseCents: 80000, vatCents: 10400 }]);
    expect(invoice.lineItems.map((l) => l.lineTotalCents)).toEqual([42525, 80000]);
    expect(invoice.amountFormatted).toBe('1.435,56\u00a0€');
  });

  it('saves a draft without a number and issues it later with the next one', async () => {
    const draft = dataOf<{ id: number; number: string | null }>(await create({ ...invoiceBody(w.hr, [line(w.dev, 45)]), draft: true }));
    expect(draft.number).toBeNull();
    expect(await get(draft.id)).toMatchObject({ state: 'DRAFT', invoiceNumber: null, locked: false, deletable: true });
    const other = dataOf<{ number: string }>(await create(invoiceBody(w.hr, [line(w.dev, 45)])));
    const issued = await h.request('POST', `/api/v1/invoice/${draft.id}/issue`, { token });
    expect(issued.statusCode).toBe(200);
    const seqOther = Number(other.number.split('/')[0]);
    expect(dataOf<{ number: string }>(issued).number).toBe(`${seqOther + 1}/POSL1/1`);
    expect((await h.request('POST', `/api/v1/invoice/${draft.id}/issue`, { token })).statusCode).toBe(409);
  });

  it('refuses what spec §5 forbids, storing nothing', async () => {
    const before = dataOf<unknown[]>(await h.request('GET', '/api/v1/invoice', { token })).length;
    const cases: [unknown, string, string][] = [
      [invoiceBody(w.hr, []), 'lineItems', 'At least 1 item required'],
      [invoiceBody(w.hr, [line(w.dev, 45), line(w.dev, 50)]), 'lineItems.1.id', 'Only unique items can be added'],
      [invoiceBody(w.hr, [line(w.dev, 45), line(w.usd, 1200, 1, { currency: 'USD' })]), 'lineItems', 'All lines of an invoice must be in one currency'],
      [invoiceBody(w.hr, [line(w.dev, 45)], { deliveryDate: '2999-01-01' }), 'deliveryDate', 'The date of supply cannot be after the date of issue (today)'],
      [invoiceBody(w.hr, [line(w.dev, 45)], { paymentDueDate: daysAgo(3) }), 'paymentDueDate', 'The payment due date cannot be before the date of issue'],
      [invoiceBody(w.hr, [line(w.dev, 45, 1, { discountPercent: 100 })]), 'lineItems.0.discountPercent', 'Maximum supported value exceeded (99.99)'],
      [invoiceBody(w.hr, [line(w.dev, 45, 1, { currency: 'HRK' })]), 'referenceNumber', 'A reference number is required for invoices in HRK'],
      [invoiceBody(w.hr, [line(w.dev, 45)], { referenceModel: 'HR01', referenceNumber: '12344' }), 'referenceNumber', 'The HR01 reference number has a wrong control digit'],
      [invoiceBody(w.hr, [line(w.dev, 45, 0)]), 'lineItems.0.quantity', 'The value must be greater than 0'],
      [invoiceBody(w.hr, [line(w.dev, 45)], { clientId: undefined }), 'clientId', 'This field is required'],
      [invoiceBody(999999, [line(w.dev, 45)]), 'clientId', 'The client does not exist'],
      [invoiceBody(w.us, [line(w.usd, 1200, 1, { currency: 'USD' })]), 'eurFxRate', 'Enter the euro exchange rate for an invoice in a foreign currency'],
    ];
    for (const [body, field, reason] of cases) {
      const res = await create(body, 'en');
      expect(res.statusCode, field).toBe(400);
      expect(errorsOf(res)).toContainEqual({ reason, code: 'validation', field });
    }
    expect(dataOf<unknown[]>(await h.request('GET', '/api/v1/invoice', { token }))).toHaveLength(before);
  });
});

describe('numbers in refusals (issue 31)', () => {
  it("writes every number of a validation or refusal reason as the reader's language writes numbers", async () => {
    const discount = invoiceBody(w.hr, [line(w.dev, 45, 1, { discountPercent: 100 })]);
    expect(errorsOf(await create(discount, 'hr'))).toContainEqual({ reason: 'Vrijednost smije biti najviše 99,99', code: 'validation', field: 'lineItems.0.discountPercent' });
    expect(errorsOf(await create(discount, 'en'))).toContainEqual({ reason: 'Maximum supported value exceeded (99.99)', code: 'validation', field: 'lineItems.0.discountPercent' });
    // a refusal a service words itself: the plausible range of a dollar rate
    const rate = invoiceBody(w.us, [line(w.usd, 1200, 1, { currency: 'USD' })], { eurFxRate: '0.0001' });
    const hr = errorsOf(await create(rate, 'hr')).find((e) => e.field === 'eurFxRate');
    expect(hr?.reason).toContain('između 0,5 i 2 USD');
    const en = errorsOf(await create(rate, 'en')).find((e) => e.field === 'eurFxRate');
    expect(en?.reason).toContain('0.5');
    expect(en?.reason).not.toContain('0,5');
  });
});

describe('VAT and currency', () => {
  it('reverse-charges an EU business and leaves a client outside the EU without Croatian VAT', async () => {
    const de = await get(dataOf<{ id: number }>(await create(invoiceBody(w.de, [line(w.dev, 100)]))).id);
    expect(de).toMatchObject({ vatTreatment: 'REVERSE_CHARGE', vatCents: 0, totalCents: 10000 });
    const us = await get(
      dataOf<{ id: number }>(await create(invoiceBody(w.us, [line(w.usd, 1200, 1, { currency: 'USD' })], { eurFxRate: '1.0825' }))).id,
    );
    expect(us).toMatchObject({ vatTreatment: 'OUTSIDE_EU', vatCents: 0, currencyCode: 'USD', eurFxRate: '1.0825', totalCents: 120000, totalEurCents: 110855 });
  });

  it('refuses an exchange rate no dollar ever had, with the range in the field error, and stores nothing', async () => {
    const before = (await h.request('GET', '/api/v1/invoice/list', { token })).json<{ page: { total: number } }>().page.total;
    for (const rate of ['0.000001', '25']) {
      const res = await h.request('POST', '/api/v1/invoice', {
        token,
        lang: 'en',
        body: invoiceBody(w.us, [line(w.usd, 100, 1, { currency: 'USD' })], { eurFxRate: rate }),
      });
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)[0]).toMatchObject({ field: 'eurFxRate', code: 'validation' });
      expect(errorsOf(res)[0]?.reason).toContain('between 0.5 and 2 USD per 1 EUR');
    }
    expect((await h.request('GET', '/api/v1/invoice/list', { token })).json<{ page: { total: number } }>().page.total).toBe(before);
  });

  it('lets the operator override the treatment, and fixes HRK at 7.53450', async () => {
    const overridden = await get(dataOf<{ id: number }>(await create(invoiceBody(w.de, [line(w.dev, 100)], { vatTreatment: 'DOMESTIC' }))).id);
    expect(overridden).toMatchObject({ vatTreatment: 'DOMESTIC', vatCents: 2500 });
    const hrk = await get(
      dataOf<{ id: number }>(
        await create(invoiceBody(w.hr, [line(w.dev, 753.45, 1, { currency: 'HRK' })], { referenceNumber: '12343', referenceModel: 'HR01' })),
      ).id,
    );
    expect(hrk).toMatchObject({ currencyCode: 'HRK', eurFxRate: '7.53450', subtotalCents: 75345, totalEurCents: 12500 });
  });
});

describe('editing', () => {
  it('keeps an issued invoice’s lines and dates but lets due date, internal number and reference change', async () => {
    const { id } = dataOf<{ id: number }>(await create(invoiceBody(w.hr, [line(w.dev, 45, 2)])));
    const invoice = await get(id);
    const lines = invoice.lineItems.map((l) => ({ id: l.productId, quantity: l.quantity, description: l.description, descriptionEn: l.descriptionEn, price: l.price, unit: l.unit, currency: l.currencyCode, discountPercent: l.discountPercent, vatRate: l.vatRate }));
    const ok = await h.request('PUT', `/api/v1/invoice/${id}`, {
      token, body: { paymentDueDate: today, referenceNumber: '7-2026', extraInfo: 'INT-7', lineItems: lines },
    });
    expect(ok.statusCode).toBe(200);
    expect(dataOf<{ number: string }>(ok).number).toBe(invoice.invoiceNumber);
    expect(await get(id)).toMatchObject({ paymentDueDate: today, referenceNumber: '7-2026', extraInfo: 'INT-7', totalCents: invoice.totalCents });

    const changed = await h.request('PUT', `/api/v1/invoice/${id}`, {
      token, lang: 'en', body: { paymentDueDate: today, referenceNumber: null, extraInfo: null, lineItems: [{ ...lines[0], quantity: 3 }] },
    });
    expect(changed.statusCode).toBe(409);
    expect(errorsOf(changed)[0]?.code).toBe('invoiceLocked');
    const moved = await h.request('PUT', `/api/v1/invoice/${id}`, { token, body: { paymentDueDate: today, lineItems: lines, billingDate: daysAgo(5) } });
    expect(moved.statusCode).toBe(409);
    expect(await get(id)).toMatchObject({ totalCents: invoice.totalCents, billingDate: invoice.billingDate, extraInfo: 'INT-7' });
  });

  it('lets a draft change everything, checked like a new invoice', async () => {
    const { id } = dataOf<{ id: number }>(await create({ ...invoiceBody(w.hr, [line(w.dev, 45)]), draft: true }));
    const res = await h.request('PUT', `/api/v1/invoice/${id}`, {
      token, body: { paymentDueDate: today, clientId: w.de, deliveryDate: daysAgo(1), servicePeriod: null, lineItems: [line(w.rent, 800, 2)] },
    });
    expect(res.statusCode).toBe(200);
    // a draft has no date of issue (decision 026): one other than today is refused
    expect(await get(id)).toMatchObject({ clientId: w.de, vatTreatment: 'DOMESTIC', subtotalCents: 160000, billingDate: null, deliveryDate: daysAgo(1) });
    const dated = await h.request('PUT', `/api/v1/invoice/${id}`, { token, body: { paymentDueDate: today, billingDate: daysAgo(1), lineItems: [line(w.rent, 800, 2)] } });
    expect(dated.statusCode).toBe(409);
    expect(errorsOf(dated)[0]?.code).toBe('billingDateNotToday');
    const bad = await h.request('PUT', `/api/v1/invoice/${id}`, { token, lang: 'en', body: { paymentDueDate: daysAgo(5), lineItems: [line(w.rent, 800, 2)] } });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)[0]).toMatchObject({ field: 'paymentDueDate', code: 'validation' });
  });
});

describe('payment state', () => {
  it('clears on a payment date, refuses a future one, and can be undone', async () => {
    const { id } = dataOf<{ id: number }>(await onDay(daysAgo(2), () => create(invoiceBody(w.hr, [line(w.dev, 45)], suppliedOn(daysAgo(2), 10)))));
    const future = await h.request('POST', `/api/v1/invoice/${id}/clear`, { token, body: { paymentDate: '2999-01-01' } });
    expect(future.statusCode).toBe(400);
    const cleared = await h.request('POST', `/api/v1/invoice/${id}/clear`, { token, body: { paymentDate: daysAgo(1) } });
    expect(dataOf(cleared)).toMatchObject({ state: 'CLEARED' });
    expect((await get(id)).paymentDate).toBe(daysAgo(1));
    expect((await h.request('POST', `/api/v1/invoice/${id}/clear`, { token })).statusCode).toBe(409);
    expect(dataOf(await h.request('POST', `/api/v1/invoice/${id}/unclear`, { token }))).toMatchObject({ state: 'PUBLISHED' });
    const draft = dataOf<{ id: number }>(await create({ ...invoiceBody(w.hr, [line(w.dev, 45)]), draft: true }));
    expect((await h.request('POST', `/api/v1/invoice/${draft.id}/clear`, { token })).statusCode).toBe(409);
  });
});

describe('deleting', () => {
  it('deletes drafts and the newest issued invoice (its number is reused), refuses the rest with a reason', async () => {
    const older = dataOf<{ id: number; number: string }>(await create(invoiceBody(w.hr, [line(w.dev, 45)])));
    const newest = dataOf<{ id: number; number: string }>(await create(invoiceBody(w.hr, [line(w.dev, 45)])));
    expect((await get(older.id)).deletable).toBe(false);
    expect((await get(newest.id)).deletable).toBe(true);

    const refused = await h.request('DELETE', `/api/v1/invoice/${older.id}`, { token, lang: 'en' });
    expect(refused.statusCode).toBe(409);
    expect(errorsOf(refused)[0]?.reason).toBe(
      `An issued invoice can be deleted only while it is the newest of its sequence (${older.number} is not), or the numbering would have a gap`,
    );
    expect((await h.request('DELETE', `/api/v1/invoice/${newest.id}`, { token })).statusCode).toBe(200);
    const again = dataOf<{ number: string }>(await create(invoiceBody(w.hr, [line(w.dev, 45)])));
    expect(again.number).toBe(newest.number);

    const cleared = dataOf<{ id: number }>(await create(invoiceBody(w.hr, [line(w.dev, 45)])));
    await h.request('POST', `/api/v1/invoice/${cleared.id}/clear`, { token });
    const res = await h.request('DELETE', `/api/v1/invoice/${cleared.id}`, { token, lang: 'en' });
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res)[0]?.reason).toBe('A cleared invoice cannot be deleted');
    expect((await h.request('GET', `/api/v1/invoice/${cleared.id}`, { token })).statusCode).toBe(200);
  });
});

describe('lines whose catalogue item was deleted', () => {
  it('keep their name and price and still round-trip through an edit', async () => {
    const item = dataOf<{ id: number }>(
      await h.request('POST', '/api/v1/lineItem', { token, body: { nameHr: 'Privremena usluga', unitPrice: 70, currency: 'EUR', unit: 'SINGLE', kpdCode: '62.20.30' } }),
    );
    const { id } = dataOf<{ id: number }>(await create(invoiceBody(w.hr, [line(item.id, 70, 1, { description: 'Privremena usluga' }), line(w.dev, 45)])));
    await h.request('DELETE', `/api/v1/lineItem/${item.id}`, { token });
    const invoice = await get(id);
    expect(invoice.lineItems.map((l) => [l.productId, l.description])).toEqual([[null, 'Privremena usluga'], [w.dev, 'Stavka ' + String(w.dev)]]);
    const lines = invoice.lineItems.map((l) => ({ id: l.productId, quantity: l.quantity, description: l.description, descriptionEn: l.descriptionEn, price: l.price, unit: l.unit, currency: l.currencyCode, discountPercent: l.discountPercent, vatRate: l.vatRate }));
    const res = await h.request('PUT', `/api/v1/invoice/${id}`, { token, body: { paymentDueDate: invoice.paymentDueDate, referenceNumber: null, extraInfo: 'ok', lineItems: lines } });
    expect(res.statusCode).toBe(200);
    expect((await get(id)).extraInfo).toBe('ok');
    expect((await get(id)).lineItems[0]?.kpdCode).toBe('62.20.30');
  });

  it('need a KPD 2025 code to be issued to a Croatian business, which gets an e-invoice, and say which line lacks it', async () => {
    const bare = { id: null, quantity: 1, description: 'Usluga bez šifre', descriptionEn: null, price: 10, unit: 'SINGLE', currency: 'EUR', discountPercent: 0 };
    const before = (await h.request('GET', '/api/v1/invoice/list', { token })).json<{ page: { total: number } }>().page.total;
    const refused = await create(invoiceBody(w.hr, [line(w.dev, 45), bare]));
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused)[0]).toMatchObject({ field: 'lineItems.1.kpdCode', code: 'validation' });
    expect(errorsOf(refused)[0]?.reason).toContain('Usluga bez šifre');
    expect((await h.request('GET', '/api/v1/invoice/list', { token })).json<{ page: { total: number } }>().page.total).toBe(before);
    // with its own code the line is fine; a foreign client gets no Croatian e-invoice, so no code is needed
    expect((await create(invoiceBody(w.hr, [{ ...bare, kpdCode: '62.20.30' }]))).statusCode).toBe(201);
    expect((await create(invoiceBody(w.de, [bare]))).statusCode).toBe(201);
    // a draft may be saved without one
    expect((await create(invoiceBody(w.hr, [bare], { draft: true }))).statusCode).toBe(201);
  });
});

import { type Invoice, type Quote, type QuoteListRow, addDays, computeTotals, lineFromWire } from '@faktura/shared';
import { describe, expect, it } from 'vitest';
import { type Harness, dataOf, errorsOf } from './harness';
import { type InvoiceWorld, daysAgo, invoiceBody, line, today, useInvoiceWorld } from './invoiceFixtures';
import { pdfText } from './pdfText';

let h: Harness;
let token: string;
let w: InvoiceWorld;
const world = useInvoiceWorld({ email: true, ready: (ready) => ({ h, token, w } = ready) });

const year = Number(today.slice(0, 4));
const quoteBody = (clientId: number, lines: unknown[], extra: Record<string, unknown> = {}) => ({
  clientId, quoteDate: today, validUntil: addDays(today, 15), paymentDueDays: 10, lineItems: lines, ...extra,
});
const create = async (body: unknown, headers?: Record<string, string>) => {
  const res = await h.request('POST', '/api/v1/quote', { token, body, ...(headers ? { headers } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return dataOf<{ id: number; number: string }>(res);
};
const get = async (id: number) => dataOf<Quote>(await h.request('GET', `/api/v1/quote/${id}`, { token }));
const list = async (query = '') => dataOf<QuoteListRow[]>(await h.request('GET', `/api/v1/quote${query}`, { token }));
const mark = (id: number, state: string, lang?: string) =>
  h.request('POST', `/api/v1/quote/${id}/state`, { token, body: { state }, ...(lang ? { lang } : {}) });
const convert = (id: number, body: unknown = { to: 'INVOICE' }, lang?: string) =>
  h.request('POST', `/api/v1/quote/${id}/convert`, { token, body, ...(lang ? { lang } : {}) });
const pdf = async (id: number, lang = 'hr') => {
  const res = await h.request('GET', `/api/v1/quote/${id}/pdf`, { token, lang });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return pdfText(res.rawPayload);
};
const audit = async (action: string) =>
  (await h.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('seq').execute()).map((row) => ({
    invoiceId: row.invoice_id,
    details: JSON.parse(row.details) as Record<string, unknown>,
  }));

/** 10 h of development at 45 € (25 %) and one month of rent at 800 € (13 %). */
const twoLines = () => [line(w.dev, 45, 10), line(w.rent, 800, 1, { unit: 'SINGLE', vatRate: 13 })];

describe('quotes: their own documents and numbers', () => {
  it('numbers quotes P-n/year in a sequence of their own, prices them as invoices and lists them by status and search', async () => {
    const invoicesBefore = await h.db.selectFrom('invoice').select(['id']).execute();
    const first = await create(quoteBody(w.hr, twoLines()));
    const second = await create(quoteBody(w.de, [line(w.dev, 100, 2)]));
    expect(first.number).toMatch(new RegExp(`^P-\\d+/${year}$`));
    const seq = (n: string) => Number(n.slice(2).split('/')[0]);
    expect(seq(second.number)).toBe(seq(first.number) + 1);
    // no invoice was written, and the invoice numbers are not touched
    expect(await h.db.selectFrom('invoice').select(['id']).execute()).toEqual(invoicesBefore);

    const quote = await get(first.id);
    const totals = computeTotals(twoLines().map((l) => lineFromWire(l as never, 'DOMESTIC')));
    expect(quote).toMatchObject({
      number: first.number, state: 'DRAFT', status: 'DRAFT', clientId: w.hr, currencyCode: 'EUR', vatTreatment: 'DOMESTIC',
      subtotalCents: 125_000, totalCents: totals.totalCents, editable: true, invoice: null, documentLanguage: 'hr',
    });
    expect(quote.lineItems.map((l) => [l.description, l.quantity, l.price, l.vatRate])).toEqual([
      [`Stavka ${w.dev}`, 10, 45, 25],
      [`Stavka ${w.rent}`, 1, 800, 13],
    ]);
    // the German business: reverse charge, as its invoice would be
    expect((await get(second.id)).vatTreatment).toBe('REVERSE_CHARGE');

    const all = await list();
    expect(all.slice(0, 2).map((r) => r.number)).toEqual([second.number, first.number]);
    expect((await list(`?q=${encodeURIComponent(first.number)}`)).map((r) => r.id)).toEqual([first.id]);
    const german = (await h.request('GET', `/api/v1/company/${w.de}`, { token })).json<{ data: { name: string } }>().data.name;
    expect((await list(`?q=${encodeURIComponent(german.toUpperCase().slice(0, 6))}`)).map((r) => r.id)).toContain(second.id);
  });

  it('reads EXPIRED from "valid until" and Zagreb today, and filters by it', async () => {
    const old = await create(quoteBody(w.hr, [line(w.dev, 45)], { quoteDate: daysAgo(30), validUntil: daysAgo(1) }));
    const lastDay = await create(quoteBody(w.hr, [line(w.dev, 45)], { quoteDate: daysAgo(30), validUntil: today }));
    expect((await get(old.id)).status).toBe('EXPIRED');
    expect((await get(lastDay.id)).status).toBe('DRAFT');
    const expired = (await list('?status=EXPIRED')).map((r) => r.id);
    expect(expired).toContain(old.id);
    expect(expired).not.toContain(lastDay.id);
    expect((await list('?status=DRAFT')).map((r) => r.id)).not.toContain(old.id);
    // still its stored state: a quote that expired may still be accepted
    expect((await get(old.id)).state).toBe('DRAFT');
  });

  it('refuses bad input in the reader\'s language and changes nothing', async () => {
    const before = await list();
    const backwards = await h.request('POST', '/api/v1/quote', { token, lang: 'en', body: quoteBody(w.hr, [line(w.dev, 45)], { validUntil: daysAgo(1) }) });
    expect(backwards.statusCode).toBe(400);
    expect(errorsOf(backwards)).toEqual([expect.objectContaining({ field: 'validUntil', reason: 'A quote cannot be valid until a day before its date' })]);
    const noLines = await h.request('POST', '/api/v1/quote', { token, body: quoteBody(w.hr, []) });
    expect(noLines.statusCode).toBe(400);
    const noClient = await h.request('POST', '/api/v1/quote', { token, body: quoteBody(999_999, [line(w.dev, 45)]) });
    expect(noClient.statusCode).toBe(400);
    const missing = await h.request('GET', '/api/v1/quote/999999', { token, lang: 'en' });
    expect(missing.statusCode).toBe(404);
    expect(errorsOf(missing)[0]).toMatchObject({ code: 'quoteNotFound', reason: 'The quote does not exist' });
    expect(await list()).toEqual(before);
  });

  it('edits and deletes only a draft, audits each, and gives the newest number back', async () => {
    const q = await create(quoteBody(w.hr, [line(w.dev, 45)]));
    const put = await h.request('PUT', `/api/v1/quote/${q.id}`, { token, body: quoteBody(w.hr, [line(w.dev, 50, 2)], { note: 'Cijena uključuje dolazak' }) });
    expect(put.statusCode, put.body).toBe(200);
    expect(dataOf<Quote>(put)).toMatchObject({ subtotalCents: 10_000, note: 'Cijena uključuje dolazak' });
    expect((await audit('quote.updated')).at(-1)?.details).toMatchObject({ quoteId: q.id, changes: { total_cents: { from: 5625, to: 12_500 } } });

    const sent = await mark(q.id, 'SENT');
    expect(dataOf<Quote>(sent)).toMatchObject({ state: 'SENT', editable: false });
    const edit = await h.request('PUT', `/api/v1/quote/${q.id}`, { token, lang: 'en', body: quoteBody(w.hr, [line(w.dev, 1)]) });
    expect(edit.statusCode).toBe(409);
    expect(errorsOf(edit)[0]?.code).toBe('quoteNotEditable');
    expect(errorsOf(edit)[0]?.reason).toContain(`Quote ${q.number} is no longer a draft`);
    const remove = await h.request('DELETE', `/api/v1/quote/${q.id}`, { token, lang: 'hr' });
    expect(remove.statusCode).toBe(409);
    expect(errorsOf(remove)[0]?.reason).toContain(`Ponuda ${q.number} više nije skica`);
    expect((await get(q.id)).subtotalCents).toBe(10_000);

    const draft = await create(quoteBody(w.hr, [line(w.dev, 45)]));
    const deleted = await h.request('DELETE', `/api/v1/quote/${draft.id}`, { token });
    expect(deleted.statusCode).toBe(200);
    expect((await h.request('GET', `/api/v1/quote/${draft.id}`, { token })).statusCode).toBe(404);
    expect((await audit('quote.deleted')).at(-1)?.details).toMatchObject({ quoteId: draft.id, number: draft.number });
    // the deleted one was the newest: the next quote takes its number
    expect((await create(quoteBody(w.hr, [line(w.dev, 45)]))).number).toBe(draft.number);
  });

  it('moves DRAFT → SENT → ACCEPTED or DECLINED and refuses the rest', async () => {
    const q = await create(quoteBody(w.hr, [line(w.dev, 45)]));
    expect((await mark(q.id, 'SENT')).statusCode).toBe(200);
    const again = await mark(q.id, 'SENT', 'en');
    expect(again.statusCode).toBe(409);
    expect(errorsOf(again)[0]).toMatchObject({ code: 'quoteStateChange' });
    expect(dataOf<Quote>(await mark(q.id, 'DECLINED'))).toMatchObject({ state: 'DECLINED', status: 'DECLINED' });
    expect((await mark(q.id, 'ACCEPTED')).statusCode).toBe(409);
    const declined = await convert(q.id, { to: 'INVOICE' }, 'en');
    expect(declined.statusCode).toBe(409);
    expect(errorsOf(declined)[0]).toMatchObject({ code: 'quoteDeclined', reason: `Quote ${q.number} was declined: no invoice is made from it` });
    expect((await audit('quote.declined')).at(-1)?.details).toMatchObject({ quoteId: q.id });
    const bad = await h.request('POST', `/api/v1/quote/${q.id}/convert`, { token, body: { to: 'ADVANCE' } });
    expect(bad.statusCode).toBe(400);
  });

  it('makes an invoice draft dated today with the quote\'s lines, marks it accepted, links both ways, and refuses a second one unless confirmed', async () => {
    const q = await create(quoteBody(w.de, twoLines(), { paymentDueDays: 10 }));
    const quote = await get(q.id);
    const made = await convert(q.id);
    expect(made.statusCode, made.body).toBe(201);
    const { invoiceId } = dataOf<{ invoiceId: number }>(made);
    const invoice = dataOf<Invoice>(await h.request('GET', `/api/v1/invoice/${invoiceId}`, { token }));
    expect(invoice).toMatchObject({
      state: 'DRAFT', clientId: w.de, deliveryDate: today, paymentDueDate: addDays(today, 10), vatTreatment: quote.vatTreatment,
      currencyCode: 'EUR', subtotalCents: quote.subtotalCents, vatCents: quote.vatCents, totalCents: quote.totalCents,
    });
    const strip = (l: { description: string; quantity: number; price: number; unit: string; discountPercent: number; vatRate: number; lineTotalCents: number; kpdCode: string | null }) =>
      [l.description, l.quantity, l.price, l.unit, l.discountPercent, l.vatRate, l.lineTotalCents, l.kpdCode];
    expect(invoice.lineItems.map(strip)).toEqual(quote.lineItems.map(strip));

    const after = await get(q.id);
    expect(after).toMatchObject({ state: 'ACCEPTED', invoice: { id: invoiceId, number: null } });
    // the invoice's History names the quote it was made from
    const history = dataOf<{ action: string; details: { number: string } }[]>(await h.request('GET', `/api/v1/audit?invoiceId=${invoiceId}`, { token }));
    expect(history.map((entry) => [entry.action, entry.details.number])).toEqual([['quote.converted', q.number]]);

    const twice = await convert(q.id, { to: 'INVOICE' }, 'en');
    expect(twice.statusCode).toBe(409);
    expect(errorsOf(twice)[0]).toMatchObject({ code: 'quoteAlreadyConverted', reason: `Quote ${q.number} has already been made into an invoice (a draft): confirm to make another invoice` });
    const confirmed = await convert(q.id, { to: 'INVOICE', again: true });
    expect(confirmed.statusCode).toBe(201);
    expect((await get(q.id)).invoice?.id).toBe(dataOf<{ invoiceId: number }>(confirmed).invoiceId);

    // issued, the invoice is an ordinary one, numbered in the invoices' own sequence
    const issued = await h.request('POST', `/api/v1/invoice/${invoiceId}/issue`, { token });
    expect(issued.statusCode, issued.body).toBe(200);
    const number = dataOf<{ number: string }>(issued).number;
    expect(number).not.toMatch(/^P-/);
  });

  it('answers a retried conversion with the same invoice (Idempotency-Key), making one invoice', async () => {
    const q = await create(quoteBody(w.hr, [line(w.dev, 45)]));
    const headers = { 'idempotency-key': `convert-${q.id}` };
    const first = await h.request('POST', `/api/v1/quote/${q.id}/convert`, { token, body: { to: 'INVOICE' }, headers });
    const retry = await h.request('POST', `/api/v1/quote/${q.id}/convert`, { token, body: { to: 'INVOICE' }, headers });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(dataOf(retry)).toEqual(dataOf(first));
    const created = await h.request('POST', '/api/v1/quote', { token, body: quoteBody(w.hr, [line(w.dev, 45)]), headers: { 'idempotency-key': `create-${q.id}` } });
    const createdAgain = await h.request('POST', '/api/v1/quote', { token, body: quoteBody(w.hr, [line(w.dev, 45)]), headers: { 'idempotency-key': `create-${q.id}` } });
    expect(dataOf(createdAgain)).toEqual(dataOf(created));
    expect((await list()).filter((r) => r.number === dataOf<{ number: string }>(created).number)).toHaveLength(1);
  });

  it('never enters invoice lists, totals, the dashboard, the payment report, the KPR, the export or the outboxes', async () => {
    // an issued invoice so that every figure has something in it
    const issued = await h.request('POST', '/api/v1/invoice', { token, body: invoiceBody(w.hr, [line(w.dev, 45, 2)]) });
    expect(issued.statusCode).toBe(201);
    const month = today.slice(0, 7);
    const reads = [
      '/api/v1/invoice/list?pageSize=200', `/api/v1/dashboard?year=${year}`, `/api/v1/reports/payments?month=${month}`,
      `/api/v1/reports/kpr?year=${year}`, `/api/v1/reports/posd?year=${year}`, '/api/v1/invoice',
      `/api/v1/export?from=${year}-01-01&to=${year}-12-31&format=csv`,
    ];
    const read = () => Promise.all(reads.map(async (url) => (await h.request('GET', url, { token })).body));
    const outboxes = () =>
      Promise.all([
        h.db.selectFrom('fiscal_document').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        h.db.selectFrom('delivery_document').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        h.db.selectFrom('invoice_month_total').selectAll().orderBy('year').orderBy('month').orderBy('state').execute(),
      ]);
    const before = await read();
    const outBefore = await outboxes();
    const q = await create(quoteBody(w.hr, [line(w.dev, 5000, 3)]));
    await mark(q.id, 'SENT');
    await mark(q.id, 'ACCEPTED');
    await create(quoteBody(w.us, [line(w.usd, 1082.5, 1, { currency: 'USD' })], { eurFxRate: '1.0825' }));
    expect(await read()).toEqual(before);
    expect(await outboxes()).toEqual(outBefore);
  });
});

describe('the quote PDF', () => {
  it('is headed PONUDA, prints the lines, totals and valid until, and says it is not a fiscalized invoice next to the IBAN', async () => {
    const q = await create(quoteBody(w.hr, twoLines(), { validUntil: addDays(today, 20) }));
    const text = await pdf(q.id);
    expect(text).toContain('PONUDA');
    expect(text).toContain(q.number);
    expect(text).toContain('Vrijedi do');
    expect(text).toContain(`Stavka ${w.dev}`);
    expect(text).toMatch(/IBAN\s+HR\d+/);
    expect(text).toContain('OVO NIJE FISKALIZIRANI RAČUN');
    expect(text).not.toMatch(/Poziv na broj/);
    const total = (await get(q.id)).totalCents;
    expect(text.replace(/\s+/g, ' ')).toContain(`${(total / 100).toLocaleString('hr-HR', { minimumFractionDigits: 2 })}`);
  });

  it('in English for a foreign client keeps the Croatian sentence and adds its English', async () => {
    const q = await create(quoteBody(w.de, [line(w.dev, 100, 2)]));
    const text = await pdf(q.id, 'en');
    expect(text).toContain('QUOTE');
    expect(text).toContain('Valid until');
    expect(text).toContain('OVO NIJE FISKALIZIRANI RAČUN – THIS IS NOT A FISCALIZED INVOICE');
    // a Croatian client's quote is Croatian whatever the reader's language
    const domestic = await create(quoteBody(w.hr, [line(w.dev, 100, 2)]));
    expect(await pdf(domestic.id, 'en')).toContain('PONUDA');
  });
});

describe('sending a quote by e-mail', () => {
  it('sends the PDF by the configured server, marks the draft SENT and audits to whom', async () => {
    const server = await world.smtp({ security: 'none' });
    const settings = await h.request('PUT', '/api/v1/settings/email', {
      token,
      body: { host: 'localhost', port: server.port, security: 'none', fromName: 'Kodni Obrt', fromAddress: 'ponude@kodni-obrt.hr' },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const q = await create(quoteBody(w.hr, [line(w.dev, 45, 4)]));
    const res = await h.request('POST', `/api/v1/quote/${q.id}/send`, { token, body: { to: ['nabava@jadran.hr'] } });
    expect(res.statusCode, res.body).toBe(201);
    expect(dataOf(res)).toMatchObject({ status: 'SENT', reason: null, quote: { state: 'SENT' } });
    const mail = server.received[0]?.mail;
    expect(mail?.subject).toBe(`Ponuda ${q.number}`);
    expect(mail?.text).toContain(q.number);
    expect(mail?.attachments.map((a) => a.filename)).toEqual([`PONUDA-${q.number.replace('/', '-')}.pdf`]);
    expect(pdfText(mail!.attachments[0]!.content)).toContain('OVO NIJE FISKALIZIRANI RAČUN');
    expect((await audit('quote.sent')).at(-1)?.details).toMatchObject({ quoteId: q.id, to: ['nabava@jadran.hr'] });
  });
});

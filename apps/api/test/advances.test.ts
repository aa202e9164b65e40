import { type Invoice, type OpenAdvance, addDays } from '@faktura/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, errorsOf, type Harness } from './harness';
import { type InvoiceWorld, invoiceBody, line, today, useInvoiceWorld } from './invoiceFixtures';
import { loadValidators, validateEInvoice } from './einvoice/validate';

/**
 * Advance invoices and the final invoice (issue 48, decision 044), on SQLite and PostgreSQL: an
 * advance is issued with its payment in the invoice sequence, its UBL is a valid 386; the final
 * invoice deducts it (BT-113, a BG-3 reference per advance), is valid on all three layers and owes
 * only the rest; the payment report and the KPR count each euro once; an advance is deducted once.
 */
let h: Harness;
let token: string;
let w: InvoiceWorld;
useInvoiceWorld({ ready: (world) => ({ h, token, w } = world) });
beforeAll(() => loadValidators(), 300_000);

const advance = (body: Record<string, unknown>, lang = 'hr') =>
  h.request('POST', '/api/v1/advance', { token, lang, body: { description: 'Izrada web stranice', paidOn: today, paymentMethod: 'WIRE', ...body } });
const open = async (clientId: number) => dataOf<OpenAdvance[]>(await h.request('GET', `/api/v1/advance?clientId=${String(clientId)}`, { token }));
const detail = async (id: number) => dataOf<Invoice>(await h.request('GET', `/api/v1/invoice/${String(id)}`, { token }));
const ubl = async (id: number) => (await h.request('GET', `/api/v1/invoice/${String(id)}/ubl`, { token })).body;
const tag = (xml: string, name: string) => new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`).exec(xml)?.[1];
const tags = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, 'g'))].map((m) => m[1]);
/** 200.00 of development at 25 % (250.00 with VAT), dated today. */
const supply = (extra: Record<string, unknown> = {}) =>
  h.request('POST', '/api/v1/invoice', {
    token,
    body: invoiceBody(w.hr, [line(w.dev, 200, 1, { description: 'Izrada web stranice', kpdCode: '62.10.11' })], { billingDate: today, deliveryDate: today, ...extra }),
  });
const seqOf = (number: string | null) => Number(number?.split('/')[0]);

describe('advance invoices', () => {
  let advanceId = 0;
  let advanceNumber = '';

  it('issues an advance for the gross received, its base and VAT per rate, paid on issue, next in the sequence', async () => {
    const before = dataOf<{ id: number; number: string | null }>(await supply());
    const res = await advance({ clientId: w.hr, parts: [{ vatRate: 25, amount: 125 }] });
    expect(res.statusCode).toBe(201);
    const created = dataOf<{ id: number; number: string }>(res);
    ({ id: advanceId, number: advanceNumber } = created);
    expect(seqOf(created.number)).toBe(seqOf(before.number) + 1);
    const stored = await detail(created.id);
    expect(stored).toMatchObject({
      documentType: 'ADVANCE', state: 'CLEARED', subtotalCents: 10_000, vatCents: 2_500, totalCents: 12_500,
      paidState: 'PAID', paidCents: 12_500, payments: 1, paymentDate: today, advances: [], deductedBy: null,
    });
    expect(stored.vatGroups).toEqual([{ rate: 25, baseCents: 10_000, vatCents: 2_500 }]);
    expect(stored.lineItems.map((l) => [l.description, l.price, l.vatRate])).toEqual([['Izrada web stranice', 100, 25]]);
    expect(await open(w.hr)).toEqual([
      { id: created.id, number: created.number, billingDate: today, totalCents: 12_500, vatGroups: [{ rateBp: 2500, baseCents: 10_000, vatCents: 2_500 }], currencyCode: 'EUR' },
    ]);
  });

  it('writes the advance as a valid 386 e-invoice: no KPD, all of it prepaid', async () => {
    const xml = await ubl(advanceId);
    expect(await validateEInvoice(xml)).toEqual({ xsd: [], en16931: [], hrCius: [] });
    expect(tag(xml, 'cbc:InvoiceTypeCode')).toBe('386');
    expect(xml).not.toContain('ItemClassificationCode');
    expect(tag(xml, 'cbc:TaxInclusiveAmount')).toBe('125.00');
    expect(tag(xml, 'cbc:PrepaidAmount')).toBe('125.00');
    expect(tag(xml, 'cbc:PayableAmount')).toBe('0.00');
  });

  it('refuses a gross amount no base reaches, an amount of 0 and a day still to come, in the reader’s language, issuing nothing', async () => {
    const numbers = await h.db.selectFrom('invoice').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const hr = await advance({ clientId: w.hr, parts: [{ vatRate: 25, amount: 100.02 }] });
    expect(hr.statusCode).toBe(400);
    expect(errorsOf(hr)).toEqual([
      { code: 'validation', field: 'parts.0.amount', reason: 'Iznos 100,02\u00a0€ ne može se iskazati kao osnovica i PDV u cijelim centima; najbliži su 100,01\u00a0€ i 100,03\u00a0€' },
    ]);
    const en = await advance({ clientId: w.hr, parts: [{ vatRate: 25, amount: 100.02 }] }, 'en');
    expect(errorsOf(en)[0]?.reason).toBe('€100.02 cannot be stated as a base and its VAT in whole cents; the nearest amounts are €100.01 and €100.03');
    expect((await advance({ clientId: w.hr, parts: [{ vatRate: 25, amount: 0 }] })).statusCode).toBe(400);
    const later = await advance({ clientId: w.hr, paidOn: addDays(today, 1), parts: [{ vatRate: 25, amount: 125 }] }, 'en');
    expect(errorsOf(later)[0]).toMatchObject({ field: 'paidOn', reason: expect.stringMatching(/^The day the advance was received cannot be later than today/) as string });
    const twice = await advance({ clientId: w.hr, parts: [{ vatRate: 25, amount: 10 }, { vatRate: 25, amount: 20 }] }, 'en');
    expect(twice.statusCode).toBe(400);
    const after = await h.db.selectFrom('invoice').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(numbers.n));
  });

  it('issues the final invoice for the whole supply, deducting the advance: valid on all three layers, only the rest to pay', async () => {
    const res = await supply({ advanceIds: [advanceId] });
    expect(res.statusCode).toBe(201);
    const final = dataOf<{ id: number; number: string }>(res);
    expect(seqOf(final.number)).toBe(seqOf(advanceNumber) + 1);
    const stored = await detail(final.id);
    expect(stored).toMatchObject({ documentType: 'INVOICE', state: 'PUBLISHED', totalCents: 25_000, remainingCents: 12_500, paidState: 'UNPAID', paidCents: 0 });
    expect(stored.advances).toEqual([
      { id: advanceId, number: advanceNumber, billingDate: today, totalCents: 12_500, vatGroups: [{ rateBp: 2500, baseCents: 10_000, vatCents: 2_500 }] },
    ]);
    expect((await detail(advanceId)).deductedBy).toEqual({ id: final.id, number: final.number });
    expect(await open(w.hr)).toEqual([]);

    const xml = await ubl(final.id);
    expect(await validateEInvoice(xml)).toEqual({ xsd: [], en16931: [], hrCius: [] });
    expect(tag(xml, 'cbc:InvoiceTypeCode')).toBe('380');
    // the whole supply's VAT, the advance as a preceding invoice, what it paid and what remains
    expect(tags(xml, 'cbc:TaxAmount')[0]).toBe('50.00');
    expect(tag(xml.slice(xml.indexOf('<cac:BillingReference>')), 'cbc:ID')).toBe(advanceNumber.replace(/\s+/g, ''));
    expect(tag(xml, 'cbc:PrepaidAmount')).toBe('125.00');
    expect(tag(xml, 'cbc:PayableAmount')).toBe('125.00');

    // the rest paid: the payment report and the KPR count each euro once (advance when received, final its rest)
    const paid = await h.request('POST', `/api/v1/invoice/${String(final.id)}/payment`, { token, body: { date: today, amount: 125, method: 'TRANSFER' } });
    expect(paid.statusCode).toBe(201);
    expect(await detail(final.id)).toMatchObject({ state: 'CLEARED', paidState: 'PAID' });
    const overpaid = await h.request('POST', `/api/v1/invoice/${String(final.id)}/payment`, { token, lang: 'en', body: { date: today, amount: 1, method: 'TRANSFER' } });
    expect(errorsOf(overpaid)[0]).toMatchObject({ code: 'paymentOverpaid' });
    const report = dataOf<{ rows: { invoiceNumber: string; amountCents: number }[] }>(
      await h.request('GET', `/api/v1/reports/payments?month=${today.slice(0, 7)}`, { token }),
    );
    const ours = report.rows.filter((r) => r.invoiceNumber === advanceNumber || r.invoiceNumber === final.number);
    expect(ours.map((r) => [r.invoiceNumber, r.amountCents])).toEqual([
      [advanceNumber, 12_500],
      [final.number, 12_500],
    ]);
    const kpr = dataOf<{ rows: { invoiceNumber: string; totalCents: number }[] }>(await h.request('GET', `/api/v1/reports/kpr?year=${today.slice(0, 4)}`, { token }));
    const inKpr = kpr.rows.filter((r) => r.invoiceNumber === advanceNumber || r.invoiceNumber === final.number);
    expect(inKpr.map((r) => [r.invoiceNumber, r.totalCents])).toEqual([
      [advanceNumber, 12_500],
      [final.number, 12_500],
    ]);
  });

  it('deducts an advance once: again refused naming the final invoice, its credit note refused; nothing is issued', async () => {
    const final = (await detail(advanceId)).deductedBy;
    const before = await h.db.selectFrom('invoice').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const again = await supply({ advanceIds: [advanceId] });
    expect(again.statusCode).toBe(400);
    expect(errorsOf(again)).toEqual([{ code: 'validation', field: 'advanceIds.0', reason: `Predujam ${advanceNumber} već je odbijen na računu ${final?.number ?? ''}` }]);
    const credit = await h.request('POST', `/api/v1/invoice/${String(advanceId)}/credit-note`, { token, lang: 'en', body: { reason: 'Povrat', billingDate: today } });
    expect(credit.statusCode).toBe(409);
    expect(errorsOf(credit)[0]).toMatchObject({ code: 'advanceDeducted' });
    const after = await h.db.selectFrom('invoice').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // nor another client's advance, nor on a draft
    const other = dataOf<{ id: number }>(await advance({ clientId: w.de, parts: [{ vatRate: 0, amount: 50 }] }));
    expect(errorsOf(await supply({ advanceIds: [other.id] }))[0]).toMatchObject({ field: 'advanceIds.0', reason: 'Odabrani predujam nije izdani račun za predujam ovog klijenta' });
    const mine = dataOf<{ id: number }>(await advance({ clientId: w.hr, parts: [{ vatRate: 25, amount: 50 }] }));
    expect(errorsOf(await supply({ advanceIds: [mine.id], draft: true }))[0]).toMatchObject({ field: 'advanceIds' });
    // more than the supply: refused with both amounts
    const big = dataOf<{ id: number }>(await advance({ clientId: w.hr, parts: [{ vatRate: 25, amount: 250 }] }));
    expect(errorsOf(await supply({ advanceIds: [mine.id, big.id] }))[0]?.reason).toBe('Odabrani predujmovi (300,00\u00a0€) veći su od ukupnog iznosa računa (250,00\u00a0€)');
  });

  it('a final invoice its advances pay in full is paid on issue, with no payment of its own', async () => {
    const [full] = (await open(w.hr)).filter((a) => a.totalCents === 25_000);
    const final = dataOf<{ id: number }>(await supply({ advanceIds: [full?.id] }));
    expect(await detail(final.id)).toMatchObject({ state: 'CLEARED', paidState: 'PAID', remainingCents: 0, payments: 0, paymentDate: today });
    const xml = await ubl(final.id);
    expect(await validateEInvoice(xml)).toEqual({ xsd: [], en16931: [], hrCius: [] });
    expect(tag(xml, 'cbc:PayableAmount')).toBe('0.00');
  });

  it('a credit note corrects an advance not yet deducted: what is left of it is what a final invoice may deduct', async () => {
    const made = dataOf<{ id: number; number: string }>(await advance({ clientId: w.hr, parts: [{ vatRate: 25, amount: 100 }] }));
    const note = await h.request('POST', `/api/v1/invoice/${String(made.id)}/credit-note`, { token, body: { reason: 'Djelomični povrat', billingDate: today, lines: [{ lineId: (await detail(made.id)).lineItems[0]?.lineId, quantity: 0.5 }] } });
    expect(note.statusCode).toBe(201);
    expect((await open(w.hr)).find((a) => a.id === made.id)).toMatchObject({ totalCents: 5_000, vatGroups: [{ rateBp: 2500, baseCents: 4_000, vatCents: 1_000 }] });
  });
});

import { type Invoice, addDays, computeTotals, sumCents } from '@faktura/shared';
import { describe, expect, it } from 'vitest';
import * as repo from '../src/modules/invoice/invoice.repository';
import { writeDocuments } from '../src/modules/invoice/invoice.write';
import { decodePng } from './decode';
import { type Harness, dataOf, errorsOf } from './harness';
import { invoiceBody, line, today, useInvoiceWorld, type InvoiceWorld } from './invoiceFixtures';

/** Issue 10, item 3 (amounts that print, pay and add up) and item 10 (billing dates in the past). */
let h: Harness;
let token: string;
let w: InvoiceWorld;

useInvoiceWorld({ ready: (world) => ({ h, token, w } = world) });

const create = (body: unknown, lang = 'hr') => h.request('POST', '/api/v1/invoice', { token, body, lang });
const get = async (id: number) => dataOf<Invoice>(await h.request('GET', `/api/v1/invoice/${id}`, { token }));
const count = async () => (await h.db.selectFrom('invoice').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n;

describe('amount limits: every accepted invoice prints, pays and sums exactly', () => {
  it('refuses the line that could never print (1,000,000 × 99,999,999.99), naming the limit, in both languages', async () => {
    const before = await count();
    const body = invoiceBody(w.hr, [line(w.dev, 99_999_999.99, 1_000_000)]);
    const hr = await create(body);
    expect(hr.statusCode).toBe(400);
    expect(errorsOf(hr)).toContainEqual({
      field: 'lineItems.0.price',
      code: 'validation',
      reason: expect.stringContaining('Iznos stavke (količina × cijena, umanjeno za popust) smije biti najviše 999.999.999,99') as string,
    });
    const en = await create(body, 'en');
    expect(errorsOf(en).map((e) => e.reason)).toContainEqual(expect.stringContaining('A line may total at most 999,999,999.99'));
    expect(await count()).toBe(before);
  });

  it('issues, prints and pays an invoice at the limit, and its storno', async () => {
    // 8 × 99,999,999.99 + 25 % VAT = 999,999,999.90: the largest HUB-3 and EPC amount is 999,999,999.99
    const res = await create(invoiceBody(w.hr, [line(w.dev, 99_999_999.99, 8, { kpdCode: '62.10.11' })]));
    expect(res.statusCode).toBe(201);
    const { id } = dataOf<{ id: number }>(res);
    const invoice = await get(id);
    expect(invoice).toMatchObject({ subtotalCents: 79_999_999_992, vatCents: 19_999_999_998, totalCents: 99_999_999_990 });

    const view = await h.request('GET', `/screen/v1/invoice/print/${id}`, { token });
    expect(view.statusCode).toBe(200);
    const { barcodeKind, barcodeUrl } = dataOf<{ barcodeKind: string; barcodeUrl: string }>(view);
    expect(barcodeKind).toBe('HUB3');
    const payload = decodePng(Buffer.from(barcodeUrl.split(',')[1] ?? '', 'base64'), 'PDF_417');
    expect(payload.split('\n')[2]).toBe('000099999999990');
    const pdf = await h.request('GET', `/api/v1/invoice/${id}/pdf`, { token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');

    const storno = await h.request('POST', `/api/v1/invoice/${id}/credit-note`, { token, body: { reason: 'Storno', billingDate: invoice.billingDate } });
    expect(storno.statusCode).toBe(201);
    const note = dataOf<{ id: number }>(storno);
    expect((await get(note.id)).totalCents).toBe(-99_999_999_990);
    expect((await h.request('GET', `/api/v1/invoice/${note.id}/pdf`, { token })).statusCode).toBe(200);
    expect((await h.request('GET', `/screen/v1/invoice/print/${note.id}`, { token })).statusCode).toBe(200);
  });

  it('refuses an invoice whose total with VAT passes the limit by cents, and changes nothing', async () => {
    const before = await count();
    const body = invoiceBody(w.hr, [line(w.dev, 99_999_999.99, 8), line(w.rent, 0.1, 1, { unit: 'SINGLE' })]);
    for (const [lang, text] of [
      ['hr', 'Ukupni iznos računa s PDV-om smije biti najviše 999.999.999,99'],
      ['en', 'The invoice total with VAT may be at most 999,999,999.99'],
    ] as const) {
      const res = await create(body, lang);
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)).toEqual([{ field: 'lineItems', code: 'validation', reason: expect.stringContaining(text) as string }]);
    }
    // the same lines are fine without VAT (a client outside the EU): the limit is on what is paid
    const abroad = await create(invoiceBody(w.us, [line(w.dev, 99_999_999.99, 8), line(w.rent, 0.1, 1, { unit: 'SINGLE' })]));
    expect(abroad.statusCode).toBe(201);
    expect(Number(await count())).toBe(Number(before) + 1);
  });

  it('refuses the same on a draft edit and on a USD invoice', async () => {
    const draft = dataOf<{ id: number }>(await create({ ...invoiceBody(w.us, [line(w.dev, 10)]), draft: true }));
    const edit = await h.request('PUT', `/api/v1/invoice/${draft.id}`, {
      token, lang: 'en', body: { paymentDueDate: addDays(today, 10), lineItems: [line(w.dev, 99_999_999.99, 11)] },
    });
    expect(edit.statusCode).toBe(400);
    expect(errorsOf(edit)[0]?.field).toBe('lineItems.0.price');
    expect((await get(draft.id)).totalCents).toBe(1000);
    const usd = await create(invoiceBody(w.us, [line(w.usd, 99_999_999.99, 10.001, { currency: 'USD' })], { eurFxRate: '1.1' }));
    expect(usd.statusCode).toBe(400);
  });

  it('still prints an invoice stored before the limits, without a payment code rather than not at all', async () => {
    const { id } = dataOf<{ id: number }>(await create(invoiceBody(w.hr, [line(w.dev, 10, 1, { kpdCode: '62.10.11' })])));
    // what main accepted before: 1,000,000 × 99,999,999.99 (10^16 cents, beyond HUB-3 and 2^53)
    await h.db.updateTable('invoice_line').set({ quantity_milli: 1_000_000_000, unit_price_cents: 9_999_999_999 }).where('invoice_id', '=', id).execute();
    const totals = computeTotals([{ priceCents: 9_999_999_999, quantityMilli: 1_000_000_000, discountBp: 0, vatRateBp: 2500 }]);
    // through the repository, which keeps the dashboard's month totals as any write of the invoice does
    await writeDocuments(h.db, [id], (trx) => repo.updateInvoice(trx, id, { subtotal_cents: totals.subtotalCents, vat_cents: totals.vatCents, total_cents: totals.totalCents }));
    const view = await h.request('GET', `/screen/v1/invoice/print/${id}`, { token });
    expect(view.statusCode).toBe(200);
    expect(dataOf<{ barcodeKind?: string }>(view).barcodeKind).toBeUndefined();
    expect((await h.request('GET', `/api/v1/invoice/${id}/pdf`, { token })).statusCode).toBe(200);
    // and leaves the dashboard of this test's year alone: it is removed again
    await h.db.deleteFrom('invoice_line').where('invoice_id', '=', id).execute();
    await writeDocuments(h.db, [id], (trx) => repo.deleteInvoice(trx, id));
  });

  it('sums the dashboard to the cent with invoices at the limit', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await create(invoiceBody(w.hr, [line(w.dev, 99_999_999.99, 8, { kpdCode: '62.10.11' })]))).statusCode).toBe(201);
    }
    const usd = await create(invoiceBody(w.us, [line(w.usd, 99_999_999.99, 9.999, { currency: 'USD' })], { eurFxRate: '0.5' }));
    expect(usd.statusCode).toBe(201);
    const rows = await h.db.selectFrom('invoice').select(['total_cents', 'eur_fx_rate', 'billing_date']).where('state', '!=', 'DRAFT').execute();
    const year = Number(today.slice(0, 4));
    const expected = rows
      .filter((row) => row.billing_date.startsWith(String(year)))
      .reduce((sum, row) => sum + (row.eur_fx_rate ? (BigInt(row.total_cents) * 10n + 2n) / 5n : BigInt(row.total_cents)), 0n);
    const dashboard = dataOf<{ issuedEurCents: number; monthly: { issuedEurCents: number }[] }>(
      await h.request('GET', `/api/v1/dashboard?year=${year}`, { token }),
    );
    expect(BigInt(dashboard.issuedEurCents)).toBe(expected);
    expect(sumCents(dashboard.monthly.map((m) => m.issuedEurCents))).toBe(dashboard.issuedEurCents);
  });
});

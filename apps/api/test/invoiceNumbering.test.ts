import { describe, expect, it } from 'vitest';
import { type Harness, dataOf } from './harness';
import { invoiceBody, line, onDay, suppliedOn, today, useInvoiceWorld, type InvoiceWorld } from './invoiceFixtures';

let h: Harness;
let token: string;
let w: InvoiceWorld;
useInvoiceWorld({ inVatSystem: false, ready: (world) => ({ h, token, w } = world) });

const create = (body: unknown) => h.request('POST', '/api/v1/invoice', { token, body });
const year = Number(today.slice(0, 4));

describe('gapless numbering', () => {
  it('numbers 20 invoices issued at once exactly 1..20, across two API processes', async () => {
    const other = await h.sibling();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? h : other).request('POST', '/api/v1/invoice', { token, body: invoiceBody(w.hr, [line(w.dev, 45 + i)]) }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const numbers = results.map((r) => dataOf<{ number: string }>(r).number);
    expect(numbers.map((n) => Number(n.split('/')[0])).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(numbers).size).toBe(20);
  });

  it('previews the next number on the New invoice screen and follows Settings > POS', async () => {
    const screen = dataOf<{ nextInvoiceNumber: string; operator: { operatorName: string }; paymentMethods: string[]; me: { oib: string; inVatSystem: boolean } }>(
      await h.request('GET', '/screen/v1/invoice/new', { token }),
    );
    expect(screen).toMatchObject({ nextInvoiceNumber: '21/POSL1/1', operator: { operatorName: 'Ana Operater' }, paymentMethods: ['WIRE', 'CASH', 'CARD', 'ADVANCE'], me: { oib: '69814562369', inVatSystem: false } });
    await h.request('PUT', '/api/v1/settings/pos', { token, body: { premisesCode: 'URED2', deviceCode: '2' } });
    const next = dataOf<{ nextInvoiceNumber: string }>(await h.request('GET', '/screen/v1/invoice/new', { token }));
    expect(next.nextInvoiceNumber).toBe('1/URED2/2');
    expect(dataOf<{ number: string }>(await create(invoiceBody(w.hr, [line(w.dev, 45)]))).number).toBe('1/URED2/2');
    await h.request('PUT', '/api/v1/settings/pos', { token, body: { premisesCode: 'POSL1', deviceCode: '1' } });
  });

  it('restarts at 1 in each calendar year of issue', async () => {
    const lastYear = `${year - 1}-12-30`;
    const res = await onDay(lastYear, () => create(invoiceBody(w.hr, [line(w.dev, 45)], suppliedOn(lastYear))));
    expect(dataOf<{ number: string }>(res).number).toBe('1/POSL1/1');
    // 1..20 were issued in POSL1/1 this year, so the next of this year is 21
    const next = dataOf<{ number: string }>(await create(invoiceBody(w.hr, [line(w.dev, 45)])));
    expect(next.number).toBe('21/POSL1/1');
  });

  it('prints no VAT when the issuer is outside the VAT system', async () => {
    const { id } = dataOf<{ id: number }>(await create(invoiceBody(w.hr, [line(w.dev, 100)])));
    const invoice = dataOf<{ vatTreatment: string; vatCents: number }>(await h.request('GET', `/api/v1/invoice/${id}`, { token }));
    expect(invoice).toMatchObject({ vatTreatment: 'NOT_IN_VAT', vatCents: 0 });
  });

  it('keeps what an issued invoice said about its client when the client changes', async () => {
    const { id } = dataOf<{ id: number }>(await create(invoiceBody(w.hr, [line(w.dev, 45)])));
    await h.request('PUT', `/api/v1/company/${w.hr}`, { token, body: { email: 'new@jadran.hr', pin: '69814562369', contracts: [] } });
    const row = await h.db.selectFrom('invoice').select(['client_snapshot', 'issuer_snapshot']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.client_snapshot ?? '{}')).toMatchObject({ name: 'Jadranski Softver d.o.o.', pin: '33914072203', address: { country_code: 'HR' } });
    expect(JSON.parse(row.issuer_snapshot ?? '{}')).toMatchObject({ oib: '69814562369', iban: 'HR6023600001101234567' });
  });
});

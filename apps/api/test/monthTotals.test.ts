import type { Invoice } from '@faktura/shared';
import { describe, expect, it } from 'vitest';
import { down, up } from '../src/db/migrations/2026_11_25_0101_invoice_month_totals';
import { monthTotals, monthTotalsFromInvoices } from '../src/modules/invoice/invoice.monthTotals';
import { dataOf } from './harness';
import { daysAgo, invoiceBody, line, today, useInvoiceWorld } from './invoiceFixtures';

const world = useInvoiceWorld();

const year = Number(today.slice(0, 4));
const create = async (body: unknown) => {
  const res = await world.h.request('POST', '/api/v1/invoice', { token: world.token, body });
  if (res.statusCode !== 201) throw new Error(res.body);
  return dataOf<{ id: number; number: string | null }>(res);
};
const verb = async (method: 'POST' | 'DELETE', path: string, body?: unknown) => {
  const res = await world.h.request(method, path, { token: world.token, ...(body ? { body } : {}) });
  if (res.statusCode >= 300) throw new Error(`${path}: ${res.body}`);
};
/** The stored totals, without months that came back to zero. */
const stored = async (y = year) => (await monthTotals(world.h.db, y)).filter((r) => r.eurCents !== 0);
const computed = async (y = year) => (await monthTotalsFromInvoices(world.h.db, y)).map(({ year: _y, ...r }) => r);
const dashboard = async () =>
  dataOf<{ issuedEurCents: number; clearedEurCents: number; monthly: { month: number; issuedEurCents: number; clearedEurCents: number }[] }>(
    await world.h.request('GET', `/api/v1/dashboard?year=${year}`, { token: world.token }),
  );

describe("the dashboard's month totals", () => {
  it('follow every write: issue, clear, unclear, credit notes settled with their invoice, delete', async () => {
    const check = async (step: string) => {
      expect({ step, totals: await stored() }).toEqual({ step, totals: await computed() });
    };
    expect(await stored()).toEqual([]);

    // a draft counts for nothing; issuing it counts it in its billing month
    const draft = await create({ ...invoiceBody(world.w.hr, [line(world.w.dev, 45, 3)], { billingDate: daysAgo(40), deliveryDate: daysAgo(40), paymentDueDate: daysAgo(25) }), draft: true });
    await check('draft');
    expect(await stored()).toEqual([]);
    await verb('POST', `/api/v1/invoice/${draft.id}/issue`);
    await check('issued a draft');
    const first = await dashboard();
    expect(first.issuedEurCents).toBe(16875); // 3 × 45 € + 25 % VAT

    // issued at once, in a foreign currency (converted at its own rate), then paid and unpaid again
    const usd = await create(invoiceBody(world.w.us, [line(world.w.usd, 1082.5, 1, { currency: 'USD' })], { eurFxRate: '1.0825', billingDate: daysAgo(30), deliveryDate: daysAgo(30), paymentDueDate: daysAgo(15) }));
    await check('issued in USD');
    await verb('POST', `/api/v1/invoice/${usd.id}/clear`);
    await check('cleared');
    await verb('POST', `/api/v1/invoice/${usd.id}/unclear`);
    await check('uncleared');

    // a full credit note settles the invoice together with itself; clearing and unclearing carry it along
    const credited = await create(invoiceBody(world.w.hr, [line(world.w.dev, 45, 4), line(world.w.rent, 800)], { billingDate: today, deliveryDate: today }));
    const lines = dataOf<Invoice>(await world.h.request('GET', `/api/v1/invoice/${credited.id}`, { token: world.token })).lineItems;
    await verb('POST', `/api/v1/invoice/${credited.id}/credit-note`, { reason: 'Dva sata manje', lines: [{ lineId: lines[0]?.lineId, quantity: 2 }] });
    await check('partial credit note');
    await verb('POST', `/api/v1/invoice/${credited.id}/clear`);
    await check('cleared with its credit note');
    await verb('POST', `/api/v1/invoice/${credited.id}/unclear`);
    await check('uncleared with its credit note');
    const storno = await create(invoiceBody(world.w.hr, [line(world.w.dev, 45, 1)], { billingDate: today, deliveryDate: today }));
    await verb('POST', `/api/v1/invoice/${storno.id}/credit-note`, { reason: 'Storno' });
    await check('full credit note (storno)');

    // the newest issued document of the sequence may be deleted: its share goes with it
    const last = await create(invoiceBody(world.w.de, [line(world.w.dev, 10)], { billingDate: today, deliveryDate: today }));
    await check('issued the last one');
    await verb('DELETE', `/api/v1/invoice/${last.id}`);
    await check('deleted the last one');

    // and the dashboard reads them: the months it shows are the ones computed from the invoices
    const d = await dashboard();
    for (const { month, state, eurCents } of await computed()) {
      const shown = d.monthly[month - 1];
      expect(shown?.issuedEurCents).toBeDefined();
      if (state === 'CLEARED') expect(shown?.clearedEurCents).toBeGreaterThanOrEqual(eurCents);
    }
    const all = await computed();
    expect(d.issuedEurCents).toBe(all.reduce((s, r) => s + r.eurCents, 0));
    expect(d.clearedEurCents).toBe(all.filter((r) => r.state === 'CLEARED').reduce((s, r) => s + r.eurCents, 0));
  });

  it('are filled by the migration from the invoices already there', async () => {
    const before = await computed();
    expect(before.length).toBeGreaterThan(0);
    await down(world.h.db);
    await up(world.h.db);
    expect(await stored()).toEqual(before);
  });
});

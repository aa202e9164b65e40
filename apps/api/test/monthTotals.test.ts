import type { Invoice } from '@faktura/shared';
import { describe, expect, it } from 'vitest';
import { down, up } from '../src/db/migrations/2026_11_25_0101_invoice_month_totals';
import * as documentsMigration from '../src/db/migrations/2026_11_25_1801_month_total_documents';
import * as paymentTotalsMigration from '../src/db/migrations/2026_11_26_1101_payment_totals';
import { monthTotals, monthTotalsFromInvoices } from '../src/modules/invoice/invoice.monthTotals.repository';
import { dataOf } from './harness';
import { daysAgo, invoiceBody, line, onDay, suppliedOn, today, useInvoiceWorld } from './invoiceFixtures';

const world = useInvoiceWorld();

const year = Number(today.slice(0, 4));
/** Created today, or on the day given (what is issued is dated that day: decision 026). */
const create = async (body: unknown, on?: string) => {
  const post = () => world.h.request('POST', '/api/v1/invoice', { token: world.token, body });
  const res = on ? await onDay(on, post) : await post();
  if (res.statusCode !== 201) throw new Error(res.body);
  return dataOf<{ id: number; number: string | null }>(res);
};
const verb = async (method: 'POST' | 'DELETE', path: string, body?: unknown) => {
  const res = await world.h.request(method, path, { token: world.token, ...(body ? { body } : {}) });
  if (res.statusCode >= 300) throw new Error(`${path}: ${res.body}`);
};
/** The stored totals and counts (months that came back to zero are left out). */
const stored = (y = year) => monthTotals(world.h.db, y);
const computed = async (y = year) => (await monthTotalsFromInvoices(world.h.db, y)).map(({ year: _y, ...r }) => r);
const dashboard = async () =>
  dataOf<{ issuedEurCents: number; clearedEurCents: number; monthly: { month: number; issuedEurCents: number; clearedEurCents: number }[] }>(
    await world.h.request('GET', `/api/v1/dashboard?year=${year}`, { token: world.token }),
  );

/** The list's total, as the user sees it under the table, and the same counted from the invoices. */
const listTotal = async (query: string) => {
  const res = await world.h.request('GET', `/api/v1/invoice/list?${query}`, { token: world.token });
  if (res.statusCode !== 200) throw new Error(res.body);
  return (JSON.parse(res.body) as { page: { total: number } }).page.total;
};
const rowsOf = async (state?: string) => {
  let q = world.h.db.selectFrom('invoice').select((eb) => eb.fn.countAll<number | string>().as('n')).where('billing_date', '>=', `${year}-01-01`).where('billing_date', '<=', `${year}-12-31`);
  if (state) q = q.where('state', '=', state as 'DRAFT');
  return Number((await q.executeTakeFirstOrThrow()).n);
};

describe("the dashboard's month totals and the list's counts", () => {
  it('follow every write: draft, issue, clear, unclear, credit notes settled with their invoice, delete', async () => {
    const check = async (step: string) => {
      expect({ step, totals: await stored() }).toEqual({ step, totals: await computed() });
      for (const state of [undefined, 'DRAFT', 'PUBLISHED', 'CLEARED']) {
        const shown = await listTotal(`year=${year}${state ? `&state=${state}` : ''}`);
        expect({ step, state, total: shown }).toEqual({ step, state, total: await rowsOf(state) });
      }
    };
    expect(await stored()).toEqual([]);

    // a draft is counted (in the month it was last saved), for nothing in euro; saved again in another
    // month it moves its count; issuing it counts its amount in the month of issue
    const draft = await create({ ...invoiceBody(world.w.hr, [line(world.w.dev, 45, 3)], suppliedOn(daysAgo(70), 15)), draft: true }, daysAgo(70));
    await check('draft');
    expect(await stored()).toEqual([expect.objectContaining({ state: 'DRAFT', eurCents: 0, documents: 1 })]);
    const moved = await onDay(daysAgo(40), () =>
      world.h.request('PUT', `/api/v1/invoice/${draft.id}`, {
        token: world.token,
        body: { ...invoiceBody(world.w.hr, [line(world.w.dev, 45, 3)], { ...suppliedOn(daysAgo(41)), paymentDueDate: today }), draft: true },
      }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    await check('draft moved to another date');
    const dropped = await create({ ...invoiceBody(world.w.de, [line(world.w.dev, 10)], { deliveryDate: today }), draft: true });
    await check('a second draft');
    await verb('DELETE', `/api/v1/invoice/${dropped.id}`);
    await check('the second draft deleted');
    await verb('POST', `/api/v1/invoice/${draft.id}/issue`);
    await check('issued a draft');
    const first = await dashboard();
    expect(first.issuedEurCents).toBe(16875); // 3 × 45 € + 25 % VAT

    // issued at once, in a foreign currency (converted at its own rate), then paid and unpaid again
    const usd = await create(invoiceBody(world.w.us, [line(world.w.usd, 1082.5, 1, { currency: 'USD' })], { eurFxRate: '1.0825', ...suppliedOn(daysAgo(30), 15) }), daysAgo(30));
    await check('issued in USD');
    await verb('POST', `/api/v1/invoice/${usd.id}/clear`);
    await check('cleared');
    await verb('POST', `/api/v1/invoice/${usd.id}/unclear`);
    await check('uncleared');

    // a full credit note settles the invoice together with itself; clearing and unclearing carry it along
    const credited = await create(invoiceBody(world.w.hr, [line(world.w.dev, 45, 4), line(world.w.rent, 800)], { deliveryDate: today }));
    const lines = dataOf<Invoice>(await world.h.request('GET', `/api/v1/invoice/${credited.id}`, { token: world.token })).lineItems;
    await verb('POST', `/api/v1/invoice/${credited.id}/credit-note`, { reason: 'Dva sata manje', lines: [{ lineId: lines[0]?.lineId, quantity: 2 }] });
    await check('partial credit note');
    await verb('POST', `/api/v1/invoice/${credited.id}/clear`);
    await check('cleared with its credit note');
    await verb('POST', `/api/v1/invoice/${credited.id}/unclear`);
    await check('uncleared with its credit note');
    const storno = await create(invoiceBody(world.w.hr, [line(world.w.dev, 45, 1)], { deliveryDate: today }));
    await verb('POST', `/api/v1/invoice/${storno.id}/credit-note`, { reason: 'Storno' });
    await check('full credit note (storno)');

    // the newest issued document of the sequence may be deleted: its share goes with it
    const last = await create(invoiceBody(world.w.de, [line(world.w.dev, 10)], { deliveryDate: today }));
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

  it('are filled by the migrations from the invoices already there, drafts counted', async () => {
    await create({ ...invoiceBody(world.w.hr, [line(world.w.dev, 45, 2)], { deliveryDate: today }), draft: true });
    const before = await computed();
    expect(before.some((r) => r.state === 'DRAFT')).toBe(true);
    expect(before.some((r) => r.state === 'PUBLISHED')).toBe(true);
    await paymentTotalsMigration.down(world.h.db);
    await documentsMigration.down(world.h.db);
    await down(world.h.db);
    await up(world.h.db);
    await documentsMigration.up(world.h.db);
    await paymentTotalsMigration.up(world.h.db);
    expect(await stored()).toEqual(before);
  });
});

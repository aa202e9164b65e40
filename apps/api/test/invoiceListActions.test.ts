import { describe, expect, it } from 'vitest';
import { type Harness, dataOf, errorsOf } from './harness';
import { daysAgo, invoiceBody, line, onDay, suppliedOn, today, useInvoiceWorld, type InvoiceWorld } from './invoiceFixtures';

let h: Harness;
let token: string;
let w: InvoiceWorld;
useInvoiceWorld({ inVatSystem: false, ready: (world) => ({ h, token, w } = world) });

interface Action {
  allowed: boolean;
  reason: string | null;
}
interface Row {
  id: number;
  invoiceNumber: string | null;
  actions: { delete: Action; creditNote: Action };
}
/** Created (and, unless a draft, issued) `days` ago. */
const create = async (extra: Record<string, unknown> = {}, days = 5) =>
  dataOf<{ id: number; number: string | null }>(
    await onDay(daysAgo(days), () =>
      h.request('POST', '/api/v1/invoice', {
        token,
        body: invoiceBody(w.hr, [line(w.dev, 45, 2)], { ...suppliedOn(daysAgo(days)), paymentDueDate: today, ...extra }),
      }),
    ),
  );
const rows = async () =>
  (await h.request('GET', '/api/v1/invoice/list', { token })).json<{ data: Row[] }>().data;
const rowOf = async (id: number) => (await rows()).find((r) => r.id === id);
const yes = { allowed: true, reason: null };
const no = (reason: string) => ({ allowed: false, reason });

describe('list rows say which actions the server allows (issue 12)', () => {
  it('offers Delete only on drafts and the newest open invoice of the sequence, and says why not', async () => {
    const older = await create({}, 6);
    const cleared = await create({}, 5);
    await h.request('POST', `/api/v1/invoice/${cleared.id}/clear`, { token });
    const newest = await create({}, 4);
    const draft = await create({ draft: true }, 3);

    expect((await rowOf(draft.id))?.actions).toEqual({ delete: yes, creditNote: no('NOT_ISSUED') });
    expect((await rowOf(newest.id))?.actions).toEqual({ delete: yes, creditNote: yes });
    expect((await rowOf(cleared.id))?.actions).toEqual({ delete: no('CLEARED'), creditNote: yes });
    expect((await rowOf(older.id))?.actions).toEqual({ delete: no('NOT_NEWEST'), creditNote: yes });

    // what the row says is what the server does
    const refused = await h.request('DELETE', `/api/v1/invoice/${older.id}`, { token });
    expect(refused.statusCode).toBe(409);
    expect(errorsOf(refused)[0]?.code).toBe('invoiceNotNewest');
    expect((await h.request('DELETE', `/api/v1/invoice/${newest.id}`, { token })).statusCode).toBe(200);
    // once the newest is gone, the cleared one before it is the newest, still refused for being cleared
    expect((await rowOf(cleared.id))?.actions.delete).toEqual(no('CLEARED'));
  });

  it('knows credit notes: a corrected invoice keeps its number, the newest note can go, a storno leaves nothing to credit', async () => {
    const invoice = await create({}, 2);
    const note = dataOf<{ id: number }>(
      await h.request('POST', `/api/v1/invoice/${invoice.id}/credit-note`, { token, body: { reason: 'Storno' } }),
    );
    expect((await rowOf(invoice.id))?.actions).toEqual({ delete: no('HAS_CREDIT_NOTES'), creditNote: no('FULLY_CREDITED') });
    expect((await rowOf(note.id))?.actions).toEqual({ delete: yes, creditNote: no('IS_CREDIT_NOTE') });
    expect((await h.request('DELETE', `/api/v1/invoice/${invoice.id}`, { token })).statusCode).toBe(409);
    expect((await h.request('DELETE', `/api/v1/invoice/${note.id}`, { token })).statusCode).toBe(200);
    expect((await rowOf(invoice.id))?.actions).toEqual({ delete: yes, creditNote: yes });
  });

  it('says how far each row is paid and refuses Delete of an issued invoice with payments, as the server does (decision 027)', async () => {
    const invoice = await create({}, 1);
    const total = (await rowOf(invoice.id)) as Row & { totalCents: number };
    expect(await rowOf(invoice.id)).toMatchObject({ paidState: 'UNPAID', paidCents: 0, dueCents: total.totalCents, creditSettled: false });
    const paid = await h.request('POST', `/api/v1/invoice/${invoice.id}/payment`, {
      token,
      body: { date: today, amount: 20, method: 'CASH' },
    });
    expect(paid.statusCode).toBe(201);
    expect(await rowOf(invoice.id)).toMatchObject({ paidState: 'PARTLY_PAID', paidCents: 2000, dueCents: total.totalCents });
    // the newest open invoice, but it has a payment on record: not deletable, and the server agrees
    expect((await rowOf(invoice.id))?.actions.delete).toEqual(no('HAS_PAYMENTS'));
    const refused = await h.request('DELETE', `/api/v1/invoice/${invoice.id}`, { token });
    expect(refused.statusCode).toBe(409);
    expect(errorsOf(refused)[0]?.code).toBe('invoiceHasPayments');
    const detail = dataOf<{ deletable: boolean }>(await h.request('GET', `/api/v1/invoice/${invoice.id}`, { token }));
    expect(detail.deletable).toBe(false);
    // a draft and a credit note have no paid state
    const draft = await create({ draft: true }, 1);
    expect((await rowOf(draft.id)) as unknown).toMatchObject({ paidState: null, paidCents: 0 });
  });

  it('marks an unpaid invoice settled by a full credit note, and that note, as settled by credit, not paid', async () => {
    const invoice = await create({}, 1);
    const note = dataOf<{ id: number }>(
      await h.request('POST', `/api/v1/invoice/${invoice.id}/credit-note`, { token, body: { reason: 'Storno' } }),
    );
    expect(await rowOf(invoice.id)).toMatchObject({ invoiceState: 'CLEARED', creditSettled: true, paidCents: 0, dueCents: 0 });
    expect(await rowOf(note.id)).toMatchObject({ creditSettled: true, paidState: null });
    for (const id of [invoice.id, note.id]) {
      const detail = dataOf<{ creditSettled: boolean; payments: number }>(await h.request('GET', `/api/v1/invoice/${id}`, { token }));
      expect(detail).toMatchObject({ creditSettled: true, payments: 0 });
    }
    // an invoice paid in full keeps its payments and is not settled by credit
    const paidInFull = await create({}, 1);
    await h.request('POST', `/api/v1/invoice/${paidInFull.id}/clear`, { token });
    expect(await rowOf(paidInFull.id)).toMatchObject({ invoiceState: 'CLEARED', creditSettled: false, paidState: 'PAID' });
  });

  it('gives the dashboard rows the same actions', async () => {
    const dashboard = dataOf<{ latest: Row[] }>(await h.request('GET', '/api/v1/dashboard', { token }));
    const all = await rows();
    for (const row of dashboard.latest) expect(row.actions).toEqual(all.find((r) => r.id === row.id)?.actions);
  });
});

describe('a year with no invoices (issue 12)', () => {
  it('answers an empty list with its facets for any storable year, the chosen one selected', async () => {
    for (const year of [1999, 1, 9999]) {
      const res = await h.request('GET', `/api/v1/invoice/list?year=${year}`, { token });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ data: Row[]; filters: { key: string; facets: { value: string; isSelected: boolean }[] }[]; page: { total: number } }>();
      expect(body.data).toEqual([]);
      expect(body.page.total).toBe(0);
      const facets = body.filters[0]?.facets ?? [];
      expect(facets).toContainEqual({ value: today.slice(0, 4), isSelected: false });
      expect(facets).toContainEqual({ value: String(year), isSelected: true });
    }
  });

  it('still refuses what is not a year, in the language asked', async () => {
    const res = await h.request('GET', '/api/v1/invoice/list?year=10000', { token, lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)[0]?.field).toBe('year');
  });
});

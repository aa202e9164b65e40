import { CompiledQuery } from 'kysely';
import { type SampleClientInput, sampleClientInput } from '@faktura/shared/samples';
import { describe, expect, it } from 'vitest';
import { notInvoicedThisMonth } from '../src/modules/invoice/invoice.listing.repository';
import { type Harness, dataOf, dbKind, errorsOf } from './harness';
import { invoiceBody, line, onDay, suppliedOn, today, useInvoiceWorld } from './invoiceFixtures';

/**
 * The list filter "not yet invoiced this month" (issue 12 item 10): rent clients whose monthly
 * invoice is still to be made, each shown by its latest issued RENT invoice so it can be repeated.
 */
let h: Harness;
let token: string;
type Key = 'lika' | 'mura' | 'krka' | 'novi' | 'bivsi' | 'likaOld' | 'bivsiLast' | 'likaLast' | 'muraLast' | 'krkaLast';
const ids = {} as Record<Key, number>;

/** The 10th of the month `back` months before this one (`yyyy-MM-dd`). */
function monthsAgo(back: number): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(y, m - 1 - back, 10));
  return date.toISOString().slice(0, 10);
}

/** A month's rent for `clientId`, to be issued on `day`: supplied and due that day. */
const rentBody = (rent: number, clientId: number, day: string, extra: Record<string, unknown> = {}) =>
  invoiceBody(clientId, [line(rent, 800, 1, { unit: 'SINGLE' })], {
    ...suppliedOn(day),
    contractType: 'RENT',
    contractDueDays: 10,
    ...extra,
  });
const renter = (name: string, contracts: SampleClientInput['contracts']) =>
  sampleClientInput('domestic', { name, email: 'najam@example.hr', pin: null, phone: null, bankAccountNumber: null, contracts });

const world = useInvoiceWorld({
  clients: {
    lika: renter('Lika Najam d.o.o.', [{ type: 'RENT', paymentDueDays: 10 }]),
    mura: renter('Mura Ured j.d.o.o.', [
      { type: 'SOW', paymentDueDays: 15 },
      { type: 'RENT', paymentDueDays: 5 },
    ]),
    krka: renter('Krka Skladište d.o.o.', [{ type: 'RENT', paymentDueDays: 10 }]),
    novi: renter('Novi Zakup d.o.o.', [{ type: 'RENT', paymentDueDays: 10 }]),
    bivsi: renter('Bivši Najam d.o.o.', [{ type: 'RENT', paymentDueDays: 10 }]),
  },
  // issued in date order: numbers follow time within a sequence
  invoices: (w) => ({
    likaOld: { on: monthsAgo(2), body: rentBody(w.rent, w.clients.lika, monthsAgo(2)) },
    bivsiLast: { on: monthsAgo(2), body: rentBody(w.rent, w.clients.bivsi, monthsAgo(2)) },
    likaLast: { on: monthsAgo(1), body: rentBody(w.rent, w.clients.lika, monthsAgo(1)) },
    muraLast: { on: monthsAgo(1), body: rentBody(w.rent, w.clients.mura, monthsAgo(1)) },
    krkaLast: { on: monthsAgo(1), body: rentBody(w.rent, w.clients.krka, monthsAgo(1)), clear: true },
    // Mura: a statement-of-work invoice this month is not its rent
    muraWork: { body: invoiceBody(w.clients.mura, [line(w.dev, 45)], suppliedOn(today)) },
    // Lika: last month's rent credited today; a credit note is not this month's invoice
    likaCredit: { creditNoteOf: 'likaLast', creditNote: { reason: 'Popust', lines: [{ line: 0, quantity: 0.5 }] } },
  }),
  // Bivši: no longer rents (the contract was replaced)
  seed: async ({ h, token, clients }) => {
    const put = await h.request('PUT', `/api/v1/company/${clients.bivsi}`, {
      token,
      body: {
        pin: null,
        email: 'najam@example.hr',
        note: null,
        bankAccountNumber: null,
        contracts: [{ type: 'SOW', paymentDueDays: 15 }],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
  },
  ready: ({ clients, invoices, ...rest }) => {
    ({ h, token } = rest);
    Object.assign(ids, clients);
    for (const key of ['likaOld', 'bivsiLast', 'likaLast', 'muraLast', 'krkaLast'] as const) ids[key] = invoices[key].id;
  },
});

type List = {
  data: { id: number; client: string; invoiceDate: string; invoiceState: string }[];
  page: { total: number };
};
const list = async (query: string) => {
  const res = await h.request('GET', `/api/v1/invoice/list${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<List>();
};
const due = async (extra = '') =>
  (await list(`?notInvoicedThisMonth=1${extra}`)).data.map((r) => [r.client, r.invoiceDate]);

async function rentInvoice(clientId: number, day: string, extra: Record<string, unknown> = {}) {
  const res = await onDay(day, () => h.request('POST', '/api/v1/invoice', { token, body: rentBody(world.w.rent, clientId, day, extra) }));
  expect(res.statusCode, res.body).toBe(201);
  return dataOf<{ id: number }>(res).id;
}

describe('the list filter "not yet invoiced this month"', () => {
  it('shows each rent client still to invoice by its latest issued RENT invoice, newest first', async () => {
    // Krka's cleared invoice counts as issued; Novi has nothing to repeat; Bivši no longer rents
    expect(await due()).toEqual(
      [
        ['Krka Skladište d.o.o.', monthsAgo(1)],
        ['Mura Ured j.d.o.o.', monthsAgo(1)],
        ['Lika Najam d.o.o.', monthsAgo(1)],
      ].sort((a, b) => (a[1] === b[1] ? 0 : a[1]! < b[1]! ? 1 : -1)),
    );
    const answer = await list('?notInvoicedThisMonth=1');
    expect(answer.page.total).toBe(3);
    expect(answer.data.map((r) => r.id).sort()).toEqual([ids.likaLast, ids.muraLast, ids.krkaLast].sort());
  });

  it('drops a client once a RENT invoice, even a draft, is billed this month, and brings it back when that draft is deleted', async () => {
    const draft = await rentInvoice(ids.mura, today, { draft: true });
    expect((await due()).map(([name]) => name)).not.toContain('Mura Ured j.d.o.o.');
    expect((await h.request('DELETE', `/api/v1/invoice/${draft}`, { token })).statusCode).toBe(200);
    expect((await due()).map(([name]) => name)).toContain('Mura Ured j.d.o.o.');

    await rentInvoice(ids.krka, today);
    expect((await due()).map(([name]) => name).sort()).toEqual(['Lika Najam d.o.o.', 'Mura Ured j.d.o.o.']);
  });

  it('combines with the text, year, state and paging parameters, which answer as before', async () => {
    expect(await due('&q=lika')).toEqual([['Lika Najam d.o.o.', monthsAgo(1)]]);
    expect(await due(`&year=${Number(monthsAgo(1).slice(0, 4)) - 5}`)).toEqual([]);
    expect(await due('&state=CLEARED')).toEqual([]);
    const paged = await list('?notInvoicedThisMonth=1&pageSize=1&page=2');
    expect(paged.page.total).toBe(2);
    expect(paged.data).toHaveLength(1);
    // without the parameter the whole list, as it always was
    const all = await list('?pageSize=200');
    // Lika 2, Bivši 1, Mura 2, Krka 2 invoices and Lika's credit note
    expect(all.page.total).toBe(8);
  });

  it('refuses any other value with a 400 naming the parameter, in the request language', async () => {
    const res = await h.request('GET', '/api/v1/invoice/list?notInvoicedThisMonth=yes', {
      token,
      lang: 'en',
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)[0]).toMatchObject({ code: 'validation', field: 'notInvoicedThisMonth' });
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await h.request('GET', '/api/docs/json')).json<{
      paths: Record<string, { get?: { parameters?: { name: string; description?: string }[] } }>;
    }>();
    const parameter = doc.paths['/api/v1/invoice/list']?.get?.parameters?.find(
      (p) => p.name === 'notInvoicedThisMonth',
    );
    expect(parameter?.description).toMatch(/RENT contract/);
  });

  // the plan's wording is SQLite's; PostgreSQL plans tiny test tables by cost, not by index
  it.runIf(dbKind === 'sqlite')('is answered along indexes, never by scanning the invoices', async () => {
    // the list's own filter, as SQLite plans it under the list's order and page
    const compiled = h.db
      .selectFrom('invoice')
      .select('invoice.id')
      .where(notInvoicedThisMonth(today))
      .orderBy('invoice.billing_date', 'desc')
      .orderBy('invoice.id', 'desc')
      .limit(50)
      .compile();
    const plan = await h.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    const details = plan.rows.map((r) => r.detail);
    expect(details.filter((d) => /SCAN (invoice|latest|billed)\b/.test(d))).toEqual([]);
    expect(details.filter((d) => d.includes('invoice_client_rent_idx'))).toHaveLength(2);
  });
});

import { describe, expect, it } from 'vitest';
import { dataOf } from './harness';
import { invoiceBody, line, mixedYear, today, useInvoiceWorld } from './invoiceFixtures';

const year = Number(today.slice(0, 4));
// last June's, the overdue German rent, the dollars, the cleared one, and a draft
const world = useInvoiceWorld({
  invoices: (w) => ({ ...mixedYear(w), draft: { body: { ...invoiceBody(w.hr, [line(w.dev, 10)]), draft: true } } }),
});

type List = {
  data: { invoiceNumber: string | null; client: string; invoiceDate: string; invoiceState: string; amountFormatted: string; overdue: boolean }[];
  filters: { key: string; facets: { value: string; isSelected: boolean }[] }[];
  page: { total: number };
};
const list = async (query = '', lang?: string) =>
  (await world.h.request('GET', `/api/v1/invoice/list${query}`, { token: world.token, ...(lang ? { lang } : {}) })).json<List>();

describe('the invoice list', () => {
  it('lists newest first with year facets and amounts written in Croatian whatever the language (issue 11)', async () => {
    const all = await list();
    expect(all.page.total).toBe(5);
    expect(all.filters).toEqual([{ key: 'year', facets: [{ value: String(year), isSelected: false }, { value: String(year - 1), isSelected: false }] }]);
    const dates = all.data.map((r) => r.invoiceDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(all.data.find((r) => r.client === 'Bluewater Analytics LLC')?.amountFormatted).toBe('1.082,50\u00a0USD');
    const en = await list('', 'en');
    expect(en.data.find((r) => r.client === 'Bluewater Analytics LLC')?.amountFormatted).toBe('1.082,50\u00a0USD');
  });

  it('filters by year, text and state, and pages', async () => {
    const previous = await list(`?year=${year - 1}`);
    expect(previous.data.map((r) => r.client)).toEqual(['Jadranski Softver d.o.o.']);
    expect(previous.filters[0]?.facets.find((f) => f.value === String(year - 1))?.isSelected).toBe(true);
    expect((await list('?q=nordLICHT')).data.map((r) => r.client)).toEqual(['Nordlicht Digital GmbH']);
    expect((await list('?q=2%2FPOSL1')).data.map((r) => r.invoiceNumber)).toEqual(['2/POSL1/1']);
    expect((await list('?q=100%25')).data).toEqual([]);
    expect((await list('?state=DRAFT')).data.map((r) => r.invoiceNumber)).toEqual([null]);
    const overdue = await list('?overdue=1');
    expect(overdue.data.map((r) => [r.client, r.overdue])).toEqual([['Nordlicht Digital GmbH', true], ['Jadranski Softver d.o.o.', true]]);
    const page2 = await list('?pageSize=2&page=2');
    expect(page2.data).toHaveLength(2);
    expect(page2.page.total).toBe(5);
    expect((await world.h.request('GET', '/api/v1/invoice/list?pageSize=500', { token: world.token })).statusCode).toBe(400);
  });

  it('refuses a search text with a control character in words, on both databases (was a 500 on PostgreSQL)', async () => {
    for (const query of ['?q=%00', '?notInvoicedThisMonth=true&q=%00&state=PUBLISHED', '?q=ab%01c']) {
      const res = await world.h.request('GET', `/api/v1/invoice/list${query}`, { token: world.token, lang: 'en' });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ errors: { field: string; reason: string }[] }>().errors[0]).toMatchObject({ field: 'q', reason: expect.stringContaining('control or invisible character') as string });
    }
  });
});

describe('the dashboard', () => {
  it('sums the year in euro and counts overdue invoices', async () => {
    const d = dataOf<{ year: number; years: number[]; issuedEurCents: number; clearedEurCents: number; outstandingEurCents: number; overdueCount: number; monthly: { month: number; issuedEurCents: number }[]; latest: unknown[] }>(
      await world.h.request('GET', '/api/v1/dashboard', { token: world.token }),
    );
    // this year: DE 800 (reverse charge), US 1082.50 USD = 1000 €, HR 90 + 25 % = 112.50 (cleared); the draft does not count
    expect(d).toMatchObject({ year, issuedEurCents: 80000 + 100000 + 11250, clearedEurCents: 11250, outstandingEurCents: 180000, overdueCount: 1 });
    expect(d.years).toEqual([year, year - 1]);
    expect(d.monthly.reduce((sum, m) => sum + m.issuedEurCents, 0)).toBe(d.issuedEurCents);
    expect(d.latest).toHaveLength(3);
    const previous = dataOf<{ issuedEurCents: number }>(await world.h.request('GET', `/api/v1/dashboard?year=${year - 1}`, { token: world.token }));
    expect(previous.issuedEurCents).toBe(12500);
  });
});

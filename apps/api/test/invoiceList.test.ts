import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, dataOf, signedInHarness } from './harness';
import { daysAgo, invoiceBody, line, seedInvoiceWorld, today } from './invoiceFixtures';

let h: Harness;
let token: string;
let w: Awaited<ReturnType<typeof seedInvoiceWorld>>;
const year = Number(today.slice(0, 4));
const lastYear = `${year - 1}-06-15`;

beforeAll(async () => {
  ({ h, token } = await signedInHarness());
  w = await seedInvoiceWorld(h, token);
  const create = (body: unknown) => h.request('POST', '/api/v1/invoice', { token, body });
  await create(invoiceBody(w.hr, [line(w.dev, 100)], { billingDate: lastYear, deliveryDate: lastYear, paymentDueDate: `${year - 1}-07-01` }));
  await create(invoiceBody(w.de, [line(w.rent, 800)], { billingDate: daysAgo(40), deliveryDate: daysAgo(40), paymentDueDate: daysAgo(20) }));
  await create(invoiceBody(w.us, [line(w.usd, 1082.5, 1, { currency: 'USD' })], { eurFxRate: '1.0825' }));
  const cleared = dataOf<{ id: number }>(await create(invoiceBody(w.hr, [line(w.dev, 45, 2)])));
  await h.request('POST', `/api/v1/invoice/${cleared.id}/clear`, { token });
  await create({ ...invoiceBody(w.hr, [line(w.dev, 10)]), draft: true });
});
afterAll(async () => {
  await h.close();
});

type List = {
  data: { invoiceNumber: string | null; client: string; invoiceDate: string; invoiceState: string; amountFormatted: string; overdue: boolean }[];
  filters: { key: string; facets: { value: string; isSelected: boolean }[] }[];
  page: { total: number };
};
const list = async (query = '', lang?: string) =>
  (await h.request('GET', `/api/v1/invoice/list${query}`, { token, ...(lang ? { lang } : {}) })).json<List>();

describe('the invoice list', () => {
  it('lists newest first with year facets and amounts written in Croatian whatever the language (issue 11)', async () => {
    const all = await list();
    expect(all.page.total).toBe(5);
    expect(all.filters).toEqual([{ key: 'year', facets: [{ value: String(year), isSelected: false }, { value: String(year - 1), isSelected: false }] }]);
    const dates = all.data.map((r) => r.invoiceDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(all.data.find((r) => r.client === 'Bluewater LLC')?.amountFormatted).toBe('1.082,50\u00a0USD');
    const en = await list('', 'en');
    expect(en.data.find((r) => r.client === 'Bluewater LLC')?.amountFormatted).toBe('1.082,50\u00a0USD');
  });

  it('filters by year, text and state, and pages', async () => {
    const previous = await list(`?year=${year - 1}`);
    expect(previous.data.map((r) => r.client)).toEqual(['Jadran d.o.o.']);
    expect(previous.filters[0]?.facets.find((f) => f.value === String(year - 1))?.isSelected).toBe(true);
    expect((await list('?q=nordLICHT')).data.map((r) => r.client)).toEqual(['Nordlicht GmbH']);
    expect((await list('?q=2%2FPOSL1')).data.map((r) => r.invoiceNumber)).toEqual(['2/POSL1/1']);
    expect((await list('?q=100%25')).data).toEqual([]);
    expect((await list('?state=DRAFT')).data.map((r) => r.invoiceNumber)).toEqual([null]);
    const overdue = await list('?overdue=1');
    expect(overdue.data.map((r) => [r.client, r.overdue])).toEqual([['Nordlicht GmbH', true], ['Jadran d.o.o.', true]]);
    const page2 = await list('?pageSize=2&page=2');
    expect(page2.data).toHaveLength(2);
    expect(page2.page.total).toBe(5);
    expect((await h.request('GET', '/api/v1/invoice/list?pageSize=500', { token })).statusCode).toBe(400);
  });
});

describe('the dashboard', () => {
  it('sums the year in euro and counts overdue invoices', async () => {
    const d = dataOf<{ year: number; years: number[]; issuedEurCents: number; clearedEurCents: number; outstandingEurCents: number; overdueCount: number; monthly: { month: number; issuedEurCents: number }[]; latest: unknown[] }>(
      await h.request('GET', '/api/v1/dashboard', { token }),
    );
    // this year: DE 800 (reverse charge), US 1082.50 USD = 1000 €, HR 90 + 25 % = 112.50 (cleared); the draft does not count
    expect(d).toMatchObject({ year, issuedEurCents: 80000 + 100000 + 11250, clearedEurCents: 11250, outstandingEurCents: 180000, overdueCount: 1 });
    expect(d.years).toEqual([year, year - 1]);
    expect(d.monthly.reduce((sum, m) => sum + m.issuedEurCents, 0)).toBe(d.issuedEurCents);
    expect(d.latest).toHaveLength(3);
    const previous = dataOf<{ issuedEurCents: number }>(await h.request('GET', `/api/v1/dashboard?year=${year - 1}`, { token }));
    expect(previous.issuedEurCents).toBe(12500);
  });
});

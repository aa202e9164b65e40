import { describe, expect, it } from 'vitest';
import { daysAgo, invoiceBody, line, suppliedOn, today, useInvoiceWorld } from './invoiceFixtures';

const year = Number(today.slice(0, 4));

/**
 * Searching the list by number (issue 31): "4/POSL1" matched 44, 34, 24 and 14 too, and listed them
 * newest first, so the invoice typed came last. The exact number comes first, then the numbers that
 * start with the text, then the rest, each newest first.
 */
const world = useInvoiceWorld({
  // supplied the day it is issued: a contract's proposed dates (today's) could lie after a day 20 days ago
  invoices: (w) => ({ first: { on: daysAgo(20), body: invoiceBody(w.hr, [line(w.dev, 10)], suppliedOn(daysAgo(20))) } }),
  seed: async ({ h }) => {
    // numbers 4, 14, 24, 34 and 44 of this year, 44 the newest: copies of the issued invoice
    const { id: _id, ...template } = await h.db.selectFrom('invoice').selectAll().where('state', '=', 'PUBLISHED').executeTakeFirstOrThrow();
    for (const [i, seq] of [4, 14, 24, 34, 44].entries()) {
      await h.db
        .insertInto('invoice')
        .values({ ...template, number_seq: seq, number_year: year, invoice_number: `${seq}/POSL1/1`, billing_date: daysAgo(10 - i * 2) })
        .execute();
    }
  },
});

const numbers = async (q: string) =>
  (await world.h.request('GET', `/api/v1/invoice/list?q=${encodeURIComponent(q)}`, { token: world.token })).json<{ data: { invoiceNumber: string | null }[]; page: { total: number } }>();

describe('searching the invoice list by number', () => {
  it('lists the exact number first, then the numbers starting with the text, then the rest', async () => {
    const found = await numbers('4/POSL1');
    expect(found.data.map((r) => r.invoiceNumber)).toEqual(['4/POSL1/1', '44/POSL1/1', '34/POSL1/1', '24/POSL1/1', '14/POSL1/1']);
    expect(found.page.total).toBe(5);
    expect((await numbers('4/posl1/1')).data[0]?.invoiceNumber).toBe('4/POSL1/1');
    // the numbers starting with the text ahead of those holding it: "4" starts 44 and 4, is inside 34, 24 and 14
    expect((await numbers('4')).data.map((r) => r.invoiceNumber)).toEqual(['44/POSL1/1', '4/POSL1/1', '34/POSL1/1', '24/POSL1/1', '14/POSL1/1']);
    // a text without a digit keeps the list's order, newest first
    expect((await numbers('posl')).data.map((r) => r.invoiceNumber)).toEqual(['44/POSL1/1', '34/POSL1/1', '24/POSL1/1', '14/POSL1/1', '4/POSL1/1', '1/POSL1/1']);
  });
});

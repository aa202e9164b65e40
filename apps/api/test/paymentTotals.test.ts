import type { Dashboard, InvoiceListRow } from '@faktura/shared';
import { describe, expect, it } from 'vitest';
import { monthTotals, monthTotalsFromInvoices, paymentMonths, paymentMonthsFromPayments } from '../src/modules/invoice/invoice.monthTotals.repository';
import { dataOf } from './harness';
import { daysAgo, invoiceBody, line, onDay, suppliedOn, today, useInvoiceWorld } from './invoiceFixtures';

/*
 * The dashboard and the list from payments (issue 28, decision 028): outstanding is due less paid,
 * the months' paid figures are the payments received in them, and the stored totals equal a recount
 * from the invoices and the payments after every payment write.
 */

const world = useInvoiceWorld();
const year = Number(today.slice(0, 4));
const month = Number(today.slice(5, 7));
// issued on the first of this month (or today): every payment stays in this year and month
const issuedOn = today.slice(0, 8) + '01';

const issue = async (body: unknown) => {
  const res = await onDay(issuedOn, () => world.h.request('POST', '/api/v1/invoice', { token: world.token, body }));
  if (res.statusCode !== 201) throw new Error(res.body);
  return dataOf<{ id: number; number: string }>(res);
};
const post = async (path: string, body?: unknown) => {
  const res = await world.h.request('POST', path, { token: world.token, ...(body === undefined ? {} : { body }) });
  if (res.statusCode >= 300) throw new Error(`${path}: ${res.body}`);
  return res;
};
const pay = async (id: number, amount: number, extra: Record<string, unknown> = {}) =>
  dataOf<{ payment: { id: number } }>(await post(`/api/v1/invoice/${id}/payment`, { date: today, method: 'TRANSFER', amount, ...extra })).payment.id;
const dashboard = async () => dataOf<Dashboard>(await world.h.request('GET', `/api/v1/dashboard?year=${year}`, { token: world.token }));
const rowOf = async (id: number) =>
  dataOf<InvoiceListRow[]>(await world.h.request('GET', `/api/v1/invoice/list?year=${year}&pageSize=200`, { token: world.token })).find((r) => r.id === id);

/** The stored totals equal a recount from the invoices and the payments. */
async function exact(step: string) {
  const documents = (await monthTotalsFromInvoices(world.h.db, year)).map(({ year: _y, ...r }) => r);
  expect({ step, totals: await monthTotals(world.h.db, year) }).toEqual({ step, totals: documents });
  const received = (await paymentMonthsFromPayments(world.h.db, year)).map(({ year: _y, ...r }) => r);
  expect({ step, months: await paymentMonths(world.h.db, year) }).toEqual({ step, months: received });
}
const figures = async () => {
  const d = await dashboard();
  return { issued: d.issuedEurCents, cleared: d.clearedEurCents, outstanding: d.outstandingEurCents, paid: d.paidEurCents, monthPaid: d.monthly[month - 1]?.paidEurCents };
};

describe('the dashboard and the list from payments', () => {
  it('counts part payments, corrections, deletions, clearing, unclearing and credit notes exactly', async () => {
    const a = await issue(invoiceBody(world.w.hr, [line(world.w.dev, 45, 10)], suppliedOn(issuedOn, 30))); // 562,50 €
    const b = await issue(invoiceBody(world.w.hr, [line(world.w.dev, 100)], suppliedOn(issuedOn, 30))); // 125,00 €
    const usd = await issue(invoiceBody(world.w.us, [line(world.w.usd, 1082.5, 1, { currency: 'USD' })], { ...suppliedOn(issuedOn, 30), eurFxRate: '1.0825' })); // 1.000,00 €
    await exact('issued');
    expect(await figures()).toEqual({ issued: 168750, cleared: 0, outstanding: 168750, paid: 0, monthPaid: 0 });

    // part payments: outstanding is what is still due, the month's paid figure what came in
    const first = await pay(a.id, 200, { method: 'CASH' });
    await pay(a.id, 100);
    await exact('part payments');
    expect(await figures()).toEqual({ issued: 168750, cleared: 0, outstanding: 138750, paid: 30000, monthPaid: 30000 });
    expect(await rowOf(a.id)).toMatchObject({ invoiceState: 'PUBLISHED', paidCents: 30000, outstandingCents: 26250 });

    // a correction takes part of a payment back
    await pay(a.id, -50, { correctsPaymentId: first });
    await exact('correction');
    expect(await figures()).toMatchObject({ outstanding: 143750, paid: 25000 });

    // a dollar payment counts in euro at the invoice's rate: 541,25 $ = 500,00 €
    const dollars = await pay(usd.id, 541.25);
    await exact('dollar payment');
    expect(await figures()).toMatchObject({ outstanding: 93750, paid: 75000 });
    expect(await rowOf(usd.id)).toMatchObject({ paidCents: 54125, outstandingCents: 54125, currencyCode: 'USD' });

    // deleting a payment brings it back
    const res = await world.h.request('DELETE', `/api/v1/invoice/${usd.id}/payment/${dollars}`, { token: world.token });
    expect(res.statusCode).toBe(200);
    await exact('payment deleted');
    expect(await figures()).toMatchObject({ outstanding: 143750, paid: 25000 });

    // clear records what is open: the invoice is cleared, nothing of it is outstanding
    await post(`/api/v1/invoice/${a.id}/clear`, { paymentDate: today });
    await exact('cleared');
    expect(await figures()).toEqual({ issued: 168750, cleared: 56250, outstanding: 112500, paid: 56250, monthPaid: 56250 });
    expect(await rowOf(a.id)).toMatchObject({ invoiceState: 'CLEARED', paidCents: 56250, outstandingCents: 0 });

    // unclear deletes the payment clear made; the part payments stay
    await post(`/api/v1/invoice/${a.id}/unclear`);
    await exact('uncleared');
    expect(await figures()).toEqual({ issued: 168750, cleared: 0, outstanding: 143750, paid: 25000, monthPaid: 25000 });

    // a part payment, then a credit note that leaves no more due than was paid: the invoice clears
    await pay(b.id, 50);
    const lineId = dataOf<{ lineItems: { lineId: number }[] }>(await world.h.request('GET', `/api/v1/invoice/${b.id}`, { token: world.token })).lineItems[0]?.lineId;
    await post(`/api/v1/invoice/${b.id}/credit-note`, { reason: 'Manje sati', lines: [{ lineId, quantity: 0.6 }] });
    await exact('credit note');
    const row = await rowOf(b.id);
    expect(row).toMatchObject({ invoiceState: 'CLEARED', paidCents: 5000, outstandingCents: 0 });
    // issued: the note (−75,00 €) counts; cleared: the invoice and its note; paid: 250 + 50
    expect(await figures()).toEqual({ issued: 161250, cleared: 5000, outstanding: 156250 - 25000, paid: 30000, monthPaid: 30000 });
  });

  it('shows what is owed on overdue invoices, less their part payments', async () => {
    const late = daysAgo(40);
    const res = await onDay(late, () =>
      world.h.request('POST', '/api/v1/invoice', { token: world.token, body: invoiceBody(world.w.hr, [line(world.w.dev, 100)], suppliedOn(late, 10)) }),
    );
    const { id } = dataOf<{ id: number }>(res);
    const lateYear = Number(late.slice(0, 4));
    const before = dataOf<Dashboard>(await world.h.request('GET', `/api/v1/dashboard?year=${lateYear}`, { token: world.token }));
    await pay(id, 25);
    await exact('overdue part payment');
    const after = dataOf<Dashboard>(await world.h.request('GET', `/api/v1/dashboard?year=${lateYear}`, { token: world.token }));
    expect(after.overdueCount).toBe(before.overdueCount);
    expect(after.overdueEurCents).toBe(before.overdueEurCents - 2500);
    expect(after.overdueEurCents).toBeGreaterThanOrEqual(10000);

    // a credit note takes off what it credits (−37,50 €); a late USD invoice counts at its own rate,
    // less its part payment (1082,50 USD at 1,0825 = 1000,00 €, paid 108,25 USD = 100,00 €)
    const creditedLine = dataOf<{ lineItems: { lineId: number }[] }>(await world.h.request('GET', `/api/v1/invoice/${id}`, { token: world.token })).lineItems[0]?.lineId;
    await post(`/api/v1/invoice/${id}/credit-note`, { reason: 'Manje sati', lines: [{ lineId: creditedLine, quantity: 0.3 }] });
    const usd = await onDay(late, () =>
      world.h.request('POST', '/api/v1/invoice', {
        token: world.token,
        body: invoiceBody(world.w.us, [line(world.w.usd, 1082.5, 1, { currency: 'USD' })], { ...suppliedOn(late, 10), eurFxRate: '1.0825' }),
      }),
    );
    await pay(dataOf<{ id: number }>(usd).id, 108.25);
    const foreign = dataOf<Dashboard>(await world.h.request('GET', `/api/v1/dashboard?year=${lateYear}`, { token: world.token }));
    expect(foreign.overdueCount).toBe(after.overdueCount + 1);
    expect(foreign.overdueEurCents).toBe(after.overdueEurCents - 3750 + 90000);
  });
});

import { type PaymentReport, addDays, formatDate, paymentReportDeadline } from '@faktura/shared';
import { sampleClientInput } from '@faktura/shared/samples';
import { describe, expect, it } from 'vitest';
import { dataOf, errorsOf } from './harness';
import { invoiceBody, line, onDay, suppliedOn, today, useInvoiceWorld } from './invoiceFixtures';
import { pdfText } from './pdfText';

/*
 * The month's payment report (issue 28, decision 028): exactly the payments received in the month on
 * invoices to Croatian businesses with an OIB; foreign clients and private persons are left out.
 */

const month = today.slice(0, 7);
const monthStart = `${month}-01`;
const lastMonthDay = addDays(monthStart, -1);
const issuedOn = addDays(monthStart, -10);

const world = useInvoiceWorld({
  clients: {
    // a private person: a Croatian client without an OIB
    person: sampleClientInput('domestic', { name: 'Ana Anić', pin: null, email: 'ana@example.hr', contracts: [] }),
    paper: sampleClientInput('domesticSmall'),
  },
});

const issue = async (clientId: number, price = 45) => {
  const res = await onDay(issuedOn, () =>
    world.h.request('POST', '/api/v1/invoice', { token: world.token, body: invoiceBody(clientId, [line(world.w.dev, price, 10)], suppliedOn(issuedOn, 15)) }),
  );
  if (res.statusCode !== 201) throw new Error(res.body);
  return dataOf<{ id: number; number: string }>(res);
};
const pay = async (id: number, body: Record<string, unknown>) => {
  const res = await world.h.request('POST', `/api/v1/invoice/${id}/payment`, { token: world.token, body: { method: 'TRANSFER', ...body } });
  if (res.statusCode !== 201) throw new Error(res.body);
  return dataOf<{ payment: { id: number } }>(res).payment.id;
};
const report = (query: string, lang?: string) =>
  world.h.request('GET', `/api/v1/reports/payments${query}`, { token: world.token, ...(lang ? { lang } : {}) });

describe('the payments to report for a month', () => {
  interface Expected {
    paymentId: number;
    issueDate: string;
    invoiceNumber: string;
    issuerOib: string;
    recipientOib: string;
    recipientName: string;
    paidOn: string;
    amountCents: number;
    method: string;
    reportCode: string | undefined;
    correctsPaymentId: number | null;
    reported: boolean;
  }
  let expected: Expected[] = [];
  let business: { id: number; number: string };

  it('lists exactly the month’s payments on invoices to Croatian businesses, part payments and a correction apart', async () => {
    business = await issue(world.w.hr); // 562,50 €
    const paper = await issue(world.clients.paper, 10); // 125,00 €
    const foreign = await issue(world.w.de);
    const person = await issue(world.clients.person);

    await pay(business.id, { date: lastMonthDay, amount: 12.5 }); // last month: not in this one
    const cash = await pay(business.id, { date: monthStart, amount: 200, method: 'CASH' });
    const setoff = await pay(business.id, { date: monthStart, amount: 50, method: 'SETOFF' });
    const correction = await pay(business.id, { date: today, amount: -50, method: 'SETOFF', correctsPaymentId: setoff });
    const card = await pay(paper.id, { date: today, amount: 125, method: 'CARD' });
    await pay(foreign.id, { date: today, amount: 100 });
    await pay(person.id, { date: today, amount: 100, method: 'CASH' });
    // one already reported (nothing sets it yet but the fiscalization to come)
    await world.h.db.updateTable('invoice_payment').set({ reported_at: '2026-01-01T10:00:00.000Z' }).where('id', '=', cash).execute();

    const res = await report(`?month=${month}`);
    expect(res.statusCode).toBe(200);
    const data = dataOf<PaymentReport>(res);
    const row = (
      paymentId: number,
      invoice: { id: number; number: string },
      amountCents: number,
      method: string,
      paidOn: string,
      extra: Partial<Expected> = {},
    ) => ({
      paymentId,
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      issueDate: issuedOn,
      issuerOib: '69814562369',
      recipientOib: invoice === paper ? '88241270546' : '33914072203',
      recipientName: invoice === paper ? 'Slavonska Pekara j.d.o.o.' : 'Jadranski Softver d.o.o.',
      paidOn,
      amountCents,
      currencyCode: 'EUR',
      method,
      reportCode: ({ TRANSFER: 'T', SETOFF: 'O', CASH: 'Z', CARD: 'Z' } as Record<string, string>)[method],
      correctsPaymentId: null,
      reported: false,
      ...extra,
    });
    expected = [
      row(cash, business, 20000, 'CASH', monthStart, { reported: true }),
      row(setoff, business, 5000, 'SETOFF', monthStart),
      row(correction, business, -5000, 'SETOFF', today, { correctsPaymentId: setoff }),
      row(card, paper, 12500, 'CARD', today),
    ].sort((a, b) => a.paidOn.localeCompare(b.paidOn) || a.paymentId - b.paymentId);
    expect(data.rows.map(({ reportedAt: _r, ...rest }) => rest)).toEqual(expected);
    expect(data.rows.find((r) => r.paymentId === cash)?.reportedAt).toBe('2026-01-01T10:00:00.000Z');
    expect({ month: data.month, from: data.from, deadline: data.deadline, totals: data.totals }).toEqual({
      month,
      from: monthStart,
      deadline: paymentReportDeadline(month),
      totals: { payments: 4, unreported: 3, amounts: [{ currencyCode: 'EUR', amountCents: 32500, payments: 4 }] },
    });

    // the month before holds the payment of last month alone
    const before = dataOf<PaymentReport>(await report(`?month=${lastMonthDay.slice(0, 7)}`));
    expect(before.rows.map((r) => [r.invoiceNumber, r.amountCents, r.reportCode])).toEqual([[business.number, 1250, 'T']]);
  });

  it('gives the same rows as CSV: semicolons, UTF-8 with BOM, Croatian columns and decimal comma', async () => {
    const res = await report(`.csv?month=${month}`, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`naplate-${month}.csv`);
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n').filter(Boolean);
    const [header, ...rows] = lines.map((l) => l.split(';'));
    expect(header).toEqual([
      'Broj računa',
      'Datum izdavanja',
      'OIB izdavatelja',
      'OIB primatelja',
      'Primatelj',
      'Datum naplate',
      'Naplaćeni iznos',
      'Valuta',
      'Oznaka',
      'Način plaćanja',
      'Ispravak plaćanja',
      'Prijavljeno',
      'Id plaćanja',
    ]);
    const methods: Record<string, string> = { CASH: 'gotovina', SETOFF: 'obračunsko plaćanje', CARD: 'kartica' };
    expect(rows).toEqual(
      expected.map((r) => [
        r.invoiceNumber,
        formatDate(r.issueDate, 'hr'),
        r.issuerOib,
        r.recipientOib,
        r.recipientName,
        formatDate(r.paidOn, 'hr'),
        `${r.amountCents < 0 ? '-' : ''}${Math.abs(r.amountCents) / 100},00`,
        'EUR',
        r.reportCode,
        methods[r.method],
        r.correctsPaymentId === null ? '' : String(r.correctsPaymentId),
        r.reported ? 'da' : 'ne',
        String(r.paymentId),
      ]),
    );
  });

  it('prints the month, the deadline, every row and the totals in the reader’s language', async () => {
    const hr = await report(`.pdf?month=${month}`, 'hr');
    expect(hr.statusCode).toBe(200);
    expect(hr.headers['content-type']).toBe('application/pdf');
    const text = pdfText(hr.rawPayload);
    expect(text).toContain('Naplate za prijavu Poreznoj upravi');
    expect(text).toContain(`Rok za prijavu: ${formatDate(paymentReportDeadline(month), 'hr')}`);
    expect(text).toContain('FiskAplikaciju');
    expect(text.match(new RegExp(business.number, 'g'))?.length).toBe(3);
    expect(text).toContain('\u221250,00 €'); // the minus sign Intl writes
    expect(text).toContain('Ukupno: 4 naplate');
    expect(text).toContain('325,00 €');
    expect(text).not.toContain('Ana Anić');
    expect(text).not.toContain('Nordlicht');

    const en = pdfText((await report(`.pdf?month=${month}&lang=en`)).rawPayload);
    expect(en).toContain(`Reporting deadline: ${formatDate(paymentReportDeadline(month), 'en')}`);
    expect(en).toContain('Total: 4 payments');
    expect(en).toContain('€325.00');
  });

  it('refuses a month that is not YYYY-MM, in Croatian and in English, for the list and the files', async () => {
    for (const bad of ['2026-13', '2026-1', 'studeni', '']) {
      const hr = await report(`?month=${encodeURIComponent(bad)}`, 'hr');
      expect(hr.statusCode).toBe(400);
      expect(errorsOf(hr)).toEqual([
        { reason: 'Mjesec mora biti u obliku GGGG-MM (npr. 2026-11), s mjesecom od 01 do 12', code: 'validation', field: 'month' },
      ]);
    }
    const en = await report('.csv?month=2026-00', 'en');
    expect(en.statusCode).toBe(400);
    expect(errorsOf(en)[0]?.reason).toBe('The month must be in the form YYYY-MM (e.g. 2026-11), with a month from 01 to 12');
    expect((await report('.pdf', 'en')).statusCode).toBe(400);
  });
});

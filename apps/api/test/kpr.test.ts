import type { Issuer, KprAnswer, PosdAnswer } from '@faktura/shared';
import { buildKpr } from '@faktura/shared';
import { sampleIssuerInput } from '@faktura/shared/samples';
import { describe, expect, it } from 'vitest';
import { kprPdf } from '../src/modules/kpr/kpr.pdf';
import { dataOf, errorsOf } from './harness';
import { invoiceBody, line, onDay, suppliedOn, today, useInvoiceWorld } from './invoiceFixtures';
import { pdfText } from './pdfText';

/** A paušalni obrt (outside the VAT system) with a year of payments: last year, so every day of it is past. */
const world = useInvoiceWorld({ inVatSystem: false });
const Y = Number(today.slice(0, 4)) - 1;
const day = (md: string) => `${String(Y)}-${md}`;

const issue = async (on: string, body: unknown) => {
  const res = await onDay(on, () => world.h.request('POST', '/api/v1/invoice', { token: world.token, body }));
  if (res.statusCode !== 201) throw new Error(res.body);
  return dataOf<{ id: number; number: string }>(res);
};
const pay = async (id: number, date: string, amount: number, method: string, correctsPaymentId?: number) => {
  const res = await world.h.request('POST', `/api/v1/invoice/${id}/payment`, {
    token: world.token,
    body: { date, amount, method, ...(correctsPaymentId ? { correctsPaymentId } : {}) },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return dataOf<{ payment: { id: number } }>(res).payment.id;
};
const get = (path: string, lang?: string) => world.h.request('GET', path, { token: world.token, ...(lang ? { lang } : {}) });

let numbers: { a: string; b: string; c: string };
let ids: { transfer: number; correction: number };

const setUp = (() => {
  let done: Promise<void> | undefined;
  return () =>
    (done ??= (async () => {
      const a = await issue(day('01-05'), invoiceBody(world.w.hr, [line(world.w.dev, 45, 10)], suppliedOn(day('01-05'), 15)));
      const b = await issue(day('03-01'), invoiceBody(world.w.hr, [line(world.w.dev, 45, 10)], suppliedOn(day('03-01'), 15)));
      const c = await issue(
        day('06-01'),
        invoiceBody(world.w.us, [line(world.w.usd, 1082.5, 1, { currency: 'USD' })], { eurFxRate: '1.0825', ...suppliedOn(day('06-01'), 15) }),
      );
      numbers = { a: a.number, b: b.number, c: c.number };
      await pay(a.id, day('01-10'), 100, 'CASH');
      await pay(a.id, day('01-10'), 50, 'CARD');
      await pay(a.id, day('02-03'), 200, 'TRANSFER');
      const transfer = await pay(b.id, day('04-15'), 300, 'TRANSFER');
      const correction = await pay(b.id, day('04-20'), -300, 'TRANSFER', transfer);
      ids = { transfer, correction };
      await pay(b.id, day('05-02'), 250, 'SETOFF');
      await pay(c.id, day('07-01'), 541.25, 'TRANSFER'); // 500,00 € at 1,0825
      await pay(c.id, day('10-15'), 108.25, 'OTHER'); // 100,00 €
      await pay(a.id, today, 10, 'CASH'); // this year: not in last year's book
      const flat = await world.h.request('PUT', '/api/v1/settings/issuer', { token: world.token, body: sampleIssuerInput({ inVatSystem: false, flatRate: true }) });
      if (flat.statusCode !== 200) throw new Error(flat.body);
    })());
})();

describe('KPR and PO-SD of a paušalni obrt', () => {
  it('lists every payment of the year in order, in the cash or the non-cash column, in euro', async () => {
    await setUp();
    const kpr = dataOf<KprAnswer>(await get(`/api/v1/reports/kpr?year=${String(Y)}`));
    expect(kpr.year).toBe(Y);
    expect(kpr.issuer).toEqual({ name: 'Kodni Obrt Ivana Horvat', oib: '69814562369', address: expect.stringContaining('Zagreb') as string, flatRate: true, inVatSystem: false });
    expect(kpr.rows.map((r) => [r.no, r.date, r.invoiceNumber, r.method, r.cashCents, r.nonCashCents, r.totalCents])).toEqual([
      [1, day('01-10'), numbers.a, 'CASH', 10000, 0, 10000],
      [2, day('01-10'), numbers.a, 'CARD', 5000, 0, 5000],
      [3, day('02-03'), numbers.a, 'TRANSFER', 0, 20000, 20000],
      [4, day('04-15'), numbers.b, 'TRANSFER', 0, 30000, 30000],
      [5, day('04-20'), numbers.b, 'TRANSFER', 0, -30000, -30000],
      [6, day('05-02'), numbers.b, 'SETOFF', 0, 25000, 25000],
      [7, day('07-01'), numbers.c, 'TRANSFER', 0, 50000, 50000],
      [8, day('10-15'), numbers.c, 'OTHER', 0, 10000, 10000],
    ]);
    expect(kpr.rows[4]).toMatchObject({ correctsPaymentId: ids.transfer, paymentId: ids.correction });
    expect(kpr.rows[6]).toMatchObject({ amountCents: 54125, currencyCode: 'USD' });
    expect(kpr.months.map((m) => m.totalCents)).toEqual([15000, 20000, 0, 0, 25000, 0, 50000, 0, 0, 10000, 0, 0]);
    expect(kpr.months[0]).toEqual({ month: 1, cashCents: 15000, nonCashCents: 0, totalCents: 15000 });
    expect(kpr.quarters).toEqual([
      { quarter: 1, cashCents: 15000, nonCashCents: 20000, totalCents: 35000 },
      { quarter: 2, cashCents: 0, nonCashCents: 25000, totalCents: 25000 },
      { quarter: 3, cashCents: 0, nonCashCents: 50000, totalCents: 50000 },
      { quarter: 4, cashCents: 0, nonCashCents: 10000, totalCents: 10000 },
    ]);
    expect(kpr.total).toEqual({ cashCents: 15000, nonCashCents: 105000, totalCents: 120000 });
    // this year so far: only today's payment
    const now = dataOf<KprAnswer>(await get(`/api/v1/reports/kpr?year=${String(Y + 1)}`));
    expect(now.rows.map((r) => [r.no, r.date, r.cashCents])).toEqual([[1, today, 1000]]);
  });

  it('gives PO-SD the KPR’s quarters and the year, due 15 January of the next year', async () => {
    await setUp();
    const kpr = dataOf<KprAnswer>(await get(`/api/v1/reports/kpr?year=${String(Y)}`));
    const posd = dataOf<PosdAnswer>(await get(`/api/v1/reports/posd?year=${String(Y)}`));
    expect(posd.quarters.map(({ quarter, cashCents, nonCashCents, totalCents }) => ({ quarter, cashCents, nonCashCents, totalCents }))).toEqual(kpr.quarters);
    expect(posd.quarters[0]).toMatchObject({ from: day('01-01'), to: day('03-31') });
    expect(posd.quarters[3]).toMatchObject({ from: day('10-01'), to: day('12-31') });
    expect(posd.total).toEqual(kpr.total);
    expect(posd.deadline).toBe(`${String(Y + 1)}-01-15`);
  });

  it('downloads the CSV a Croatian spreadsheet reads back to the same rows', async () => {
    await setUp();
    const res = await get(`/api/v1/reports/kpr/csv?year=${String(Y)}`, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`KPR-${String(Y)}.csv`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const table = res.body.slice(1).trimEnd().split('\r\n').map((l) => l.split(';'));
    expect(table[0]).toEqual([
      'Redni broj',
      'Datum',
      'Broj računa',
      'Iznos naplaćen u gotovini / karticom (EUR)',
      'Iznos naplaćen bezgotovinski – transakcijski račun (EUR)',
      'Ukupno (EUR)',
    ]);
    expect(table.slice(1)).toEqual([
      ['1', `10.01.${String(Y)}.`, numbers.a, '100,00', '0,00', '100,00'],
      ['2', `10.01.${String(Y)}.`, numbers.a, '50,00', '0,00', '50,00'],
      ['3', `03.02.${String(Y)}.`, numbers.a, '0,00', '200,00', '200,00'],
      ['4', `15.04.${String(Y)}.`, numbers.b, '0,00', '300,00', '300,00'],
      ['5', `20.04.${String(Y)}.`, numbers.b, '0,00', '-300,00', '-300,00'],
      ['6', `02.05.${String(Y)}.`, numbers.b, '0,00', '250,00', '250,00'],
      ['7', `01.07.${String(Y)}.`, numbers.c, '0,00', '500,00', '500,00'],
      ['8', `15.10.${String(Y)}.`, numbers.c, '0,00', '100,00', '100,00'],
      ['', '', `Ukupno ${String(Y)}.`, '150,00', '1050,00', '1200,00'],
    ]);
  });

  it('prints the form in Croatian with the issuer, the rows and the month, quarter and year sums', async () => {
    await setUp();
    const res = await get(`/api/v1/reports/kpr/pdf?year=${String(Y)}`, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'KNJIGA PROMETA',
      `Obrazac KPR · za ${String(Y)}. godinu`,
      'Obveznik: Kodni Obrt Ivana Horvat',
      'OIB: 69814562369',
      'gotovini / karticom',
      'bezgotovinski',
      'Ukupno siječanj',
      'Ukupno I. tromjesečje',
      'Ukupno IV. tromjesečje',
      `Ukupno ${String(Y)}. godina`,
      'Primici po tromjesečjima (za Obrazac PO-SD)',
      '−300,00 €',
      '1.050,00 €',
      '1.200,00 €',
      'stranica 1 od 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(new RegExp(`1\\.\\s+10\\.01\\.${String(Y)}\\.\\s+${numbers.a.replace(/\//g, '\\/')}\\s+100,00 €\\s+0,00 €\\s+100,00 €`));
  });

  it('carries the sums over at a page break, as a paper ledger does', async () => {
    const entries = Array.from({ length: 70 }, (_, i) => ({
      paymentId: i + 1,
      date: `2025-03-${String((i % 28) + 1).padStart(2, '0')}`,
      invoiceNumber: `${String(i + 1)}/POSL1/1`,
      method: 'CASH' as const,
      eurCents: 1000,
      amountCents: 1000,
      currencyCode: 'EUR',
      correctsPaymentId: null,
    }));
    const pages = pdfText(await kprPdf({ ...buildKpr(2025, entries), issuer: null })).split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThanOrEqual(2);
    // what the first page's foot carries over is what the second page's head brings
    const carried = /Za prijenos\s+([\d.,]+ €)\s+([\d.,]+ €)\s+([\d.,]+ €)/.exec(pages[0] ?? '');
    const brought = /Prijenos\s+([\d.,]+ €)\s+([\d.,]+ €)\s+([\d.,]+ €)/.exec(pages[1] ?? '');
    expect(carried?.slice(1)).toEqual(brought?.slice(1));
    const rowsOnFirst = (pages[0]?.match(/\/POSL1\/1/g) ?? []).length;
    expect(carried?.[1]).toBe(`${String(rowsOnFirst * 10)},00 €`);
    expect(pages.map((p) => /stranica (\d+) od (\d+)/.exec(p)?.slice(1))).toEqual(pages.map((_, i) => [String(i + 1), String(pages.length)]));
    expect(pages.join('')).toContain('Ukupno 2025. godina');
  });

  it('refuses a year that is not one, in the reader’s language', async () => {
    for (const query of ['year=abc', 'year=0', 'year=10000', 'year=2025.5', '']) {
      for (const path of ['/api/v1/reports/kpr', '/api/v1/reports/kpr/csv', '/api/v1/reports/kpr/pdf', '/api/v1/reports/posd']) {
        const hr = await get(`${path}?${query}`);
        expect(hr.statusCode, `${path}?${query}`).toBe(400);
        expect(errorsOf(hr)[0]).toMatchObject({ code: 'validation', field: 'year', reason: 'Godina mora biti cijeli broj od 1 do 9999, npr. 2026' });
      }
      const en = await get(`/api/v1/reports/kpr?${query}`, 'en');
      expect(errorsOf(en)[0]).toMatchObject({ field: 'year', reason: 'The year must be a whole number from 1 to 9999, e.g. 2026' });
    }
  });

  it('keeps the paušalni obrt setting, and refuses it together with the VAT system', async () => {
    await setUp();
    const issuer = async () => dataOf<Issuer>(await get('/api/v1/settings/issuer'));
    expect((await issuer()).flatRate).toBe(true);
    const put = (body: unknown, lang?: string) => world.h.request('PUT', '/api/v1/settings/issuer', { token: world.token, body, ...(lang ? { lang } : {}) });
    // left out, the saved choice stays
    const { flatRate: _left, ...withoutFlag } = sampleIssuerInput({ inVatSystem: false, phone: '+385 1 111 1111' });
    expect(dataOf<Issuer>(await put(withoutFlag))).toMatchObject({ flatRate: true, phone: '+385 1 111 1111' });

    const both = await put(sampleIssuerInput({ inVatSystem: true, flatRate: true }), 'en');
    expect(both.statusCode).toBe(400);
    expect(errorsOf(both)[0]).toMatchObject({ field: 'flatRate', reason: expect.stringContaining('cannot be in the VAT system') as string });
    // the saved paušalni obrt and a request that only turns the VAT system on
    const vatOnly = await put(sampleIssuerInput({ inVatSystem: true }));
    expect(vatOnly.statusCode).toBe(400);
    expect(errorsOf(vatOnly)[0]).toMatchObject({ field: 'inVatSystem', reason: expect.stringContaining('Paušalni obrt ne može biti u sustavu PDV-a') as string });
    expect(await issuer()).toMatchObject({ flatRate: true, inVatSystem: false, phone: '+385 1 111 1111' });

    expect(dataOf<Issuer>(await put(sampleIssuerInput({ inVatSystem: true, flatRate: false })))).toMatchObject({ flatRate: false, inVatSystem: true });
    // restored for the other tests of this file
    expect(dataOf<Issuer>(await put(sampleIssuerInput({ inVatSystem: false, flatRate: true })))).toMatchObject({ flatRate: true });
  });
});

import type { Invoice, Payment } from '@faktura/shared';
import { describe, expect, it } from 'vitest';
import * as paymentsMigration from '../src/db/migrations/2026_11_26_0501_payments';
import * as paymentTotalsMigration from '../src/db/migrations/2026_11_26_1101_payment_totals';
import * as fiscalizationMigration from '../src/db/migrations/2026_11_26_1201_fiscalization';
import * as consumerMigration from '../src/db/migrations/2026_11_28_0101_consumer_fiscalization';
import { monthTotals, monthTotalsFromInvoices, paymentMonths, paymentMonthsFromPayments } from '../src/modules/invoice/invoice.monthTotals.repository';
import { dataOf, errorsOf } from './harness';
import { daysAgo, invoiceBody, line, onDay, suppliedOn, today, useInvoiceWorld } from './invoiceFixtures';

const world = useInvoiceWorld();
const year = Number(today.slice(0, 4));

/** Issued on `day` (the server dates it that day: decision 026): 10 h at 45 € + 25 % = 562,50 €. */
const issue = async (day = daysAgo(10), body?: unknown) => {
  const res = await onDay(day, () =>
    world.h.request('POST', '/api/v1/invoice', { token: world.token, body: body ?? invoiceBody(world.w.hr, [line(world.w.dev, 45, 10)], suppliedOn(day, 15)) }),
  );
  if (res.statusCode !== 201) throw new Error(res.body);
  return dataOf<{ id: number; number: string }>(res);
};
const detail = async (id: number) => dataOf<Invoice>(await world.h.request('GET', `/api/v1/invoice/${id}`, { token: world.token }));
const list = async (id: number) => dataOf<Payment[]>(await world.h.request('GET', `/api/v1/invoice/${id}/payment`, { token: world.token }));
const pay = (id: number, body: Record<string, unknown>, options: { lang?: string; key?: string } = {}) =>
  world.h.request('POST', `/api/v1/invoice/${id}/payment`, {
    token: world.token,
    body: { date: today, method: 'TRANSFER', ...body },
    ...(options.lang ? { lang: options.lang } : {}),
    ...(options.key ? { headers: { 'idempotency-key': options.key } } : {}),
  });
const paid = async (id: number, body: Record<string, unknown>) => {
  const res = await pay(id, body);
  if (res.statusCode !== 201) throw new Error(res.body);
  return dataOf<{ payment: Payment; invoice: { state: string; paidState: string; dueCents: number; paidCents: number; outstandingCents: number } }>(res);
};
const remove = (id: number, paymentId: number, lang?: string) =>
  world.h.request('DELETE', `/api/v1/invoice/${id}/payment/${paymentId}`, { token: world.token, ...(lang ? { lang } : {}) });
const auditOf = async (id: number) =>
  (JSON.parse((await world.h.request('GET', `/api/v1/audit?invoiceId=${id}`, { token: world.token })).body) as { data: { action: string; details: Record<string, unknown> }[] }).data;
/** The stored month totals always equal a recount from the invoices (decision 009). */
const totalsExact = async () => {
  const computed = (await monthTotalsFromInvoices(world.h.db, year)).map(({ year: _y, ...r }) => r);
  expect(await monthTotals(world.h.db, year)).toEqual(computed);
  const received = (await paymentMonthsFromPayments(world.h.db, year)).map(({ year: _y, ...r }) => r);
  expect(await paymentMonths(world.h.db, year)).toEqual(received);
};
const summary = (invoice: Invoice) => ({
  state: invoice.state,
  paidState: invoice.paidState,
  paidCents: invoice.paidCents,
  payments: invoice.payments,
  paymentDate: invoice.paymentDate,
});

describe('payments as records', () => {
  it('records part payments, lists them oldest first, and the invoice is cleared once they pay it', async () => {
    const { id } = await issue();
    expect(summary(await detail(id))).toEqual({ state: 'PUBLISHED', paidState: 'UNPAID', paidCents: 0, payments: 0, paymentDate: null });

    const first = await paid(id, { date: daysAgo(3), amount: 200, method: 'CASH', note: 'Na ruke' });
    expect(first.invoice).toEqual({ id, state: 'PUBLISHED', paidState: 'PARTLY_PAID', dueCents: 56250, paidCents: 20000, outstandingCents: 36250 });
    expect(summary(await detail(id))).toEqual({ state: 'PUBLISHED', paidState: 'PARTLY_PAID', paidCents: 20000, payments: 1, paymentDate: null });
    await totalsExact();

    // recorded later, paid earlier: the list is by the day paid
    const second = await paid(id, { date: daysAgo(5), amount: 362.5 });
    expect(second.invoice).toMatchObject({ state: 'CLEARED', paidState: 'PAID', paidCents: 56250, outstandingCents: 0 });
    // cleared on the latest day paid
    expect(summary(await detail(id))).toEqual({ state: 'CLEARED', paidState: 'PAID', paidCents: 56250, payments: 2, paymentDate: daysAgo(3) });
    await totalsExact();

    const rows = await list(id);
    expect(rows.map((p) => [p.date, p.amountCents, p.method, p.reportCode, p.note])).toEqual([
      [daysAgo(5), 36250, 'TRANSFER', 'T', null],
      [daysAgo(3), 20000, 'CASH', 'Z', 'Na ruke'],
    ]);
    expect(rows[0]).toMatchObject({ invoiceId: id, currencyCode: 'EUR', operator: 'Ana Operater', reported: false, reportedAt: null, report: null, correctsPaymentId: null });

    // each record is in the audit trail, and so is the clearing it caused
    expect((await auditOf(id)).map((e) => e.action).slice(0, 3)).toEqual(['invoice.cleared', 'payment.recorded', 'payment.recorded']);
    expect((await auditOf(id))[1]?.details).toMatchObject({ paymentId: second.payment.id, amountCents: 36250, method: 'TRANSFER', paymentDate: daysAgo(5) });
    // a paid invoice keeps its payments: it is not deleted
    expect((await world.h.request('DELETE', `/api/v1/invoice/${id}`, { token: world.token })).statusCode).toBe(409);
  });

  it('corrects a wrong record by a negative one that names it, and the invoice opens again', async () => {
    const { id } = await issue();
    const wrong = await paid(id, { date: daysAgo(2), amount: 562.5, method: 'CARD' });
    expect(wrong.invoice.state).toBe('CLEARED');
    const correction = await paid(id, { date: daysAgo(1), amount: -562.5, method: 'CARD', correctsPaymentId: wrong.payment.id, note: 'Plaćeno virmanom' });
    expect(correction.invoice).toMatchObject({ state: 'PUBLISHED', paidState: 'UNPAID', paidCents: 0, outstandingCents: 56250 });
    expect(summary(await detail(id))).toEqual({ state: 'PUBLISHED', paidState: 'UNPAID', paidCents: 0, payments: 2, paymentDate: null });
    await totalsExact();
    const right = await paid(id, { date: daysAgo(2), amount: 562.5 });
    expect(right.invoice).toMatchObject({ state: 'CLEARED', paidState: 'PAID' });
    expect((await list(id)).map((p) => [p.amountCents, p.correctsPaymentId])).toEqual([
      [56250, null],
      [56250, null],
      [-56250, wrong.payment.id],
    ]);
    // the corrected record stays while its correction does
    const refused = await remove(id, wrong.payment.id, 'en');
    expect(refused.statusCode).toBe(409);
    expect(errorsOf(refused)[0]).toMatchObject({ code: 'paymentCorrected', reason: 'The payment has a correction; delete the correction first' });
    await totalsExact();
  });

  it('deletes a record while it is not reported, and refuses once it is', async () => {
    const { id } = await issue();
    const part = await paid(id, { date: daysAgo(4), amount: 100 });
    const rest = await paid(id, { date: daysAgo(2), amount: 462.5 });
    expect(rest.invoice.state).toBe('CLEARED');

    const deleted = await remove(id, rest.payment.id);
    expect(deleted.statusCode).toBe(200);
    expect(dataOf(deleted)).toEqual({ id: rest.payment.id, invoice: { id, state: 'PUBLISHED', paidState: 'PARTLY_PAID', dueCents: 56250, paidCents: 10000, outstandingCents: 46250 } });
    expect(summary(await detail(id))).toEqual({ state: 'PUBLISHED', paidState: 'PARTLY_PAID', paidCents: 10000, payments: 1, paymentDate: null });
    expect((await auditOf(id)).map((e) => e.action).slice(0, 2)).toEqual(['invoice.uncleared', 'payment.deleted']);
    await totalsExact();

    // reported to the Tax Administration (the report itself comes with a later slice of issue 28)
    await world.h.db.updateTable('invoice_payment').set({ reported_at: new Date().toISOString() }).where('id', '=', part.payment.id).execute();
    expect((await list(id))[0]).toMatchObject({ reported: true });
    for (const [lang, reason] of [
      ['hr', 'Plaćanje je već prijavljeno Poreznoj upravi i ne može se obrisati: ispravite ga negativnim iznosom'],
      ['en', 'The payment has been reported to the Tax Administration and cannot be deleted: correct it with a negative amount'],
    ] as const) {
      const res = await remove(id, part.payment.id, lang);
      expect(res.statusCode).toBe(409);
      expect(errorsOf(res)[0]).toEqual({ code: 'paymentReported', reason });
    }
    expect(await list(id)).toHaveLength(1);
    const missing = await remove(id, rest.payment.id, 'en');
    expect(missing.statusCode).toBe(404);
    expect(errorsOf(missing)[0]).toEqual({ code: 'paymentNotFound', reason: 'The invoice has no such payment' });
  });

  it('takes an Idempotency-Key: a retried record is stored once and answered again', async () => {
    const { id } = await issue();
    const first = await pay(id, { amount: 50 }, { key: 'payment-once-1' });
    const again = await pay(id, { amount: 50 }, { key: 'payment-once-1' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await list(id)).toHaveLength(1);
  });

  it('keeps clear and unclear: clear pays what is open, unclear deletes the payment that made it paid', async () => {
    const { id } = await issue();
    await paid(id, { date: daysAgo(6), amount: 62.5, method: 'CASH' });
    const cleared = await world.h.request('POST', `/api/v1/invoice/${id}/clear`, { token: world.token, body: { paymentDate: daysAgo(1) } });
    expect(dataOf(cleared)).toEqual({ id, state: 'CLEARED', number: expect.any(String) as unknown });
    expect((await list(id)).map((p) => [p.date, p.amountCents, p.method])).toEqual([
      [daysAgo(6), 6250, 'CASH'],
      [daysAgo(1), 50000, 'TRANSFER'],
    ]);
    expect(summary(await detail(id))).toEqual({ state: 'CLEARED', paidState: 'PAID', paidCents: 56250, payments: 2, paymentDate: daysAgo(1) });
    await totalsExact();

    const uncleared = await world.h.request('POST', `/api/v1/invoice/${id}/unclear`, { token: world.token });
    expect(dataOf(uncleared)).toMatchObject({ id, state: 'PUBLISHED' });
    // the part payment before it stays
    expect((await list(id)).map((p) => p.amountCents)).toEqual([6250]);
    expect(summary(await detail(id))).toEqual({ state: 'PUBLISHED', paidState: 'PARTLY_PAID', paidCents: 6250, payments: 1, paymentDate: null });
    await totalsExact();
  });

  it('counts what its credit notes took off, and settles them when the rest is paid', async () => {
    const { id } = await issue();
    const lineId = (await detail(id)).lineItems[0]?.lineId;
    const note = await world.h.request('POST', `/api/v1/invoice/${id}/credit-note`, {
      token: world.token,
      body: { reason: 'Dva sata manje', lines: [{ lineId, quantity: 2 }] },
    });
    expect(note.statusCode).toBe(201);
    const noteId = dataOf<{ id: number }>(note).id;
    // 8 h remain: 450,00 €
    const over = await pay(id, { amount: 562.5 }, { lang: 'en' });
    expect(over.statusCode).toBe(409);
    expect(errorsOf(over)[0]).toMatchObject({ code: 'paymentOverpaid', field: 'amount' });
    expect(errorsOf(over)[0]?.reason).toContain('€450.00');
    const full = await paid(id, { amount: 450 });
    expect(full.invoice).toMatchObject({ state: 'CLEARED', paidState: 'PAID', dueCents: 45000, paidCents: 45000 });
    expect((await detail(noteId)).state).toBe('CLEARED');
    expect((await detail(noteId)).paidState).toBeNull();
    await totalsExact();
  });

  it('is paid when a credit note leaves no more due than its part payments cover', async () => {
    const { id } = await issue();
    expect((await paid(id, { date: daysAgo(2), amount: 450 })).invoice.state).toBe('PUBLISHED');
    const lineId = (await detail(id)).lineItems[0]?.lineId;
    const note = await world.h.request('POST', `/api/v1/invoice/${id}/credit-note`, {
      token: world.token,
      body: { reason: 'Dva sata manje', lines: [{ lineId, quantity: 2 }] },
    });
    expect(note.statusCode).toBe(201);
    expect(summary(await detail(id))).toEqual({ state: 'CLEARED', paidState: 'PAID', paidCents: 45000, payments: 1, paymentDate: daysAgo(2) });
    expect((await detail(dataOf<{ id: number }>(note).id)).state).toBe('CLEARED');
    expect((await auditOf(id)).map((e) => e.action).slice(0, 2)).toEqual(['invoice.cleared', 'creditNote.issued']);
    await totalsExact();
  });

  it('counts a dollar invoice in dollars', async () => {
    const { id } = await issue(daysAgo(10), {
      ...invoiceBody(world.w.us, [line(world.w.usd, 1200, 1, { currency: 'USD' })], suppliedOn(daysAgo(10), 15)),
      eurFxRate: '1.0825',
    });
    expect((await detail(id)).totalCents).toBe(120000);
    const part = await paid(id, { date: daysAgo(2), amount: 1000.1 });
    expect(part.invoice).toMatchObject({ paidState: 'PARTLY_PAID', paidCents: 100010, outstandingCents: 19990 });
    expect(part.payment).toMatchObject({ amountCents: 100010, currencyCode: 'USD' });
    const over = await pay(id, { amount: 200 }, { lang: 'en' });
    expect(errorsOf(over)[0]?.reason).toContain('$199.90');
    // meant: the client paid more (a refund is owed)
    const more = await paid(id, { amount: 200, allowOverpayment: true });
    expect(more.invoice).toMatchObject({ state: 'CLEARED', paidState: 'PAID', paidCents: 120010, outstandingCents: -10 });
    await totalsExact();
  });
});

describe('refused payments', () => {
  type Case = [string, () => Promise<number>, Record<string, unknown>, number, string, string, string];
  let invoiceId = 0;
  let firstPaymentId = 0;
  const invoice = () => Promise.resolve(invoiceId);

  it('set up: an invoice issued ten days ago with 100,00 € paid', async () => {
    invoiceId = (await issue()).id;
    firstPaymentId = (await paid(invoiceId, { date: daysAgo(2), amount: 100 })).payment.id;
  });

  const cases: Case[] = [
    [
      'a draft',
      async () =>
        dataOf<{ id: number }>(
          await world.h.request('POST', '/api/v1/invoice', { token: world.token, body: { ...invoiceBody(world.w.hr, [line(world.w.dev, 45)], suppliedOn(today)), draft: true } }),
        ).id,
      { amount: 10 },
      409,
      'paymentForDraft',
      'Plaćanje se bilježi samo za izdani račun; nacrt još nije izdan',
      'Payments are recorded on issued invoices only; the draft has not been issued',
    ],
    [
      'a credit note',
      async () => {
        const { id } = await issue(today);
        return dataOf<{ id: number }>(await world.h.request('POST', `/api/v1/invoice/${id}/credit-note`, { token: world.token, body: { reason: 'Storno' } })).id;
      },
      { amount: -10 },
      409,
      'paymentForCreditNote',
      'Plaćanja se bilježe na računu, ne na odobrenju: odobrenje umanjuje iznos računa',
      'Payments are recorded on the invoice, not on a credit note: the credit note reduces what the invoice asks',
    ],
    [
      'a day in the future',
      invoice,
      { amount: 10, date: '2999-01-01' },
      400,
      'paymentDateInFuture',
      'Datum plaćanja 1. 1. 2999. je u budućnosti',
      'The payment date 1 Jan 2999 is in the future',
    ],
    [
      'a day before the invoice was issued',
      invoice,
      { amount: 10, date: daysAgo(11) },
      400,
      'paymentDateBeforeIssue',
      'je prije datuma izdavanja računa',
      'is before the invoice was issued',
    ],
    [
      'an amount of 0',
      invoice,
      { amount: 0 },
      400,
      'paymentAmountZero',
      'Iznos plaćanja ne može biti 0',
      'The amount of a payment cannot be 0',
    ],
    [
      'a negative amount that corrects nothing',
      invoice,
      { amount: -10 },
      400,
      'paymentCorrectionRequired',
      'Negativan iznos je ispravak: navedite plaćanje koje ispravlja',
      'A negative amount is a correction: name the payment it corrects',
    ],
    [
      'a correction larger than the payment',
      invoice,
      { amount: -100.01, correctsPaymentId: -1 },
      400,
      'paymentCorrectionTooLarge',
      'može iznositi najviše 100,00',
      'at most €100.00',
    ],
    [
      'a correction of a payment the invoice does not have',
      invoice,
      { amount: -1, correctsPaymentId: 2_000_000 },
      400,
      'paymentCorrectionUnknown',
      'Ispravak se odnosi na plaćanje koje ne postoji na ovom računu',
      'The correction names a payment that this invoice does not have',
    ],
    [
      'more than is due',
      invoice,
      { amount: 462.51 },
      409,
      'paymentOverpaid',
      'Iznos je veći od preostalog duga (462,50',
      'The amount is more than what is still due (€462.50)',
    ],
  ];

  it.each(cases)('refuses %s in hr and en, storing nothing', async (_name, target, body, status, code, hr, en) => {
    const id = await target();
    const sent = { ...body, ...(body.correctsPaymentId === -1 ? { correctsPaymentId: firstPaymentId } : {}) };
    const stored = async () => ({
      payments: await world.h.db.selectFrom('invoice_payment').select(['id', 'amount_cents']).orderBy('id').execute(),
      audit: (await auditOf(id)).length,
      invoice: await detail(id),
    });
    const before = await stored();
    for (const [lang, reason] of [['hr', hr], ['en', en]] as const) {
      const res = await pay(id, sent, { lang });
      expect(res.statusCode).toBe(status);
      const [error] = errorsOf(res);
      expect(error?.code).toBe(code);
      expect(error?.reason.replace(/\u00a0/g, ' ')).toContain(reason);
    }
    expect(await stored()).toEqual(before);
  });
});

describe('the migration to payment records', () => {
  it('turns every invoice cleared by a payment into one payment of what was due, on its payment date', async () => {
    // cleared whole; cleared after a partial credit note; settled by a full credit note (no payment)
    const whole = await issue(daysAgo(9));
    await world.h.request('POST', `/api/v1/invoice/${whole.id}/clear`, { token: world.token, body: { paymentDate: daysAgo(4) } });
    const part = await issue(daysAgo(9));
    const lineId = (await detail(part.id)).lineItems[0]?.lineId;
    await world.h.request('POST', `/api/v1/invoice/${part.id}/credit-note`, { token: world.token, body: { reason: 'Manje', lines: [{ lineId, quantity: 4 }] } });
    await world.h.request('POST', `/api/v1/invoice/${part.id}/clear`, { token: world.token, body: { paymentDate: daysAgo(3) } });
    const credited = await issue(daysAgo(9));
    await world.h.request('POST', `/api/v1/invoice/${credited.id}/credit-note`, { token: world.token, body: { reason: 'Storno' } });
    expect((await detail(credited.id)).state).toBe('CLEARED');
    const open = await issue(daysAgo(9));
    const states = async () => Promise.all([whole, part, credited, open].map(async ({ id }) => summary(await detail(id))));
    const before = await states();

    // the later migrations that hang on invoice_payment go first and come back last
    await consumerMigration.down(world.h.db);
    await fiscalizationMigration.down(world.h.db);
    await paymentTotalsMigration.down(world.h.db);
    await paymentsMigration.down(world.h.db);
    await paymentsMigration.up(world.h.db);
    await paymentTotalsMigration.up(world.h.db);
    await fiscalizationMigration.up(world.h.db);
    await consumerMigration.up(world.h.db);

    const of = async (id: number) => (await list(id)).map((p) => [p.date, p.amountCents, p.method, p.operator, p.reported]);
    expect(await of(whole.id)).toEqual([[daysAgo(4), 56250, 'TRANSFER', 'Ana Operater', false]]);
    // 6 h of 10 remain: 337,50 €
    expect(await of(part.id)).toEqual([[daysAgo(3), 33750, 'TRANSFER', 'Ana Operater', false]]);
    expect(await of(credited.id)).toEqual([]);
    expect(await of(open.id)).toEqual([]);
    expect(await states()).toEqual(before);
    expect(before.map((s) => s.paidState)).toEqual(['PAID', 'PAID', 'PAID', 'UNPAID']);
    // and they unclear as before: the migrated payment goes
    expect(dataOf(await world.h.request('POST', `/api/v1/invoice/${whole.id}/unclear`, { token: world.token }))).toMatchObject({ state: 'PUBLISHED' });
    expect(await of(whole.id)).toEqual([]);
    await totalsExact();
  });
});

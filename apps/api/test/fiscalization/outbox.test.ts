import { describe, expect, it } from 'vitest';
import type { InvoiceFiscalization as Status } from '@faktura/shared';
import { fiscalizeRound } from '../../src/modules/fiscalization';
import { type Harness, SECRET, dataOf, errorsOf } from '../harness';
import { type InvoiceWorld, today } from '../invoiceFixtures';
import type { FiscalizationDouble } from './double';
import type { TestIdentity } from './pki';
import { validateSoapMessage } from './validate';
import { type FiscalWorld, fiscalSteps, useFiscalWorld } from './world';
import { xmlsecVerifies } from './xmlsec';

/**
 * Issued e-invoices are fiscalized through the outbox, on SQLite and PostgreSQL, against the service
 * double over HTTPS: accepted → FISCALIZED with the service's id; an outage keeps them PENDING and a
 * later round (also of another process: a restart) fiscalizes them; S005 → FAILED with the reason;
 * S008 → FISCALIZED; a foreign client's invoice is not fiscalized; INTERMEDIARY and OFF send nothing.
 * Every message is kept as exchanged, valid against the official schema, with a signature that verifies.
 */
let h: Harness;
let token: string;
let w: InvoiceWorld;
let user: TestIdentity;
let service: FiscalizationDouble;
let world: FiscalWorld;
useFiscalWorld((ready) => ({ h, token, w, user, service } = world = ready));
const { deps, settings, issue, status } = fiscalSteps(() => world);

describe('the fiscalization outbox', () => {
  it('before fiscalization is on, nothing is sent and a document has no status; a foreign client needs none', async () => {
    const before = await issue(w.hr);
    expect(await status(before.id)).toMatchObject({ status: null, messages: [] });
    expect((await settings('SELF')).statusCode).toBe(200);
    expect(await status((await issue(w.de)).id)).toMatchObject({ status: 'NOT_REQUIRED' });
    await fiscalizeRound(deps(), 'test');
    // issued before Faktura fiscalized: not Faktura's to send
    expect(await status(before.id)).toMatchObject({ status: null });
    expect(service.received).toHaveLength(0);
  });

  it('an issued e-invoice is FISCALIZED with the service id; the request and answer are kept as exchanged, valid and signed', async () => {
    service.mode = 'accept';
    const invoice = await issue(w.hr);
    expect(await status(invoice.id)).toMatchObject({ status: 'PENDING' });
    const report = await fiscalizeRound(deps(), 'test');
    expect(report).toMatchObject({ sent: 1, fiscalized: 1 });
    const now = await status(invoice.id);
    expect(now).toMatchObject({ status: 'FISCALIZED', attempts: 1, error: null, messages: [{ outcome: 'FISCALIZED' }] });
    expect(now.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const messages = dataOf<{ requestXml: string; responseXml: string }[]>(await h.request('GET', `/api/v1/invoice/${invoice.id}/fiscalization/messages`, { token }));
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message?.requestXml).toBe(service.received.at(-1)?.xml);
    expect(message?.requestXml).toContain(`<efis:brojDokumenta>${invoice.number}</efis:brojDokumenta>`);
    expect(await validateSoapMessage(message?.requestXml ?? '')).toEqual([]);
    expect(xmlsecVerifies(message?.requestXml ?? '', user.certificatePem).ok).toBe(true);
    expect(message?.responseXml).toContain(now.requestId ?? '?');
    // fiscalized: on record with the Tax Administration, it is no longer deleted, and the screens know
    const row = dataOf<{ id: number; actions: { delete: { allowed: boolean; reason: string | null } } }[]>(
      await h.request('GET', '/api/v1/invoice/list?pageSize=50', { token }),
    ).find((r) => r.id === invoice.id);
    expect(row?.actions.delete).toEqual({ allowed: false, reason: 'FISCALIZED' });
    expect(dataOf<{ deletable: boolean }>(await h.request('GET', `/api/v1/invoice/${invoice.id}`, { token })).deletable).toBe(false);
    const deleted = await h.request('DELETE', `/api/v1/invoice/${invoice.id}`, { token, lang: 'en' });
    expect(deleted.statusCode).toBe(409);
    expect(errorsOf(deleted)[0]).toMatchObject({ code: 'invoiceFiscalized' });
    // the History names it
    const audit = await h.db.selectFrom('audit_log').select(['action', 'details']).where('invoice_id', '=', invoice.id).execute();
    expect(audit.map((a) => a.action)).toContain('fiscalization.done');
  });

  it('an outage keeps it PENDING; a later round of another process (a restart) fiscalizes it', async () => {
    await service.stop();
    let invoice: { id: number; number: string };
    try {
      invoice = await issue(w.hr);
      expect(await fiscalizeRound(deps(), 'test')).toMatchObject({ sent: 1, retry: 1 });
      const pending = await status(invoice.id);
      expect(pending).toMatchObject({ status: 'PENDING', attempts: 1, error: { code: 'NETWORK' }, messages: [{ outcome: 'RETRY' }] });
      expect(pending.deadline && pending.deadline > today).toBe(true);
      // not due again yet: nothing is sent in the next minute
      expect(await fiscalizeRound(deps(), 'test')).toMatchObject({ sent: 0 });
    } finally {
      await service.start();
    }
    const restarted = await h.sibling();
    const later = new Date(Date.now() + 5 * 60_000);
    expect(await fiscalizeRound({ db: restarted.db, secret: SECRET, now: () => later }, 'another process')).toMatchObject({ sent: 1, fiscalized: 1 });
    expect(await status(invoice.id)).toMatchObject({ status: 'FISCALIZED', attempts: 2, error: null });
  });

  it('S005 fails with the service reason and "fiscalize now" sends again; S008 counts as fiscalized', async () => {
    service.mode = 'S005';
    const invoice = await issue(w.hr);
    await fiscalizeRound(deps(), 'test');
    expect(await status(invoice.id)).toMatchObject({ status: 'FAILED', error: { code: 'S005', text: expect.stringContaining('XML shemom') as string } });
    expect((await h.db.selectFrom('audit_log').select('action').where('invoice_id', '=', invoice.id).execute()).map((a) => a.action)).toContain('fiscalization.failed');
    service.mode = 'S008';
    const again = await h.request('POST', `/api/v1/invoice/${invoice.id}/fiscalize`, { token });
    expect(again.statusCode).toBe(200);
    expect(dataOf<Status>(again)).toMatchObject({ status: 'FISCALIZED', attempts: 2 });
    service.mode = 'accept';
    const foreign = await issue(w.us);
    const refused = await h.request('POST', `/api/v1/invoice/${foreign.id}/fiscalize`, { token, lang: 'en' });
    expect(errorsOf(refused)[0]).toMatchObject({ code: 'fiscalizationNotRequired' });
  });

  it('payments on a fiscalized e-invoice are reported, a correction as a negative amount; a reported payment is no longer deleted', async () => {
    service.mode = 'accept';
    const invoice = await issue(w.hr); // 8 h × 50.00 + 25 % = 500.00
    await fiscalizeRound(deps(), 'test');
    const pay = (body: unknown) => h.request('POST', `/api/v1/invoice/${invoice.id}/payment`, { token, lang: 'en', body });
    const first = await pay({ date: today, amount: 200, method: 'TRANSFER' });
    expect(first.statusCode, first.body).toBe(201);
    const paymentId = dataOf<{ payment: { id: number } }>(first).payment.id;
    const reported = await fiscalizeRound(deps(), 'test');
    expect(reported.payments, JSON.stringify(await h.db.selectFrom('fiscal_payment').selectAll().execute())).toMatchObject({ sent: 1, fiscalized: 1 });
    const listed = dataOf<{ id: number; reported: boolean }[]>(await h.request('GET', `/api/v1/invoice/${invoice.id}/payment`, { token }));
    expect(listed).toMatchObject([{ id: paymentId, reported: true }]);
    const report = service.received.at(-1);
    expect(report).toMatchObject({ element: 'EvidentirajNaplatuZahtjev', code: null });
    for (const part of [`<eizv:brojDokumenta>${invoice.number}</eizv:brojDokumenta>`, '<eizv:naplaceniIznos>200.00</eizv:naplaceniIznos>', '<eizv:nacinPlacanja>T</eizv:nacinPlacanja>', `<eizv:datumNaplate>${today}</eizv:datumNaplate>`]) {
      expect(report?.xml).toContain(part);
    }
    expect(await validateSoapMessage(report?.xml ?? '')).toEqual([]);
    expect(xmlsecVerifies(report?.xml ?? '', user.certificatePem).ok).toBe(true);
    const deleted = await h.request('DELETE', `/api/v1/invoice/${invoice.id}/payment/${paymentId}`, { token, lang: 'en' });
    expect(deleted.statusCode).toBe(409);
    expect(errorsOf(deleted)[0]).toMatchObject({ code: 'paymentReported' });

    // a wrong amount is corrected by a negative record, reported as such
    expect((await pay({ date: today, amount: -50, method: 'TRANSFER', correctsPaymentId: paymentId })).statusCode).toBe(201);
    expect((await fiscalizeRound(deps(), 'test')).payments).toMatchObject({ sent: 1, fiscalized: 1 });
    expect(service.received.at(-1)?.xml).toContain('<eizv:naplaceniIznos>-50.00</eizv:naplaceniIznos>');

    // queued but not yet sent (the service is down): still deleted, and its report with it
    await service.stop();
    try {
      const cash = await pay({ date: today, amount: 100, method: 'CASH' });
      const cashId = dataOf<{ payment: { id: number } }>(cash).payment.id;
      expect((await fiscalizeRound(deps(), 'test')).payments).toMatchObject({ sent: 1, retry: 1 });
      const gone = await h.request('DELETE', `/api/v1/invoice/${invoice.id}/payment/${cashId}`, { token });
      expect(gone.statusCode, gone.body).toBe(200);
      expect(await h.db.selectFrom('fiscal_payment').select('payment_id').where('payment_id', '=', cashId).execute()).toEqual([]);
    } finally {
      await service.start();
    }
    // the foreign client's invoice is not an e-invoice: its payments are not reported
    const foreign = await issue(w.de);
    expect((await h.request('POST', `/api/v1/invoice/${foreign.id}/payment`, { token, body: { date: today, amount: 10, method: 'TRANSFER' } })).statusCode).toBe(201);
    expect((await fiscalizeRound(deps(), 'test')).payments).toMatchObject({ sent: 0 });
  });

  it('each payment answers where its report stands: PENDING, REPORTED with the request id, FAILED with the reason until sent again', async () => {
    type Report = { status: string; deadline: string; at: string | null; requestId: string | null; error: { code: string; text: string | null } | null; nextAttemptAt: string | null; attempts: number };
    type Listed = { id: number; reported: boolean; report: Report | null };
    service.mode = 'accept';
    const invoice = await issue(w.hr); // 500.00
    await fiscalizeRound(deps(), 'test');
    const pay = async (id: number, body: unknown) => {
      const res = await h.request('POST', `/api/v1/invoice/${id}/payment`, { token, body });
      expect(res.statusCode, res.body).toBe(201);
      return dataOf<{ payment: Listed }>(res).payment;
    };
    const listed = async (id: number) => dataOf<Listed[]>(await h.request('GET', `/api/v1/invoice/${id}/payment`, { token }));
    const [year = 0, month = 0] = today.split('-').map(Number);
    const deadline = month === 12 ? `${year + 1}-01-20` : `${year}-${String(month + 1).padStart(2, '0')}-20`;

    // recorded: waiting to be reported, by the 20th of next month at the latest
    const first = await pay(invoice.id, { date: today, amount: 100, method: 'TRANSFER' });
    expect(first.report).toEqual({ status: 'PENDING', deadline, at: null, requestId: null, error: null, nextAttemptAt: null, attempts: 0 });
    expect((await listed(invoice.id))[0]?.report).toMatchObject({ status: 'PENDING', deadline });
    // reported: with the service's request id, the one in the kept answer
    expect((await fiscalizeRound(deps(), 'test')).payments).toMatchObject({ sent: 1, fiscalized: 1 });
    const reported = (await listed(invoice.id))[0];
    expect(reported).toMatchObject({ id: first.id, reported: true, report: { status: 'REPORTED', deadline, error: null, nextAttemptAt: null, attempts: 1 } });
    expect(reported?.report?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(service.received.at(-1)?.answer).toContain(reported?.report?.requestId ?? '?');
    expect(reported?.report?.at).toBeTruthy();

    // refused (S005): FAILED with the service's code and text, and it stays so in later rounds
    service.mode = 'S005';
    const second = await pay(invoice.id, { date: today, amount: 50, method: 'CASH' });
    expect((await fiscalizeRound(deps(), 'test')).payments).toMatchObject({ sent: 1, failed: 1 });
    expect((await fiscalizeRound(deps(new Date(Date.now() + 3 * 3_600_000)), 'test')).payments).toMatchObject({ sent: 0 });
    const failed = (await listed(invoice.id)).find((p) => p.id === second.id);
    expect(failed).toMatchObject({ reported: false, report: { status: 'FAILED', requestId: null, at: null, attempts: 1, error: { code: 'S005', text: expect.stringContaining('XML shemom') as string } } });

    // the service out of reach: still PENDING, with the reason and when it is tried again
    await service.stop();
    let third: Listed;
    try {
      third = await pay(invoice.id, { date: today, amount: 20, method: 'CARD' });
      expect((await fiscalizeRound(deps(), 'test')).payments).toMatchObject({ sent: 1, retry: 1 });
      const waiting = (await listed(invoice.id)).find((p) => p.id === third.id);
      expect(waiting?.report).toMatchObject({ status: 'PENDING', error: { code: 'NETWORK' }, attempts: 1 });
      expect(waiting?.report?.nextAttemptAt && waiting.report.nextAttemptAt > new Date().toISOString()).toBe(true);
    } finally {
      await service.start();
    }

    // "report again": the refused and the waiting one are sent at once, the reported one not again
    service.mode = 'accept';
    const sentBefore = service.received.length;
    const again = await h.request('POST', `/api/v1/invoice/${invoice.id}/fiscalize`, { token });
    expect(again.statusCode, again.body).toBe(200);
    expect(dataOf<Status>(again)).toMatchObject({ status: 'FISCALIZED' });
    expect(service.received.length - sentBefore).toBe(2);
    const after = await listed(invoice.id);
    expect(after.map((p) => p.report?.status)).toEqual(['REPORTED', 'REPORTED', 'REPORTED']);
    expect(after.find((p) => p.id === second.id)).toMatchObject({ reported: true, report: { error: null, attempts: 2 } });
    expect(after.find((p) => p.id === third.id)?.report?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    // nothing left to report: the same call answers and sends nothing
    expect((await h.request('POST', `/api/v1/invoice/${invoice.id}/fiscalize`, { token })).statusCode).toBe(200);
    expect(service.received.length - sentBefore).toBe(2);

    // not a fiscalized e-invoice (a foreign client): Faktura does not report its payments
    const foreign = await issue(w.de);
    await fiscalizeRound(deps(), 'test');
    expect((await pay(foreign.id, { date: today, amount: 10, method: 'TRANSFER' })).report).toBeNull();
    expect((await listed(foreign.id))[0]).toMatchObject({ reported: false, report: null });
  });

  it('INTERMEDIARY and OFF send nothing; documents issued meanwhile say so', async () => {
    const sent = service.received.length;
    expect((await settings('INTERMEDIARY')).statusCode).toBe(200);
    const byIntermediary = await issue(w.hr);
    await fiscalizeRound(deps(), 'test');
    expect(await status(byIntermediary.id)).toMatchObject({ status: 'BY_INTERMEDIARY' });
    const refused = await h.request('POST', `/api/v1/invoice/${byIntermediary.id}/fiscalize`, { token });
    expect(errorsOf(refused)[0]).toMatchObject({ code: 'fiscalizationNotSelf', reason: expect.stringContaining('Faktura ne fiskalizira') as string });
    // Faktura does not send it to the intermediary yet (issue 32): the newest may still be withdrawn, its record with it
    const withdrawn = await h.request('DELETE', `/api/v1/invoice/${byIntermediary.id}`, { token });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await h.db.selectFrom('fiscal_document').select('status').where('invoice_id', '=', byIntermediary.id).execute()).toEqual([]);
    expect((await settings('OFF')).statusCode).toBe(200);
    const off = await issue(w.hr);
    await fiscalizeRound(deps(), 'test');
    expect(await status(off.id)).toMatchObject({ status: null });
    expect(service.received.length).toBe(sent);
  });

  it('every document has its status from the transaction that issues it: the detail, the list, its filter and the dashboard say it', async () => {
    expect((await settings('SELF')).statusCode).toBe(200);
    type Row = { id: number; fiscalStatus: string | null };
    const list = async (query = '') => {
      const res = await h.request('GET', `/api/v1/invoice/list?pageSize=200${query}`, { token });
      return { rows: dataOf<Row[]>(res), total: (JSON.parse(res.body) as { page: { total: number } }).page.total };
    };
    const detail = async (id: number) => dataOf<{ fiscalization: Omit<Status, 'messages'> }>(await h.request('GET', `/api/v1/invoice/${id}`, { token })).fiscalization;
    const counted = async (fiscal: string) =>
      Number((await h.db.selectFrom('fiscal_document').select((eb) => eb.fn.countAll().as('n')).where('status', '=', fiscal).executeTakeFirstOrThrow()).n);

    service.mode = 'S005';
    const refused = await issue(w.hr);
    // queued with the issue itself, before any round: PENDING with its deadline, nothing tried yet
    expect(await detail(refused.id)).toMatchObject({ status: 'PENDING', attempts: 0, error: null, requestId: null });
    expect((await detail(refused.id)).deadline! > today).toBe(true);
    expect((await list()).rows.find((r) => r.id === refused.id)?.fiscalStatus).toBe('PENDING');
    await fiscalizeRound(deps(), 'test');
    service.mode = 'accept';
    const accepted = await issue(w.hr);
    await fiscalizeRound(deps(), 'test');
    const foreign = await issue(w.de);
    await service.stop();
    let waiting: { id: number };
    try {
      waiting = await issue(w.hr);
      await fiscalizeRound(deps(), 'test');
    } finally {
      await service.start();
    }

    // the detail carries what GET …/fiscalization says, without the messages
    const { messages, ...summary } = await status(refused.id);
    expect(messages).toHaveLength(1);
    expect(await detail(refused.id)).toEqual(summary);
    expect(summary).toMatchObject({ status: 'FAILED', attempts: 1, error: { code: 'S005' } });
    expect(await detail(accepted.id)).toMatchObject({ status: 'FISCALIZED', error: null, nextAttemptAt: null });
    expect((await detail(accepted.id)).requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await detail(waiting.id)).toMatchObject({ status: 'PENDING', attempts: 1, error: { code: 'NETWORK' } });

    // each list row says it, and the list filters by it (the count too)
    const all = (await list()).rows;
    const statusOf = (id: number) => all.find((r) => r.id === id)?.fiscalStatus;
    expect([refused, accepted, foreign, waiting].map((d) => statusOf(d.id))).toEqual(['FAILED', 'FISCALIZED', 'NOT_REQUIRED', 'PENDING']);
    for (const fiscal of ['FAILED', 'FISCALIZED', 'NOT_REQUIRED', 'PENDING'] as const) {
      const filtered = await list(`&fiscalStatus=${fiscal}`);
      expect(filtered.rows.length).toBeGreaterThan(0);
      expect(filtered.rows.every((r) => r.fiscalStatus === fiscal)).toBe(true);
      expect(filtered.total).toBe(await counted(fiscal));
    }
    expect((await list('&fiscalStatus=FAILED')).rows.map((r) => r.id)).toContain(refused.id);
    const wrong = await h.request('GET', '/api/v1/invoice/list?fiscalStatus=DONE', { token });
    expect(wrong.statusCode).toBe(400);
    expect(errorsOf(wrong)[0]).toMatchObject({ field: 'fiscalStatus' });

    // the dashboard counts what needs the user, whatever the year; a waiting one past its deadline is late
    const dashboard = async () => dataOf<{ fiscalization: Record<string, number> }>(await h.request('GET', '/api/v1/dashboard', { token })).fiscalization;
    const before = await dashboard();
    expect(before).toMatchObject({ failed: await counted('FAILED'), pending: await counted('PENDING'), late: 0, paymentReportsFailed: 0 });
    expect(before.failed).toBeGreaterThan(0);
    await h.db.updateTable('fiscal_document').set({ deadline: '2026-01-02' }).where('invoice_id', '=', waiting.id).execute();
    expect(await dashboard()).toMatchObject({ late: 1 });
  });
});

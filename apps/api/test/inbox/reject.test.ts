import { todayInZagreb } from '@faktura/shared';
import { describe, expect, it } from 'vitest';
import { dataOf, errorsOf } from '../harness';
import { useInvoiceWorld } from '../invoiceFixtures';
import { addressedTo, importFiles, sampleBytes } from './inboxFixtures';

/**
 * Issue 47 (decision 040): the user rejects a received e-invoice once, with a reason type and a reason;
 * a paid one only when confirmed; a rejected one takes no payments; bad input changes nothing.
 */
const world = useInvoiceWorld();
const OUR_OIB = '69814562369';
const today = todayInZagreb();
const deadline = (() => {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return m === 12 ? `${String(y + 1)}-01-20` : `${String(y)}-${String(m + 1).padStart(2, '0')}-20`;
})();
type Answer = { results: { id: number; outcome: string }[] };
interface Doc {
  state: string;
  paidCents: number;
  payments: { id: number }[];
  rejection: null | { date: string; type: string; reason: string; operator: string; wasPaid: boolean; report: { status: string; deadline: string } };
}

async function kept(number: string): Promise<number> {
  const bytes = addressedTo(sampleBytes('hr/eRacun_PDV25.xml'), OUR_OIB, number);
  const [result] = dataOf<Answer>(await importFiles(world.h, world.token, [{ name: `${number}.xml`, bytes }])).results;
  expect(result?.outcome).toBe('IMPORTED');
  return result!.id;
}
const doc = async (id: number) => dataOf<Doc>(await world.h.request('GET', `/api/v1/inbox/${String(id)}`, { token: world.token }));
const reject = (id: number | string, body: Record<string, unknown>, lang = 'hr', headers: Record<string, string> = {}) =>
  world.h.request('POST', `/api/v1/inbox/${String(id)}/reject`, { token: world.token, lang, body, headers });
const pay = (id: number, amountCents: number) =>
  world.h.request('POST', `/api/v1/inbox/${String(id)}/payment`, { token: world.token, body: { date: today, amountCents, method: 'TRANSFER' } });
const rejectedAudit = async () =>
  (await world.h.db.selectFrom('audit_log').select(['action', 'details']).where('action', '=', 'inbox.rejected').orderBy('seq').execute()).map((a) => JSON.parse(String(a.details)) as Record<string, unknown>);

describe('rejecting a received e-invoice', () => {
  it('reads REJECTED with the day, type, reason and who, due to be reported by the 20th of the next month, once only', async () => {
    const id = await kept('REJ-1');
    expect((await doc(id)).rejection).toBeNull();
    const res = await reject(id, { type: 'U', reason: 'Obračunat PDV 25 % umjesto 13 %' });
    expect(res.statusCode).toBe(200);
    expect(dataOf<{ document: unknown }>(res).document).toMatchObject({ id, state: 'REJECTED' });
    const after = await doc(id);
    expect(after.state).toBe('REJECTED');
    // fiscalization is off in this world: the user reports it elsewhere by the deadline
    expect(after.rejection).toMatchObject({ date: today, type: 'U', reason: 'Obračunat PDV 25 % umjesto 13 %', operator: 'Ana Operater', wasPaid: false, report: { status: 'NONE', deadline } });
    const listed = dataOf<{ id: number }[]>(await world.h.request('GET', '/api/v1/inbox?state=REJECTED', { token: world.token }));
    expect(listed.map((r) => r.id)).toEqual([id]);

    const again = await reject(id, { type: 'O', reason: 'Drugi put' });
    expect(again.statusCode).toBe(409);
    expect(errorsOf(again)[0]).toMatchObject({ code: 'inboxAlreadyRejected', reason: expect.stringContaining('već odbijen') as unknown });
    expect(errorsOf(await reject(id, { type: 'O', reason: 'Second time' }, 'en'))[0]!.reason).toContain('rejected only once');
    expect((await doc(id)).rejection).toMatchObject({ type: 'U', reason: 'Obračunat PDV 25 % umjesto 13 %' });

    // the dashboard warns until it is reported, with the deadline
    const attention = dataOf<{ rejectionsToReport: number; rejectionsDeadline: string | null }>(await world.h.request('GET', '/api/v1/inbox/attention', { token: world.token }));
    expect(attention).toMatchObject({ rejectionsToReport: 1, rejectionsDeadline: deadline });
    // after the rejection no payment is recorded
    expect(errorsOf(await pay(id, 100))[0]!.code).toBe('inboxPaymentRejected');
    const audit = await rejectedAudit();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ receivedId: id, number: 'REJ-1', type: 'U', rejectionDate: today, report: 'NONE' });
  });

  it('answers a repeated request with the same Idempotency-Key as the first, rejecting once', async () => {
    const id = await kept('REJ-2');
    const key = { 'idempotency-key': `reject-${String(id)}` };
    const first = await reject(id, { type: 'N', reason: 'Pogrešna adresa kupca' }, 'hr', key);
    const replay = await reject(id, { type: 'N', reason: 'Pogrešna adresa kupca' }, 'hr', key);
    expect(first.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await rejectedAudit()).filter((a) => a.receivedId === id)).toHaveLength(1);
  });

  it('asks before rejecting a part-paid invoice, then keeps its payments and takes no undo', async () => {
    const id = await kept('REJ-3');
    expect((await pay(id, 5000)).statusCode).toBe(201);
    const unconfirmed = await reject(id, { type: 'O', reason: 'Roba nije isporučena' });
    expect(unconfirmed.statusCode).toBe(409);
    expect(errorsOf(unconfirmed)[0]).toMatchObject({ code: 'inboxRejectPaidUnconfirmed', field: 'confirmPaid', reason: expect.stringContaining('50,00') as unknown });
    expect((await doc(id)).state).toBe('RECEIVED');
    const confirmed = await reject(id, { type: 'O', reason: 'Roba nije isporučena', confirmPaid: true });
    expect(confirmed.statusCode).toBe(200);
    const after = await doc(id);
    expect(after).toMatchObject({ state: 'REJECTED', paidCents: 5000, rejection: { wasPaid: true } });
    const undo = await world.h.request('DELETE', `/api/v1/inbox/${String(id)}/payment/${String(after.payments[0]!.id)}`, { token: world.token });
    expect(errorsOf(undo)[0]!.code).toBe('inboxPaymentRejected');
  });

  it('refuses an unknown document, a bad type and a bad reason with field errors, and changes nothing', async () => {
    const id = await kept('REJ-4');
    expect((await reject(999_999, { type: 'N', reason: 'x' })).statusCode).toBe(404);
    expect(errorsOf(await reject(999_999, { type: 'N', reason: 'x' }))[0]!.code).toBe('inboxNotFound');
    expect((await reject('abc', { type: 'N', reason: 'x' })).statusCode).toBe(400);
    for (const [body, field] of [
      [{ type: 'X', reason: 'Razlog' }, 'type'],
      [{ reason: 'Razlog' }, 'type'],
      [{ type: 'N', reason: '' }, 'reason'],
      [{ type: 'N', reason: '   ' }, 'reason'],
      [{ type: 'N', reason: 'a'.repeat(1025) }, 'reason'],
      [{ type: 'N', reason: 'bad \u0001 char' }, 'reason'],
      [{ type: 'N', reason: 'Razlog', confirmPaid: 'yes' }, 'confirmPaid'],
    ] as const) {
      const bad = await reject(id, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorsOf(bad).map((e) => e.field)).toContain(field);
    }
    expect(await doc(id)).toMatchObject({ state: 'RECEIVED', rejection: null });
    // exactly 1024 characters are taken
    expect((await reject(id, { type: 'N', reason: 'a'.repeat(1024) })).statusCode).toBe(200);
  });

  it('lists the month’s rejections for the report by the 20th, with their state, and refuses a month that is none', async () => {
    const id = await kept('REJ-5');
    await reject(id, { type: 'N', reason: 'Pogrešan broj narudžbe' });
    const month = today.slice(0, 7);
    const res = await world.h.request('GET', `/api/v1/reports/rejections?month=${month}`, { token: world.token });
    expect(res.statusCode).toBe(200);
    const report = dataOf<{ month: string; deadline: string; unreported: number; rows: { receivedId: number; number: string; type: string; reason: string; reportStatus: string; supplierName: string; date: string }[] }>(res);
    expect(report).toMatchObject({ month, deadline });
    const row = report.rows.find((r) => r.receivedId === id);
    expect(row).toMatchObject({ number: 'REJ-5', type: 'N', reason: 'Pogrešan broj narudžbe', reportStatus: 'NONE', date: today });
    expect(row!.supplierName).not.toBe('');
    expect(report.unreported).toBe(report.rows.length);
    const other = dataOf<{ rows: unknown[] }>(await world.h.request('GET', '/api/v1/reports/rejections?month=2026-01', { token: world.token }));
    expect(other.rows).toEqual([]);
    for (const bad of ['2026-13', 'jučer', '']) {
      const refused = await world.h.request('GET', `/api/v1/reports/rejections?month=${bad}`, { token: world.token });
      expect(refused.statusCode).toBe(400);
      expect(errorsOf(refused)[0]!.field).toBe('month');
    }
  });
});

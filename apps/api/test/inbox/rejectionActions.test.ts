import { type ReceivedRejection, type RejectionReport, todayInZagreb } from '@faktura/shared';
import { describe, expect, it } from 'vitest';
import { dataOf, errorsOf } from '../harness';
import { useInvoiceWorld } from '../invoiceFixtures';
import { addressedTo, importFiles, sampleBytes } from './inboxFixtures';

/**
 * Decision 042: "Report now" sends a refused (FAILED) report again at the next round; a rejection
 * the user reports in FiskAplikacija (fiscalization off: NONE) is marked reported by hand with the
 * day, no longer counted to report. Both audited, idempotent, refused with a clear reason otherwise.
 */
const world = useInvoiceWorld();
const OUR_OIB = '69814562369';
const today = todayInZagreb();
const dayBefore = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

async function rejected(number: string): Promise<number> {
  const bytes = addressedTo(sampleBytes('hr/eRacun_PDV25.xml'), OUR_OIB, number);
  const id = dataOf<{ results: { id: number }[] }>(await importFiles(world.h, world.token, [{ name: `${number}.xml`, bytes }])).results[0]!.id;
  const res = await world.h.request('POST', `/api/v1/inbox/${id}/reject`, { token: world.token, body: { type: 'U', reason: 'Pogrešna stopa PDV-a' } });
  expect(res.statusCode).toBe(200);
  return id;
}
const rejection = async (id: number) => dataOf<{ rejection: ReceivedRejection }>(await world.h.request('GET', `/api/v1/inbox/${id}`, { token: world.token })).rejection;
const toReport = async () => dataOf<{ rejectionsToReport: number }>(await world.h.request('GET', '/api/v1/inbox/attention', { token: world.token })).rejectionsToReport;
const reportNow = (id: number | string, lang = 'hr', headers: Record<string, string> = {}) =>
  world.h.request('POST', `/api/v1/inbox/${String(id)}/rejection/report-now`, { token: world.token, lang, headers });
const byHand = (id: number, date: unknown, lang = 'hr', headers: Record<string, string> = {}) =>
  world.h.request('POST', `/api/v1/inbox/${String(id)}/rejection/reported`, { token: world.token, lang, body: { date }, headers });
const audit = async (action: string) =>
  (await world.h.db.selectFrom('audit_log').select('details').where('action', '=', action).orderBy('seq').execute()).map((r) => JSON.parse(r.details) as Record<string, unknown>);

describe('"Report now" for a refused report', () => {
  it('moves a FAILED report back to PENDING, due now, its refusal cleared and audited; anything else is refused and unchanged', async () => {
    const id = await rejected('ODB-NOW-1');
    // only a refused one is sent again: this one the user reports (fiscalization off)
    const notFailed = await reportNow(id);
    expect(notFailed.statusCode).toBe(409);
    expect(errorsOf(notFailed)[0]).toMatchObject({ code: 'inboxRejectionNotFailed', reason: 'Prijava ovog odbijanja nije odbijena, pa se ne šalje ponovno (stanje: Prijavite sami)' });
    expect((await rejection(id)).report.status).toBe('NONE');

    // as the fiscal outbox leaves one the Tax Administration refused (decision 040)
    await world.h.db.updateTable('received_rejection')
      .set({ report_status: 'FAILED', error_code: 'S006', error_text: 'Neispravan OIB', attempts: 1, next_attempt_at: '2026-01-01T00:00:00.000Z' })
      .where('document_id', '=', id).execute();
    expect((await rejection(id)).report).toMatchObject({ status: 'FAILED', error: { code: 'S006' } });
    const key = { 'idempotency-key': `report-now-${String(id)}` };
    const res = await reportNow(id, 'hr', key);
    expect(res.statusCode).toBe(200);
    expect(dataOf<{ rejection: ReceivedRejection }>(res).rejection.report).toMatchObject({ status: 'PENDING', error: null, attempts: 1 });
    const replay = await reportNow(id, 'hr', key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const row = await world.h.db.selectFrom('received_rejection').select(['next_attempt_at', 'error_code']).where('document_id', '=', id).executeTakeFirstOrThrow();
    expect(Date.parse(row.next_attempt_at)).toBeGreaterThan(Date.parse('2026-06-01'));
    expect(row.error_code).toBeNull();
    expect((await audit('inbox.rejectionReportAgain')).filter((a) => a.receivedId === id)).toMatchObject([{ number: 'ODB-NOW-1', to: 'fiscalization', code: 'S006' }]);
    // PENDING now: a second (new) request is refused in the user's language
    const second = await reportNow(id, 'en');
    expect(second.statusCode).toBe(409);
    expect(errorsOf(second)[0]!.reason).toContain('not refused');
    expect(errorsOf(await reportNow(999999))[0]!.code).toBe('inboxNotFound');
  });
});

describe('a rejection reported by hand (fiscalization off)', () => {
  it('takes the day it was reported, not in the future, not before the rejection; stops counting it; shows it in Reports', async () => {
    const id = await rejected('ODB-HAND-1');
    const before = await toReport();
    const future = await byHand(id, tomorrow, 'en');
    expect(future.statusCode).toBe(400);
    expect(errorsOf(future)[0]).toMatchObject({ code: 'inboxRejectionReportedInFuture', field: 'date', reason: expect.stringContaining('in the future') as unknown });
    const early = await byHand(id, dayBefore(today));
    expect(errorsOf(early)[0]).toMatchObject({ code: 'inboxRejectionReportedBeforeRejection', field: 'date', reason: expect.stringContaining('prije dana odbijanja') as unknown });
    expect(errorsOf(await byHand(id, '7.12.2026'))[0]).toMatchObject({ code: 'validation', field: 'date' });
    expect((await rejection(id)).report.status).toBe('NONE');
    expect(await toReport()).toBe(before);

    const key = { 'idempotency-key': `by-hand-${String(id)}` };
    const res = await byHand(id, today, 'hr', key);
    expect(res.statusCode).toBe(200);
    expect(dataOf<{ rejection: ReceivedRejection }>(res).rejection.report).toMatchObject({ status: 'REPORTED_BY_HAND', reportedAt: today });
    expect((await byHand(id, today, 'hr', key)).headers['idempotent-replayed']).toBe('true');
    expect(await toReport()).toBe(before - 1);
    const report = dataOf<RejectionReport>(await world.h.request('GET', `/api/v1/reports/rejections?month=${today.slice(0, 7)}`, { token: world.token }));
    expect(report.rows.find((r) => r.receivedId === id)).toMatchObject({ reportStatus: 'REPORTED_BY_HAND' });
    expect(report.unreported).toBe(report.rows.filter((r) => ['PENDING', 'FAILED', 'NONE'].includes(r.reportStatus)).length);
    expect((await audit('inbox.rejectionReportedByHand')).filter((a) => a.receivedId === id)).toMatchObject([{ number: 'ODB-HAND-1', reportedOn: today, rejectionDate: today }]);

    // once: a second report by hand is refused, the first day kept
    const again = await byHand(id, today, 'en');
    expect(again.statusCode).toBe(409);
    expect(errorsOf(again)[0]).toMatchObject({ code: 'inboxRejectionNotByHand', reason: 'You do not report this rejection yourself (status: Reported by hand): a report is recorded by hand only while fiscalization is off' });
    expect((await rejection(id)).report).toMatchObject({ status: 'REPORTED_BY_HAND', reportedAt: today });
  });
});

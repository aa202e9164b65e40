import { type ReceivedRejection, type RejectionReport, todayInZagreb } from '@faktura/shared';
import { describe, expect, it } from 'vitest';
import { deliveryRound } from '../../src/modules/delivery';
import { type Harness, SECRET, dataOf, errorsOf } from '../harness';
import type { MerDouble } from '../delivery/merDouble';
import { MER_OIB, useMerDouble } from '../delivery/merWorld';
import { type FiscalWorld, fiscalSteps, useFiscalWorld } from '../fiscalization/world';
import { addressedTo, importFiles, sampleBytes } from './inboxFixtures';

/**
 * Decision 042, against moj-eRačun's HTTPS double on both databases: a rejection of a received
 * document is told to the intermediary by the delivery worker's rounds. A document that came from
 * it is marked rejected there (the supplier sees it); in INTERMEDIARY mode the intermediary is asked
 * to report it (by its id, or without one for a document imported by hand), and the rejection's
 * section says whether it accepted. Sent once; retried after an outage; a row claimed by a process
 * that died is taken again once its claim expires; a refusal is shown in the intermediary's words
 * and sent again only on "Report now" (after the report was taken, only the supplier is told again); nothing
 * is sent when no intermediary is set up.
 */
let h: Harness;
let token: string;
let world: FiscalWorld;
let mer: MerDouble;
useFiscalWorld((ready) => ({ h, token } = world = ready));
const { settings: fiscalSettings } = fiscalSteps(() => world);
const { account, configure } = useMerDouble(() => world, (started) => (mer = started), { validate: false });
const PASSWORD = account.password;
const OIB = MER_OIB;
const SUPPLIER_OIB = '12345678901';
const round = (minutes = 0, processId = 'test') =>
  deliveryRound({ db: h.db, secret: SECRET, now: () => new Date(Date.now() + minutes * 60_000) }, processId);
const sample = (number: string) => addressedTo(sampleBytes('hr/eRacun_PDV25.xml'), OIB, number);
/** A document the intermediary delivered, fetched into the inbox: its id here and its ElectronicId there. */
async function fromIntermediary(number: string): Promise<{ id: number; electronicId: number }> {
  const electronicId = mer.toInbox(sample(number));
  expect((await h.request('POST', '/api/v1/inbox/fetch', { token })).statusCode).toBe(200);
  const row = await h.db.selectFrom('received_document').select('id').where('provider_document_id', '=', String(electronicId)).executeTakeFirstOrThrow();
  return { id: Number(row.id), electronicId };
}
async function byHand(number: string): Promise<number> {
  const answer = dataOf<{ results: { id: number }[] }>(await importFiles(h, token, [{ name: `${number}.xml`, bytes: sample(number) }]));
  return answer.results[0]!.id;
}
const reject = async (id: number, type = 'U', reason = 'Obračunat PDV 25 % umjesto 13 %') => {
  const res = await h.request('POST', `/api/v1/inbox/${id}/reject`, { token, body: { type, reason } });
  expect(res.statusCode).toBe(200);
};
const rejection = async (id: number, lang = 'hr') => dataOf<{ rejection: ReceivedRejection }>(await h.request('GET', `/api/v1/inbox/${id}`, { token, lang })).rejection;
const calls = (electronicIdOrNumber: number | string) =>
  mer.rejections.filter((c) => c.request.ElectronicId === electronicIdOrNumber || c.request.InternalMark === electronicIdOrNumber).map((c) => c.path);
const reportNow = (id: number, lang = 'hr') => h.request('POST', `/api/v1/inbox/${id}/rejection/report-now`, { token, lang });
const month = todayInZagreb().slice(0, 7);
const reportRow = async (id: number) =>
  dataOf<RejectionReport>(await h.request('GET', `/api/v1/reports/rejections?month=${month}`, { token })).rows.find((r) => r.receivedId === id);
const auditOf = async (id: number) =>
  (await h.db.selectFrom('audit_log').select('details').where('action', '=', 'inbox.rejectionToIntermediary').orderBy('seq').execute())
    .map((r) => JSON.parse(r.details) as { receivedId: number; step: string; outcome: string; error?: string })
    .filter((d) => d.receivedId === id);

describe('telling the intermediary of a rejection', () => {
  it('INTERMEDIARY mode with no intermediary set up: the rejection waits and says why, and goes once one is set up', async () => {
    expect((await fiscalSettings('INTERMEDIARY')).statusCode).toBe(200);
    try {
      const id = await byHand('MER-REJ-UNSET');
      await reject(id);
      expect((await rejection(id)).intermediary).toMatchObject({ status: 'PENDING', reports: true, notSetUp: true });
      await round();
      expect(mer.requests).toHaveLength(0);
      expect((await rejection(id)).intermediary).toMatchObject({ status: 'PENDING', attempts: 0, notSetUp: true });
      expect((await configure()).statusCode).toBe(200);
      expect((await rejection(id)).intermediary).toMatchObject({ status: 'PENDING', notSetUp: false });
      await round(1);
      expect(calls('MER-REJ-UNSET')).toEqual(['/api/fiscalization/rejectWithoutElectronicID']);
      expect((await rejection(id)).intermediary).toMatchObject({ status: 'DONE', notSetUp: false });
    } finally {
      await h.db.deleteFrom('delivery_settings').execute();
      expect((await fiscalSettings('OFF')).statusCode).toBe(200);
      mer.requests.length = 0;
      mer.rejections.length = 0;
    }
  });

  it('sends nothing while no intermediary is set up', async () => {
    const id = await byHand('MER-REJ-NONE');
    await reject(id);
    expect((await rejection(id)).intermediary).toBeNull();
    await round();
    expect(mer.requests).toHaveLength(0);
    expect((await configure()).statusCode).toBe(200);
    await round(1);
    expect(mer.rejections).toHaveLength(0);
    // fiscalization off, imported by hand: nobody there to tell, the user reports it
    expect((await rejection(id)).report.status).toBe('NONE');
  });

  it('marks a document from the intermediary rejected there, once, so that its supplier sees it', async () => {
    const { id, electronicId } = await fromIntermediary('MER-REJ-1');
    await reject(id, 'N', 'Pogrešan broj narudžbe');
    expect((await rejection(id)).intermediary).toMatchObject({ status: 'PENDING', reports: false, tellsSupplier: true, attempts: 0 });
    await round();
    expect(calls(electronicId)).toEqual(['/apis/v2/UpdateDokumentProcessStatus']);
    expect(mer.rejections.at(-1)?.request).toMatchObject({ StatusId: 1, RejectReason: 'N: Pogrešan broj narudžbe', CompanyId: OIB, SoftwareId: account.softwareId });
    expect((await rejection(id)).intermediary).toMatchObject({ status: 'DONE', attempts: 1, error: null, nextAttemptAt: null });
    await round(5);
    await round(90);
    expect(calls(electronicId)).toHaveLength(1);
    expect(await auditOf(id)).toMatchObject([{ step: 'SUPPLIER', outcome: 'ok' }]);
    // the password never reaches the audit trail
    expect(JSON.stringify(await auditOf(id))).not.toContain(PASSWORD);
  });

  it('INTERMEDIARY mode: retried after an outage, then reported by its id and shown to the supplier, each once', async () => {
    expect((await fiscalSettings('INTERMEDIARY')).statusCode).toBe(200);
    const { id, electronicId } = await fromIntermediary('MER-REJ-2');
    await reject(id);
    expect((await rejection(id)).report.status).toBe('BY_INTERMEDIARY');
    mer.failing = true;
    await round();
    mer.failing = false;
    const waiting = (await rejection(id)).intermediary;
    expect(waiting).toMatchObject({ status: 'PENDING', reports: true, tellsSupplier: true, attempts: 1, error: 'HTTP 500' });
    expect(Date.parse(waiting!.nextAttemptAt!)).toBeGreaterThan(Date.now());
    // not due yet: nothing asked
    await round();
    expect(calls(electronicId)).toEqual([]);
    await round(2);
    expect(calls(electronicId)).toEqual(['/api/fiscalization/reject', '/apis/v2/UpdateDokumentProcessStatus']);
    expect(mer.rejections.find((c) => c.path === '/api/fiscalization/reject' && c.request.ElectronicId === electronicId)?.request).toMatchObject({
      RejectionDate: todayInZagreb(), RejectionReasonType: 'U', RejectionReasonDescription: 'Obračunat PDV 25 % umjesto 13 %',
    });
    expect((await rejection(id)).intermediary).toMatchObject({ status: 'DONE', error: null });
    expect((await reportRow(id))).toMatchObject({ reportStatus: 'BY_INTERMEDIARY', intermediaryStatus: 'DONE', intermediaryError: null });
    await round(10);
    expect(calls(electronicId)).toHaveLength(2);
    expect((await auditOf(id)).map((a) => `${a.step} ${a.outcome}`)).toEqual(['REPORT ok', 'SUPPLIER ok']);
  });

  it('a row claimed by a process that died is taken again once its claim expires', async () => {
    const { id, electronicId } = await fromIntermediary('MER-REJ-3');
    // the rejection is recorded, then the process that claimed it dies before asking
    await h.db.insertInto('received_rejection').values({
      document_id: id, rejected_on: todayInZagreb(), type: 'O', reason: 'Roba nije isporučena', operator_id: 1, created_at: new Date().toISOString(),
      report_status: 'BY_INTERMEDIARY', deadline: '2099-01-20', next_attempt_at: new Date().toISOString(), intermediary_status: 'PENDING',
      intermediary_next_at: new Date().toISOString(), intermediary_claimed_by: 'dead-process', intermediary_claimed_until: new Date(Date.now() + 120_000).toISOString(),
      updated_at: new Date().toISOString(),
    }).execute();
    await h.db.updateTable('received_document').set({ state: 'REJECTED' }).where('id', '=', id).execute();
    await round();
    expect(calls(electronicId)).toEqual([]);
    await round(3, 'restarted');
    expect(calls(electronicId)).toEqual(['/api/fiscalization/reject', '/apis/v2/UpdateDokumentProcessStatus']);
    expect((await rejection(id)).intermediary?.status).toBe('DONE');
  });

  it('refused: shown in the intermediary\'s words, counted to report, sent again only on "Report now"; imported by hand goes without an id', async () => {
    const id = await byHand('MER-REJ-4');
    await reject(id, 'O', 'Roba nije naručena');
    const before = dataOf<{ rejectionsToReport: number }>(await h.request('GET', '/api/v1/inbox/attention', { token })).rejectionsToReport;
    mer.refuseRejections = 'Račun MER-REJ-4 nije evidentiran';
    await round();
    expect(calls('MER-REJ-4')).toEqual([]);
    const refused = await rejection(id, 'en');
    expect(refused.intermediary).toMatchObject({ status: 'FAILED', reports: true, tellsSupplier: false, error: 'Račun MER-REJ-4 nije evidentiran', nextAttemptAt: null });
    expect(await reportRow(id)).toMatchObject({ intermediaryStatus: 'FAILED', intermediaryError: 'Račun MER-REJ-4 nije evidentiran' });
    expect(dataOf<{ rejectionsToReport: number }>(await h.request('GET', '/api/v1/inbox/attention', { token })).rejectionsToReport).toBe(before + 1);
    await round(120);
    expect(await auditOf(id)).toMatchObject([{ step: 'REPORT', outcome: 'refused', error: 'Račun MER-REJ-4 nije evidentiran' }]);

    mer.refuseRejections = null;
    const again = await reportNow(id);
    expect(again.statusCode).toBe(200);
    expect(dataOf<{ rejection: ReceivedRejection }>(again).rejection.intermediary).toMatchObject({ status: 'PENDING', error: null });
    await round();
    expect(calls('MER-REJ-4')).toEqual(['/api/fiscalization/rejectWithoutElectronicID']);
    expect(mer.rejections.at(-1)?.request).toMatchObject({
      InternalMark: 'MER-REJ-4', SenderIdentifierValue: SUPPLIER_OIB, RecipientIdentifierValue: OIB, RejectionReasonType: 'O', RejectionReasonDescription: 'Roba nije naručena',
    });
    expect((await rejection(id)).intermediary?.status).toBe('DONE');
    expect(dataOf<{ rejectionsToReport: number }>(await h.request('GET', '/api/v1/inbox/attention', { token })).rejectionsToReport).toBe(before);
    // done: "Report now" is refused, in the user's language
    const done = await reportNow(id, 'en');
    expect(done.statusCode).toBe(409);
    expect(errorsOf(done)[0]).toMatchObject({ code: 'inboxRejectionNotFailed', reason: 'The report of this rejection was not refused, so it is not sent again (status: Taken by the intermediary)' });
  });

  it('the report taken but the supplier refused: not counted to report, and "Report now" tells only the supplier, the report not sent twice', async () => {
    const { id, electronicId } = await fromIntermediary('MER-REJ-5');
    await reject(id);
    const before = dataOf<{ rejectionsToReport: number }>(await h.request('GET', '/api/v1/inbox/attention', { token })).rejectionsToReport;
    mer.refuseProcessStatus = 'Status dokumenta se ne može promijeniti';
    await round();
    expect(calls(electronicId)).toEqual(['/api/fiscalization/reject']);
    expect((await rejection(id)).intermediary).toMatchObject({ status: 'SUPPLIER_FAILED', error: 'Status dokumenta se ne može promijeniti' });
    // the report itself was taken: nothing more to report
    expect(dataOf<{ rejectionsToReport: number }>(await h.request('GET', '/api/v1/inbox/attention', { token })).rejectionsToReport).toBe(before);
    mer.refuseProcessStatus = null;
    expect((await reportNow(id)).statusCode).toBe(200);
    expect((await rejection(id)).intermediary).toMatchObject({ status: 'REPORTED', error: null });
    await round();
    expect(calls(electronicId)).toEqual(['/api/fiscalization/reject', '/apis/v2/UpdateDokumentProcessStatus']);
    expect((await rejection(id)).intermediary?.status).toBe('DONE');
    expect((await auditOf(id)).map((a) => `${a.step} ${a.outcome}`)).toEqual(['REPORT ok', 'SUPPLIER refused', 'SUPPLIER ok']);
  });
});

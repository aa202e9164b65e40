import { describe, expect, it } from 'vitest';
import { type ImportAnswer, type ReceivedFiscalization, type ReceivedRejection, todayInZagreb } from '@faktura/shared';
import { type FiscalDeps, fiscalizeRound } from '../../src/modules/fiscalization';
import { claimRejection } from '../../src/modules/fiscalization/outbox.repository';
import { receivedRecord } from '../../src/modules/inbox';
import { type Harness, SECRET, dataOf } from '../harness';
import type { FiscalizationDouble } from '../fiscalization/double';
import type { TestIdentity } from '../fiscalization/pki';
import { validateSoapMessage } from '../fiscalization/validate';
import { type FiscalWorld, fiscalSteps, useFiscalWorld } from '../fiscalization/world';
import { xmlsecVerifies } from '../fiscalization/xmlsec';
import { addressedTo, importFiles, sampleBytes } from './inboxFixtures';

/**
 * A rejection of a received e-invoice made in SELF mode is reported by Faktura through the fiscal
 * outbox (`EvidentirajOdbijanjeZahtjev` at the eIzvještavanje address, decision 040), once the
 * document is fiscalized as received, on SQLite and PostgreSQL, against the service double that
 * validates each request against the official schema; every request verifies with xmlsec1.
 */
const OUR_OIB = '69814562369';
const SUPPLIER_OIB = '12345678901';
let h: Harness;
let token: string;
let user: TestIdentity;
let service: FiscalizationDouble;
let world: FiscalWorld;
useFiscalWorld((ready) => ({ h, token, user, service } = world = ready));
const { settings } = fiscalSteps(() => world);
const deps = (at?: Date, db = h.db): FiscalDeps => ({ db, secret: SECRET, received: { record: receivedRecord }, ...(at ? { now: () => at } : {}) });
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

function sample(number: string): Buffer {
  const text = addressedTo(sampleBytes('hr/eRacun_PDV25.xml'), OUR_OIB, number).toString('utf8').replaceAll('2025-12-', '2026-12-');
  return Buffer.from(text, 'utf8');
}
async function receive(number: string): Promise<number> {
  const answer = dataOf<ImportAnswer>(await importFiles(h, token, [{ name: `${number}.xml`, bytes: sample(number) }]));
  const id = answer.results[0]?.id;
  if (!id) throw new Error(JSON.stringify(answer));
  return id;
}
/** Received and fiscalized as received (the service accepting). */
async function fiscalized(number: string): Promise<number> {
  service.mode = 'accept';
  const id = await receive(number);
  await fiscalizeRound(deps(), 'test');
  expect((await fiscal(id)).status).toBe('FISCALIZED');
  return id;
}
const reject = async (id: number, type = 'U', reason = 'Obračunat PDV 25 % umjesto 13 %') => {
  const res = await h.request('POST', `/api/v1/inbox/${id}/reject`, { token, body: { type, reason } });
  expect(res.statusCode).toBe(200);
};
const rejection = async (id: number, lang = 'hr') =>
  dataOf<{ rejection: ReceivedRejection }>(await h.request('GET', `/api/v1/inbox/${id}`, { token, lang })).rejection;
const fiscal = async (id: number) => dataOf<ReceivedFiscalization>(await h.request('GET', `/api/v1/inbox/${id}/fiscalization`, { token }));
const reportsOf = (number: string) =>
  service.received.filter((r) => r.element === 'EvidentirajOdbijanjeZahtjev' && r.xml.includes(`<eizv:brojDokumenta>${number}</eizv:brojDokumenta>`));

describe('reporting the rejection of a received e-invoice (SELF)', () => {
  it('waits while the document is not fiscalized as received, then is sent once it is: valid, signed, at the eIzvještavanje address, REPORTED', async () => {
    expect((await settings('SELF', { einvoice: service.url, ereporting: service.reportingUrl })).statusCode).toBe(200);
    const today = todayInZagreb();
    // the supplier has not fiscalized it yet: the receipt is refused (S009) and the rejection waits
    service.mode = 'S009';
    const id = await receive('ODB-WAIT-1');
    await reject(id);
    expect((await rejection(id)).report).toMatchObject({ status: 'PENDING', waitingForReceipt: true, attempts: 0 });
    const first = await fiscalizeRound(deps(), 'test');
    expect(first.received).toMatchObject({ failed: 1 });
    expect(first.rejections).toMatchObject({ sent: 0 });
    expect((await fiscalizeRound(deps(later(120)), 'test')).rejections).toMatchObject({ sent: 0 });
    expect(reportsOf('ODB-WAIT-1')).toHaveLength(0);
    expect((await rejection(id)).report).toMatchObject({ status: 'PENDING', waitingForReceipt: true, attempts: 0 });

    // fiscalized now: the next round reports the rejection
    service.mode = 'accept';
    expect((await h.request('POST', `/api/v1/inbox/${id}/fiscalize`, { token })).statusCode).toBe(200);
    const round = await fiscalizeRound(deps(), 'test');
    expect(round.rejections).toMatchObject({ sent: 1, fiscalized: 1 });
    const sent = reportsOf('ODB-WAIT-1');
    expect(sent).toHaveLength(1);
    const xml = sent[0]?.xml ?? '';
    expect(sent[0]?.path).toBe('/EIzvjestavanjeService');
    expect(await validateSoapMessage(xml)).toEqual([]);
    expect(xmlsecVerifies(xml, user.certificatePem).ok).toBe(true);
    expect(xml).toContain(`<eizv:oibPorezniBrojIzdavatelja>${SUPPLIER_OIB}</eizv:oibPorezniBrojIzdavatelja>`);
    expect(xml).toContain(`<eizv:oibPorezniBrojPrimatelja>${OUR_OIB}</eizv:oibPorezniBrojPrimatelja>`);
    expect(xml).toContain(`<eizv:datumOdbijanja>${today}</eizv:datumOdbijanja>`);
    expect(xml).toContain('<eizv:vrstaRazlogaOdbijanja>U</eizv:vrstaRazlogaOdbijanja>');
    expect(xml).toContain('<eizv:razlogOdbijanja>Obračunat PDV 25 % umjesto 13 %</eizv:razlogOdbijanja>');
    expect(xml.match(/<eizv:Odbijanje>/g)).toHaveLength(1);

    const report = (await rejection(id)).report;
    expect(report).toMatchObject({ status: 'REPORTED', attempts: 1, waitingForReceipt: false, error: null, nextAttemptAt: null });
    expect(report.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(report.reportedAt).not.toBeNull();
    // kept with the received document's messages; its fiscalization as received is not confused by it
    const messages = dataOf<{ kind: string; outcome: string; requestXml: string; requestId: string | null }[]>(
      await h.request('GET', `/api/v1/inbox/${id}/fiscalization/messages`, { token }),
    );
    expect(messages.map((m) => [m.kind, m.outcome])).toEqual([['ERACUN_U', 'FAILED'], ['ERACUN_U', 'FISCALIZED'], ['ODBIJANJE', 'FISCALIZED']]);
    expect(messages[2]?.requestXml).toBe(xml);
    expect(messages[2]?.requestId).toBe(report.requestId);
    const status = await fiscal(id);
    expect(status).toMatchObject({ status: 'FISCALIZED', requestId: messages[1]?.requestId });
    const audit = await h.db.selectFrom('audit_log').select(['details']).where('action', '=', 'inbox.rejectionReported').execute();
    expect(audit.map((a) => JSON.parse(String(a.details)) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ message: 'ODBIJANJE', receivedId: id, number: 'ODB-WAIT-1', requestId: report.requestId, duplicate: false }),
    ]);
    // the month's report names it reported
    const month = dataOf<{ rows: { receivedId: number; reportStatus: string; requestId: string | null }[] }>(
      await h.request('GET', `/api/v1/reports/rejections?month=${today.slice(0, 7)}`, { token }),
    );
    expect(month.rows.find((r) => r.receivedId === id)).toMatchObject({ reportStatus: 'REPORTED', requestId: report.requestId });
    // never sent again
    expect((await fiscalizeRound(deps(later(600)), 'test')).rejections).toMatchObject({ sent: 0 });
    expect(reportsOf('ODB-WAIT-1')).toHaveLength(1);
  });

  it('S009 at the report keeps it pending with the reason and a later round sends it again', async () => {
    const id = await fiscalized('ODB-S009-1');
    await reject(id, 'N', 'Roba nije isporučena');
    service.mode = 'S009';
    expect((await fiscalizeRound(deps(), 'test')).rejections).toMatchObject({ sent: 1, retry: 1 });
    const waiting = (await rejection(id, 'en')).report;
    expect(waiting).toMatchObject({ status: 'PENDING', attempts: 1, error: { code: 'S009', text: expect.stringContaining('Ne postoji zabilježen') as string } });
    expect(waiting.error?.reason).toContain('the supplier has not fiscalized it yet');
    expect(waiting.nextAttemptAt! > new Date().toISOString()).toBe(true);
    // backed off: not sent again at once
    expect((await fiscalizeRound(deps(), 'test')).rejections).toMatchObject({ sent: 0 });
    service.mode = 'accept';
    expect((await fiscalizeRound(deps(later(5)), 'test')).rejections).toMatchObject({ sent: 1, fiscalized: 1 });
    expect((await rejection(id)).report).toMatchObject({ status: 'REPORTED', attempts: 2, error: null });
    expect(reportsOf('ODB-S009-1')).toHaveLength(2);
  });

  it('S010 (already on record) counts as reported with its code and text kept; another refusal is FAILED with the service\'s words', async () => {
    const id = await fiscalized('ODB-S010-1');
    await reject(id, 'O', 'Dvostruko izdan');
    service.mode = 'S010';
    expect((await fiscalizeRound(deps(), 'test')).rejections).toMatchObject({ sent: 1, fiscalized: 1 });
    const hr = (await rejection(id, 'hr')).report;
    expect(hr).toMatchObject({ status: 'REPORTED', error: { code: 'S010', text: expect.stringContaining('Već postoji zabilježen status odbijanja') as string, reason: 'odbijanje je već zabilježeno' } });
    expect(hr.requestId).not.toBeNull();
    const audit = await h.db.selectFrom('audit_log').select(['details']).where('action', '=', 'inbox.rejectionReported').execute();
    expect(audit.map((a) => JSON.parse(String(a.details)) as Record<string, unknown>)).toContainEqual(expect.objectContaining({ receivedId: id, duplicate: true }));

    const refused = await fiscalized('ODB-S006-1');
    await reject(refused);
    service.mode = 'S006';
    expect((await fiscalizeRound(deps(), 'test')).rejections).toMatchObject({ sent: 1, failed: 1 });
    expect((await rejection(refused, 'en')).report).toMatchObject({ status: 'FAILED', error: { code: 'S006', text: expect.stringContaining('nije ovlaštena') as string } });
    // not sent again by itself; the dashboard still counts it as to report
    expect((await fiscalizeRound(deps(later(600)), 'test')).rejections).toMatchObject({ sent: 0 });
    const attention = dataOf<{ rejectionsToReport: number }>(await h.request('GET', '/api/v1/inbox/attention', { token }));
    expect(attention.rejectionsToReport).toBeGreaterThanOrEqual(1);
    service.mode = 'accept';

    // "Report now" (decision 042): due at the next round, which reports it
    const now = await h.request('POST', `/api/v1/inbox/${refused}/rejection/report-now`, { token });
    expect(now.statusCode).toBe(200);
    expect(dataOf<{ rejection: ReceivedRejection }>(now).rejection.report).toMatchObject({ status: 'PENDING', error: null });
    expect((await fiscalizeRound(deps(), 'test')).rejections).toMatchObject({ sent: 1, fiscalized: 1 });
    expect((await rejection(refused)).report).toMatchObject({ status: 'REPORTED', attempts: 2, error: null });
    expect(reportsOf('ODB-S006-1')).toHaveLength(2);
    expect(dataOf<{ rejectionsToReport: number }>(await h.request('GET', '/api/v1/inbox/attention', { token })).rejectionsToReport).toBe(attention.rejectionsToReport - 1);
  });

  it('an outage keeps it pending with the reason, and a later round of another process reports it, once', async () => {
    const id = await fiscalized('ODB-OUT-1');
    await reject(id);
    await service.stop();
    try {
      expect((await fiscalizeRound(deps(), 'test')).rejections).toMatchObject({ sent: 1, retry: 1 });
      expect((await rejection(id, 'en')).report).toMatchObject({ status: 'PENDING', attempts: 1, error: { code: 'NETWORK', reason: 'the service is not reachable' } });
    } finally {
      await service.start();
    }
    const restarted = await h.sibling();
    expect((await fiscalizeRound(deps(later(5), restarted.db), 'another process')).rejections).toMatchObject({ sent: 1, fiscalized: 1 });
    expect((await rejection(id)).report).toMatchObject({ status: 'REPORTED', attempts: 2, error: null });
    expect(reportsOf('ODB-OUT-1')).toHaveLength(1);
    const kinds = dataOf<{ kind: string; outcome: string }[]>(await h.request('GET', `/api/v1/inbox/${id}/fiscalization/messages`, { token }));
    expect(kinds.filter((m) => m.kind === 'ODBIJANJE').map((m) => m.outcome)).toEqual(['RETRY', 'FISCALIZED']);
  });

  it('a process that dies after claiming loses nothing: after its claim runs out another reports it, once', async () => {
    const id = await fiscalized('ODB-KILL-1');
    await reject(id);
    const at = new Date(Date.now() + 1000);
    expect(await claimRejection(h.db, id, 'dead process', at.toISOString(), new Date(at.getTime() + 120_000).toISOString())).toBe(true);
    const restarted = await h.sibling();
    expect((await fiscalizeRound(deps(at, restarted.db), 'new process', { catchUp: true })).rejections).toMatchObject({ sent: 0 });
    expect(reportsOf('ODB-KILL-1')).toHaveLength(0);
    const after = new Date(at.getTime() + 3 * 60_000);
    expect((await fiscalizeRound(deps(after, restarted.db), 'new process')).rejections).toMatchObject({ sent: 1, fiscalized: 1 });
    expect((await fiscalizeRound(deps(new Date(after.getTime() + 60_000), restarted.db), 'new process')).rejections).toMatchObject({ sent: 0 });
    expect(reportsOf('ODB-KILL-1')).toHaveLength(1);
    expect((await rejection(id)).report).toMatchObject({ status: 'REPORTED', attempts: 1 });
  });

  it('a supplier abroad sent no Croatian e-invoice: its rejection has nothing to report (NOT_REQUIRED), nothing sent, not counted', async () => {
    service.mode = 'accept';
    const abroad = Buffer.from(
      sample('ODB-DE-1').toString('utf8').replace(/<cac:AccountingSupplierParty>[\s\S]*?<\/cac:AccountingSupplierParty>/, (party) =>
        party
          .replace('<cbc:EndpointID schemeID="9934">12345678901</cbc:EndpointID>', '<cbc:EndpointID schemeID="9930">DE811569869</cbc:EndpointID>')
          .replace('<cbc:IdentificationCode>HR</cbc:IdentificationCode>', '<cbc:IdentificationCode>DE</cbc:IdentificationCode>')
          .replace('<cbc:CompanyID>HR12345678901</cbc:CompanyID>', '<cbc:CompanyID>DE811569869</cbc:CompanyID>')
          .replace('<cbc:ID>12345678901</cbc:ID>', '<cbc:ID>Operator 1</cbc:ID>'),
      ),
      'utf8',
    );
    const kept = async (name: string, bytes: Buffer) => dataOf<ImportAnswer>(await importFiles(h, token, [{ name, bytes }])).results[0]?.id ?? 0;
    const id = await kept('de.xml', abroad);
    expect((await fiscal(id)).status).toBe('NOT_REQUIRED');
    const toReport = async () => dataOf<{ rejectionsToReport: number }>(await h.request('GET', '/api/v1/inbox/attention', { token })).rejectionsToReport;
    const before = await toReport();
    await reject(id);
    expect((await rejection(id)).report).toMatchObject({ status: 'NOT_REQUIRED' });
    // one queued PENDING by an earlier version is concluded NOT_REQUIRED by the next round, never sent
    const older = await kept('de2.xml', Buffer.from(abroad.toString('utf8').replaceAll('ODB-DE-1', 'ODB-DE-2'), 'utf8'));
    await reject(older);
    await h.db.updateTable('received_rejection').set({ report_status: 'PENDING' }).where('document_id', '=', older).execute();
    expect((await fiscalizeRound(deps(), 'test')).rejections).toMatchObject({ sent: 0 });
    expect((await rejection(older)).report).toMatchObject({ status: 'NOT_REQUIRED' });
    expect(service.received.filter((r) => r.element === 'EvidentirajOdbijanjeZahtjev' && r.xml.includes('ODB-DE-'))).toHaveLength(0);
    // the dashboard does not ask to report what cannot be reported
    expect(await toReport()).toBe(before);
  });
});

import { describe, expect, it } from 'vitest';
import type { ImportAnswer, ReceivedFiscalization } from '@faktura/shared';
import { type FiscalDeps, fiscalizeRound } from '../../src/modules/fiscalization';
import { claimReceived } from '../../src/modules/fiscalization/outbox.repository';
import { receivedRecord } from '../../src/modules/inbox';
import { type Harness, SECRET, dataOf, errorsOf } from '../harness';
import type { FiscalizationDouble } from '../fiscalization/double';
import type { TestIdentity } from '../fiscalization/pki';
import { validateSoapMessage } from '../fiscalization/validate';
import { type FiscalWorld, fiscalSteps, useFiscalWorld } from '../fiscalization/world';
import { xmlsecVerifies } from '../fiscalization/xmlsec';
import { addressedTo, importFiles, sampleBytes } from './inboxFixtures';

/**
 * Received e-invoices are fiscalized as received (`EvidentirajERacunZahtjev`, `vrstaERacuna` U,
 * decision 038) through the same outbox, signature and archive as issued ones, on SQLite and
 * PostgreSQL, against the service double over HTTPS that validates each request against the
 * official schema; every request verifies with xmlsec1.
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

/** The Tax Administration's PDV25 sample, addressed to us, numbered `number`, dated in 2026 (the schema's minimum). */
function sample(number: string, to = OUR_OIB): Buffer {
  const text = addressedTo(sampleBytes('hr/eRacun_PDV25.xml'), to, number).toString('utf8').replaceAll('2025-12-', '2026-12-');
  return Buffer.from(text, 'utf8');
}
async function receive(number: string, to = OUR_OIB): Promise<number> {
  const answer = dataOf<ImportAnswer>(await importFiles(h, token, [{ name: `${number}.xml`, bytes: sample(number, to) }]));
  const id = answer.results[0]?.id;
  if (!id) throw new Error(JSON.stringify(answer));
  return id;
}
const fiscal = async (id: number, lang = 'hr') => dataOf<ReceivedFiscalization>(await h.request('GET', `/api/v1/inbox/${id}/fiscalization`, { token, lang }));
const sentFor = (number: string) => service.received.filter((r) => r.xml.includes(`<efis:brojDokumenta>${number}</efis:brojDokumenta>`));

describe('fiscalizing received e-invoices as received', () => {
  it('with fiscalization off nothing is sent and the page says to fiscalize it elsewhere; SELF catches it up', async () => {
    const early = await receive('U-OFF-1');
    expect(await fiscal(early)).toMatchObject({ status: 'PENDING', sender: 'NONE', attempts: 0, messages: [] });
    expect((await fiscalizeRound(deps(), 'test', { catchUp: true })).received).toMatchObject({ sent: 0 });
    expect(sentFor('U-OFF-1')).toHaveLength(0);
    expect((await settings('SELF')).statusCode).toBe(200);
    // the first round after a start queues what the inbox still has pending
    await fiscalizeRound(deps(), 'test', { catchUp: true });
    expect(await fiscal(early)).toMatchObject({ status: 'FISCALIZED', sender: 'FAKTURA', attempts: 1 });
    expect(sentFor('U-OFF-1')).toHaveLength(1);
  });

  it('a received e-invoice is queued with the document, sent as U with the supplier as issuer and us as recipient, valid and signed', async () => {
    service.mode = 'accept';
    const id = await receive('U-OK-1');
    // in the outbox from the transaction that kept it
    expect(await h.db.selectFrom('fiscal_received').select('status').where('received_document_id', '=', id).executeTakeFirst()).toEqual({ status: 'PENDING' });
    const pending = await fiscal(id);
    expect(pending).toMatchObject({ status: 'PENDING', sender: 'FAKTURA', error: null });
    expect(pending.deadline > '2026-01-01').toBe(true);
    const round = await fiscalizeRound(deps(), 'test');
    expect(round.received).toMatchObject({ sent: 1, fiscalized: 1 });
    const done = await fiscal(id);
    expect(done).toMatchObject({ status: 'FISCALIZED', attempts: 1, error: null, messages: [{ kind: 'ERACUN_U', outcome: 'FISCALIZED' }] });
    expect(done.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(done.at).not.toBeNull();
    const messages = dataOf<{ requestXml: string; responseXml: string }[]>(await h.request('GET', `/api/v1/inbox/${id}/fiscalization/messages`, { token }));
    expect(messages).toHaveLength(1);
    const xml = messages[0]?.requestXml ?? '';
    expect(xml).toBe(sentFor('U-OK-1')[0]?.xml);
    expect(xml).toContain('<efis:vrstaERacuna>U</efis:vrstaERacuna>');
    expect(xml).toMatch(new RegExp(`<efis:Izdavatelj>.*<efis:oibPorezniBroj>${SUPPLIER_OIB}</efis:oibPorezniBroj>.*</efis:Izdavatelj>`, 's'));
    expect(xml).toMatch(new RegExp(`<efis:Primatelj>.*<efis:oibPorezniBroj>${OUR_OIB}</efis:oibPorezniBroj>.*</efis:Primatelj>`, 's'));
    expect(xml).toContain('<efis:iznosSPdv>');
    expect(await validateSoapMessage(xml)).toEqual([]);
    expect(xmlsecVerifies(xml, user.certificatePem).ok).toBe(true);
    expect(messages[0]?.responseXml).toContain(done.requestId ?? '?');
    // the inbox lists and filters by it
    const list = dataOf<{ id: number; fiscalStatus: string }[]>(await h.request('GET', '/api/v1/inbox?fiscalStatus=FISCALIZED&pageSize=100', { token }));
    expect(list.map((r) => r.id)).toContain(id);
  });

  it('S009 is refused with the reason in hr and en, counted by the dashboard; "fiscalize now" sends it again; S008 counts as fiscalized', async () => {
    service.mode = 'S009';
    const id = await receive('U-S009-1');
    expect((await fiscalizeRound(deps(), 'test')).received).toMatchObject({ failed: 1 });
    const hr = await fiscal(id, 'hr');
    expect(hr).toMatchObject({ status: 'FAILED', error: { code: 'S009', text: expect.stringContaining('Ne postoji zabilježen') as string } });
    expect(hr.error?.reason).toContain('dobavljač ga još nije fiskalizirao');
    expect((await fiscal(id, 'en')).error?.reason).toContain('the supplier has not fiscalized it yet');
    const attention = dataOf<{ refused: number }>(await h.request('GET', '/api/v1/inbox/attention', { token }));
    expect(attention.refused).toBeGreaterThanOrEqual(1);
    // not sent again by itself
    expect((await fiscalizeRound(deps(new Date(Date.now() + 3 * 3600_000)), 'test')).received).toMatchObject({ sent: 0 });
    service.mode = 'S008';
    const again = await h.request('POST', `/api/v1/inbox/${id}/fiscalize`, { token });
    expect(again.statusCode).toBe(200);
    expect(dataOf<ReceivedFiscalization>(again)).toMatchObject({ status: 'FISCALIZED', attempts: 2, error: null });
    service.mode = 'accept';
  });

  it('an outage keeps it pending with the reason, and a later round of another process sends it', async () => {
    await service.stop();
    let id: number;
    try {
      id = await receive('U-OUT-1');
      expect((await fiscalizeRound(deps(), 'test')).received).toMatchObject({ sent: 1, retry: 1 });
      const pending = await fiscal(id, 'en');
      expect(pending).toMatchObject({ status: 'PENDING', attempts: 1, error: { code: 'NETWORK', reason: 'the service is not reachable' }, messages: [{ outcome: 'RETRY' }] });
      expect(pending.nextAttemptAt).not.toBeNull();
      expect((await fiscalizeRound(deps(), 'test')).received).toMatchObject({ sent: 0 });
    } finally {
      await service.start();
    }
    const restarted = await h.sibling();
    expect((await fiscalizeRound(deps(new Date(Date.now() + 5 * 60_000), restarted.db), 'another process')).received).toMatchObject({ sent: 1, fiscalized: 1 });
    const done = await fiscal(id);
    expect(done).toMatchObject({ status: 'FISCALIZED', attempts: 2, error: null });
    // both attempts kept; the service saw only the one after the outage
    expect(done.messages.map((m) => m.outcome)).toEqual(['RETRY', 'FISCALIZED']);
    expect(sentFor('U-OUT-1')).toHaveLength(1);
  });

  it('a process that dies after claiming loses nothing: after its claim runs out another sends it, once', async () => {
    const id = await receive('U-KILL-1');
    const at = new Date();
    // process A took it and died before sending
    expect(await claimReceived(h.db, id, 'dead process', at.toISOString(), new Date(at.getTime() + 120_000).toISOString(), false)).toBe(true);
    const restarted = await h.sibling();
    expect((await fiscalizeRound(deps(undefined, restarted.db), 'new process', { catchUp: true })).received).toMatchObject({ sent: 0 });
    expect(sentFor('U-KILL-1')).toHaveLength(0);
    const later = new Date(at.getTime() + 3 * 60_000);
    expect((await fiscalizeRound(deps(later, restarted.db), 'new process')).received).toMatchObject({ sent: 1, fiscalized: 1 });
    expect((await fiscalizeRound(deps(new Date(later.getTime() + 60_000), restarted.db), 'new process')).received).toMatchObject({ sent: 0 });
    expect(sentFor('U-KILL-1')).toHaveLength(1);
    expect(await fiscal(id)).toMatchObject({ status: 'FISCALIZED', attempts: 1 });
  });

  it('one addressed to another OIB is refused by Faktura with the reason, nothing sent', async () => {
    const id = await receive('U-OTHER-1', '11111111119');
    await fiscalizeRound(deps(), 'test');
    const en = await fiscal(id, 'en');
    expect(en).toMatchObject({ status: 'FAILED', error: { code: 'inboxFiscalOtherRecipient', text: null } });
    expect(en.error?.reason).toBe(`The received e-invoice is addressed to TIN (OIB) 11111111119, not yours (${OUR_OIB}): Faktura does not fiscalize it as received.`);
    expect(sentFor('U-OTHER-1')).toHaveLength(0);
  });

  it('a supplier abroad without an OIB sent no Croatian e-invoice: nothing to fiscalize, nothing refused, not counted', async () => {
    service.mode = 'accept';
    const abroad = (number: string) =>
      Buffer.from(
        sample(number).toString('utf8').replace(/<cac:AccountingSupplierParty>[\s\S]*?<\/cac:AccountingSupplierParty>/, (party) =>
          party
            .replace('<cbc:EndpointID schemeID="9934">12345678901</cbc:EndpointID>', '<cbc:EndpointID schemeID="9930">DE811569869</cbc:EndpointID>')
            .replace('<cbc:IdentificationCode>HR</cbc:IdentificationCode>', '<cbc:IdentificationCode>DE</cbc:IdentificationCode>')
            .replace('<cbc:CompanyID>HR12345678901</cbc:CompanyID>', '<cbc:CompanyID>DE811569869</cbc:CompanyID>')
            .replace('<cbc:ID>12345678901</cbc:ID>', '<cbc:ID>Operator 1</cbc:ID>'),
        ),
        'utf8',
      );
    const attention = async () => dataOf<{ refused: number; late: number; dueSoon: number }>(await h.request('GET', '/api/v1/inbox/attention', { token }));
    const before = await attention();
    const answer = dataOf<ImportAnswer>(await importFiles(h, token, [{ name: 'de.xml', bytes: abroad('U-DE-1') }]));
    const id = answer.results[0]?.id ?? 0;
    expect(answer.results[0]).toMatchObject({ outcome: 'IMPORTED' });
    // kept as not required: never queued, never sent, no deadline to warn about
    expect(await h.db.selectFrom('fiscal_received').select('status').where('received_document_id', '=', id).executeTakeFirst()).toBeUndefined();
    await fiscalizeRound(deps(), 'test', { catchUp: true });
    expect(sentFor('U-DE-1')).toHaveLength(0);
    expect(await fiscal(id, 'en')).toMatchObject({ status: 'NOT_REQUIRED', sender: 'FAKTURA', error: null, attempts: 0, messages: [] });
    expect(await attention()).toMatchObject({ refused: before.refused, late: before.late, dueSoon: before.dueSoon });
    // "fiscalize now" sends nothing and answers where it stands
    const now = await h.request('POST', `/api/v1/inbox/${id}/fiscalize`, { token, lang: 'en' });
    expect(now.statusCode).toBe(200);
    expect(dataOf<ReceivedFiscalization>(now)).toMatchObject({ status: 'NOT_REQUIRED' });
    expect(sentFor('U-DE-1')).toHaveLength(0);
    const listed = dataOf<{ id: number; fiscalStatus: string }[]>(await h.request('GET', '/api/v1/inbox?fiscalStatus=NOT_REQUIRED', { token }));
    expect(listed.map((item) => [item.id, item.fiscalStatus])).toEqual([[id, 'NOT_REQUIRED']]);

    // one kept as pending by an earlier version is concluded as not required by the next round, with its reason in the History
    const older = dataOf<ImportAnswer>(await importFiles(h, token, [{ name: 'de2.xml', bytes: abroad('U-DE-2') }])).results[0]?.id ?? 0;
    await h.db.updateTable('received_document').set({ fiscal_status: 'PENDING' }).where('id', '=', older).execute();
    await h.db.insertInto('fiscal_received').values({ received_document_id: older, status: 'PENDING', next_attempt_at: '2026-01-01T00:00:00.000Z', deadline: '2026-12-31', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' }).execute();
    await fiscalizeRound(deps(), 'test');
    expect(sentFor('U-DE-2')).toHaveLength(0);
    expect(await fiscal(older)).toMatchObject({ status: 'NOT_REQUIRED', error: null });
    const trail = await h.db.selectFrom('audit_log').select(['action', 'details']).where('action', '=', 'fiscalization.notRequired').execute();
    expect(trail).toHaveLength(1);
    expect(JSON.parse(String(trail[0]?.details))).toMatchObject({ receivedId: older, country: 'DE' });

    // a Croatian supplier whose OIB is missing is refused instead: the user asks for a corrected e-invoice
    const missing = Buffer.from(abroad('U-HR-NOOIB').toString('utf8').replace('<cbc:IdentificationCode>DE</cbc:IdentificationCode>', '<cbc:IdentificationCode>HR</cbc:IdentificationCode>'), 'utf8');
    const hr = dataOf<ImportAnswer>(await importFiles(h, token, [{ name: 'hr.xml', bytes: missing }])).results[0]?.id ?? 0;
    await fiscalizeRound(deps(), 'test');
    expect(await fiscal(hr)).toMatchObject({ status: 'FAILED', error: { code: 'inboxFiscalIncomplete' } });
  });

  it('with the intermediary fiscalizing nothing is sent; "fiscalize now" is refused; an unknown document is 404', async () => {
    expect((await settings('INTERMEDIARY')).statusCode).toBe(200);
    const id = await receive('U-INT-1');
    expect(await fiscal(id)).toMatchObject({ status: 'BY_INTERMEDIARY', sender: 'INTERMEDIARY', messages: [] });
    await fiscalizeRound(deps(), 'test', { catchUp: true });
    expect(sentFor('U-INT-1')).toHaveLength(0);
    const refused = await h.request('POST', `/api/v1/inbox/${id}/fiscalize`, { token, lang: 'en' });
    expect(refused.statusCode).toBe(409);
    expect(errorsOf(refused)[0]).toMatchObject({ code: 'fiscalizationNotSelf' });
    const missing = await h.request('GET', '/api/v1/inbox/999999/fiscalization', { token, lang: 'en' });
    expect(missing.statusCode).toBe(404);
    expect(errorsOf(missing)[0]).toMatchObject({ code: 'inboxNotFound', reason: 'The received invoice does not exist' });
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fetchRound } from '../../src/modules/inbox';
import { type Harness, SECRET, dataOf, errorsOf } from '../harness';
import type { MerDouble } from '../delivery/merDouble';
import { MER_OIB, useMerDouble } from '../delivery/merWorld';
import { type FiscalWorld, fiscalSteps, useFiscalWorld } from '../fiscalization/world';
import { addressedTo, importFiles, sampleBytes } from './inboxFixtures';

/**
 * Issue 46, "Fetched from the intermediary", against moj-eRačun's HTTPS double on both databases:
 * Fetch now and the scheduled round take each document once, byte for byte; the intermediary is
 * told only after the bytes are committed (a crash between the two tells it at the next round and
 * keeps nothing twice; a crash before the commit keeps nothing and the next round takes it); a
 * document imported by hand before is recognised; a download that fails is named and taken at the
 * next round; an outage and a refusal are answered with their reason and change nothing; two
 * processes never fetch at once; in INTERMEDIARY mode the intermediary's fiscalization of the
 * received document comes back (fiscalized, or refused with the Tax Administration's code).
 */
let h: Harness;
let token: string;
let world: FiscalWorld;
let mer: MerDouble;
useFiscalWorld((ready) => ({ h, token } = world = ready));
const { settings: fiscalSettings } = fiscalSteps(() => world);
const { account, configure } = useMerDouble(() => world, (started) => (mer = started), { validate: false });
const OIB = MER_OIB;
const fetchNow = (lang = 'hr') => h.request('POST', '/api/v1/inbox/fetch', { token, lang });
const deps = () => ({ db: h.db, secret: SECRET });
const sample = (number: string, file = 'hr/eRacun_PDV25.xml') => addressedTo(sampleBytes(file), OIB, number);
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const rows = () => h.db.selectFrom('received_document').select(['id', 'number', 'provider', 'provider_document_id', 'acknowledged_at', 'source', 'fiscal_status', 'sha256']).orderBy('id').execute();
interface Fetched { ok: boolean; listed: number; fetched: number; alreadyHere: number; failed: number; reason: string | null }

describe('fetching received e-invoices from the intermediary', () => {
  it('is refused with its reason until delivery is set up, and keeps nothing', async () => {
    const res = await fetchNow();
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res)[0]).toMatchObject({ code: 'deliveryNotConfigured' });
    expect(errorsOf(res)[0]?.reason).toContain('Postavkama');
    // the scheduled round says nothing and does nothing
    expect(await fetchRound(deps(), 'scheduled', { manual: false, language: 'hr' })).toBeNull();
    expect((await configure()).statusCode).toBe(200);
  });

  it('takes each waiting document once, byte for byte, and tells the intermediary only after keeping it', async () => {
    const first = sample('MER-IN-1');
    const second = sample('MER-IN-2', 'hr/eRacun_PDV13.xml');
    const a = mer.toInbox(first);
    const b = mer.toInbox(second);
    // withdrawn by its sender: not there to take
    mer.toInbox(sample('MER-IN-WITHDRAWN'), { statusId: 45 });

    const res = await fetchNow();
    expect(res.statusCode).toBe(200);
    expect(dataOf<Fetched>(res)).toMatchObject({ ok: true, listed: 2, fetched: 2, alreadyHere: 0, failed: 0, reason: null });
    const kept = (await rows()).filter((r) => r.provider_document_id === String(a) || r.provider_document_id === String(b));
    expect(kept.map((r) => [r.number, r.source, r.provider])).toEqual([['MER-IN-1', 'INTERMEDIARY', 'MOJ_ERACUN'], ['MER-IN-2', 'INTERMEDIARY', 'MOJ_ERACUN']]);
    expect(kept.every((r) => r.acknowledged_at !== null)).toBe(true);
    expect(mer.inbox.filter((d) => d.electronicId === a || d.electronicId === b).every((d) => d.imported)).toBe(true);
    // the stored original is the intermediary's bytes, downloadable unchanged
    const xml = await h.request('GET', `/api/v1/inbox/${kept[0]!.id}/xml`, { token });
    expect(Buffer.from(xml.rawPayload).equals(first)).toBe(true);
    expect(kept[0]!.sha256).toBe(sha(first));
    // and the list shows them as fetched, with the supplier's number
    const list = dataOf<{ number: string; source: string }[]>(await h.request('GET', '/api/v1/inbox?q=MER-IN', { token }));
    expect(list.map((r) => [r.number, r.source]).sort()).toEqual([['MER-IN-1', 'INTERMEDIARY'], ['MER-IN-2', 'INTERMEDIARY']]);

    // again: nothing new, nothing downloaded twice, nothing told twice
    const again = dataOf<Fetched>(await fetchNow('en'));
    expect(again).toMatchObject({ ok: true, listed: 2, fetched: 0, alreadyHere: 2, failed: 0 });
    expect(mer.downloads.get(a)).toBe(1);
    expect(mer.downloads.get(b)).toBe(1);
    expect(mer.requests.filter((r) => r.path === `/apis/v2/notifyimport/${a}`)).toHaveLength(1);
    // the audit trail names each document kept, with its intermediary id
    const audit = await h.db.selectFrom('audit_log').select('details').where('action', '=', 'inbox.received').execute();
    expect(audit.map((r) => JSON.parse(r.details) as { providerDocumentId?: string }).filter((d) => d.providerDocumentId === String(a))).toHaveLength(1);
  });

  it('keeps what the intermediary hands over exactly: a byte-order mark and CRLF line ends stay', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(sample('MER-IN-BOM').toString('utf8').replace(/\n/g, '\r\n'), 'utf8')]);
    const id = mer.toInbox(bytes);
    expect(dataOf<Fetched>(await fetchNow())).toMatchObject({ fetched: 1 });
    const row = (await rows()).find((r) => r.provider_document_id === String(id));
    const xml = await h.request('GET', `/api/v1/inbox/${row!.id}/xml`, { token });
    expect(Buffer.from(xml.rawPayload).equals(bytes)).toBe(true);
    expect(row!.sha256).toBe(sha(bytes));
  });

  it('a telling that failed after the commit is told at the next round; the document is kept once', async () => {
    const id = mer.toInbox(sample('MER-IN-3'));
    mer.notifyFailing = true;
    expect(dataOf<Fetched>(await fetchNow())).toMatchObject({ fetched: 1, failed: 0 });
    let row = (await rows()).find((r) => r.provider_document_id === String(id));
    expect(row?.acknowledged_at).toBeNull();
    expect(mer.inbox.find((d) => d.electronicId === id)?.imported).toBe(false);

    mer.notifyFailing = false;
    expect(dataOf<Fetched>(await fetchNow())).toMatchObject({ fetched: 0 });
    row = (await rows()).find((r) => r.provider_document_id === String(id));
    expect(row?.acknowledged_at).not.toBeNull();
    expect(mer.inbox.find((d) => d.electronicId === id)?.imported).toBe(true);
    expect((await rows()).filter((r) => r.number === 'MER-IN-3')).toHaveLength(1);
  });

  it('a crash between download and commit keeps nothing and tells nothing; the next round takes it', async () => {
    const id = mer.toInbox(sample('MER-IN-CRASH'));
    // the database goes away in the middle of the round: the insert fails after the download
    const broken = { ...deps(), db: h.db, now: () => new Date() };
    const original = h.db.transaction.bind(h.db);
    let crashed = false;
    (h.db as unknown as { transaction: () => unknown }).transaction = () => {
      crashed = true;
      throw new Error('the process was killed');
    };
    try {
      await expect(fetchRound(broken, 'crashing', { manual: false, language: 'hr' })).rejects.toThrow('killed');
    } finally {
      (h.db as unknown as { transaction: typeof original }).transaction = original;
    }
    expect(crashed).toBe(true);
    expect((await rows()).filter((r) => r.number === 'MER-IN-CRASH')).toHaveLength(0);
    expect(mer.inbox.find((d) => d.electronicId === id)?.imported).toBe(false);
    // the dead process's lease ran out; the next process fetches
    await h.db.updateTable('inbox_fetch').set({ claimed_until: new Date(Date.now() - 1000).toISOString() }).execute();
    expect(dataOf<Fetched>(await fetchNow())).toMatchObject({ fetched: 1 });
    expect((await rows()).filter((r) => r.number === 'MER-IN-CRASH')).toHaveLength(1);
    expect(mer.inbox.find((d) => d.electronicId === id)?.imported).toBe(true);
  });

  it('a document imported by hand before is recognised, takes the intermediary\'s id and is not kept twice', async () => {
    const bytes = sample('MER-IN-HAND');
    expect((await importFiles(h, token, [{ name: 'hand.xml', bytes }])).statusCode).toBe(200);
    const id = mer.toInbox(bytes);
    expect(dataOf<Fetched>(await fetchNow())).toMatchObject({ fetched: 0, failed: 0 });
    const kept = (await rows()).filter((r) => r.number === 'MER-IN-HAND');
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ source: 'IMPORT', provider: 'MOJ_ERACUN', provider_document_id: String(id) });
    expect(mer.inbox.find((d) => d.electronicId === id)?.imported).toBe(true);
    // known by its id from now on: not downloaded again
    await fetchNow();
    expect(mer.downloads.get(id)).toBe(1);
  });

  it('a download that fails is named, the rest kept, and it is taken at the next round', async () => {
    const bad = mer.toInbox(sample('MER-IN-LATER'));
    const good = mer.toInbox(sample('MER-IN-NOW'));
    mer.downloadFailing.add(bad);
    const res = dataOf<Fetched>(await fetchNow('en'));
    expect(res).toMatchObject({ ok: false, fetched: 1, failed: 1 });
    expect(res.reason).toContain('Documents not fetched: 1');
    expect(res.reason).toContain('MER-IN-LATER');
    expect((await rows()).some((r) => r.provider_document_id === String(good))).toBe(true);
    expect(mer.inbox.find((d) => d.electronicId === bad)?.imported).toBe(false);

    mer.downloadFailing.delete(bad);
    expect(dataOf<Fetched>(await fetchNow())).toMatchObject({ ok: true, fetched: 1, failed: 0 });
    expect((await rows()).filter((r) => r.number === 'MER-IN-LATER')).toHaveLength(1);
  });

  it('something that is not an e-invoice is left at the intermediary, untold, with its reason', async () => {
    const id = mer.toInbox(Buffer.from('<?xml version="1.0"?><Order xmlns="urn:x"><ID>1</ID></Order>'));
    const res = dataOf<Fetched>(await fetchNow());
    expect(res).toMatchObject({ ok: false, failed: 1, fetched: 0 });
    expect(res.reason).toMatch(/UBL/);
    expect(mer.inbox.find((d) => d.electronicId === id)?.imported).toBe(false);
    mer.inbox.splice(mer.inbox.findIndex((d) => d.electronicId === id), 1);
  });

  it('an outage and a refusal are answered with their reason in the user\'s language and keep nothing', async () => {
    mer.toInbox(sample('MER-IN-OUTAGE'));
    const before = (await rows()).length;
    mer.failing = true;
    const down = await fetchNow('en');
    mer.failing = false;
    expect(down.statusCode).toBe(503);
    expect(errorsOf(down)[0]).toMatchObject({ code: 'inboxFetchUnavailable' });
    expect(errorsOf(down)[0]?.reason).toContain('The intermediary');
    expect((await rows()).length).toBe(before);
    // a scheduled round that fails says why where the user looks: the inbox and the dashboard
    mer.failing = true;
    expect(await fetchRound(deps(), 'scheduled', { manual: false, language: 'hr' })).toBeNull();
    mer.failing = false;
    const said = dataOf<{ fetch: { lastAttemptAt: string; lastOkAt: string | null; problem: string | null } }>(await h.request('GET', '/api/v1/inbox/attention', { token, lang: 'en' }));
    expect(said.fetch.problem).toMatch(/^The intermediary cannot be reached now: HTTP 500/);
    expect(said.fetch.lastOkAt).not.toBeNull();
    expect(dataOf<{ fetch: { problem: string } }>(await h.request('GET', '/api/v1/inbox/attention', { token })).fetch.problem).toMatch(/^Posrednik trenutno nije dostupan/);

    await h.request('PUT', '/api/v1/settings/delivery', {
      token,
      body: { provider: 'MOJ_ERACUN', baseUrl: mer.url, username: account.username, password: 'kriva lozinka', companyId: OIB, softwareId: account.softwareId, autoSend: false, trustedCaPem: world.ca.certificatePem },
    });
    const refused = await fetchNow();
    expect(refused.statusCode).toBe(502);
    expect(errorsOf(refused)[0]).toMatchObject({ code: 'inboxFetchRefused' });
    expect(errorsOf(refused)[0]?.reason).toContain('Username or password is not correct');
    expect(refused.body).not.toContain('kriva lozinka');
    expect((await rows()).length).toBe(before);
    expect((await configure()).statusCode).toBe(200);
    // after the outage, the window still covers it, and the problem is gone
    expect(dataOf<Fetched>(await fetchNow())).toMatchObject({ fetched: 1 });
    expect(dataOf<{ fetch: { problem: string | null } }>(await h.request('GET', '/api/v1/inbox/attention', { token })).fetch.problem).toBeNull();
  });

  it('two processes never fetch at once: the second is told a round is under way', async () => {
    await h.db.insertInto('inbox_fetch').values({ id: 1 }).onConflict((oc) => oc.column('id').doNothing()).execute();
    await h.db.updateTable('inbox_fetch').set({ claimed_by: 'another-server', claimed_until: new Date(Date.now() + 60_000).toISOString() }).execute();
    const res = await fetchNow();
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res)[0]).toMatchObject({ code: 'inboxFetchBusy' });
    expect(await fetchRound(deps(), 'scheduled', { manual: false, language: 'hr' })).toBeNull();
    await h.db.updateTable('inbox_fetch').set({ claimed_by: null, claimed_until: null }).execute();
    // concurrently, exactly one round runs and nothing is kept twice
    const id = mer.toInbox(sample('MER-IN-RACE'));
    const both = await Promise.allSettled([fetchRound(deps(), 'p1', { manual: true, language: 'hr' }), fetchRound(deps(), 'p2', { manual: true, language: 'hr' })]);
    expect(both.some((r) => r.status === 'fulfilled')).toBe(true);
    expect((await rows()).filter((r) => r.provider_document_id === String(id))).toHaveLength(1);
  });

  it('INTERMEDIARY mode: the intermediary\'s fiscalization of a received document comes back, refusals with their code', async () => {
    expect((await fiscalSettings('INTERMEDIARY')).statusCode).toBe(200);
    const ok = mer.toInbox(sample('MER-IN-FISK-OK'));
    const bad = mer.toInbox(sample('MER-IN-FISK-BAD'));
    await fetchNow();
    const status = async (electronicId: number) => (await rows()).find((r) => r.provider_document_id === String(electronicId))?.fiscal_status;
    expect(await status(ok)).toBe('BY_INTERMEDIARY');

    mer.fiscalizeReceived(ok);
    mer.failReceivedFiscalization(bad, 'S008', 'Račun s tim brojem nije evidentiran kao izdani');
    // asked at most every half hour: the next round after that
    await h.db.updateTable('received_document').set({ provider_checked_at: null }).execute();
    await fetchNow();
    expect(await status(ok)).toBe('FISCALIZED');
    expect(await status(bad)).toBe('FAILED');
    const failed = await h.db.selectFrom('received_document').select(['id', 'provider_fiscal_error']).where('provider_document_id', '=', String(bad)).executeTakeFirstOrThrow();
    expect(failed.provider_fiscal_error).toBe('S008 Račun s tim brojem nije evidentiran kao izdani');
    // the dashboard counts it refused; the History says it
    const attention = dataOf<{ refused: number }>(await h.request('GET', '/api/v1/inbox/attention', { token }));
    expect(attention.refused).toBeGreaterThanOrEqual(1);
    const audit = await h.db.selectFrom('audit_log').select('details').where('action', '=', 'inbox.intermediaryFiscalization').execute();
    expect(audit.map((r) => JSON.parse(r.details) as { status: string }).map((d) => d.status).sort()).toEqual(['FAILED', 'FISCALIZED']);
  });
});

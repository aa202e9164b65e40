import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, dataOf, errorsOf, signedInHarness } from '../harness';
import { serverCertificate, testCa, type TestIdentity } from '../fiscalization/pki';
import { MerDouble } from './merDouble';

/**
 * Settings > E-invoice delivery through the API, on SQLite and PostgreSQL, against a double of
 * moj-eRačun's API v2: the password is stored only encrypted and never answered, logged or audited;
 * "Test connection" names a wrong password, an address that does not answer and a certificate that
 * is not trusted, in the reader's language.
 */
let h: Harness;
let token: string;
let ca: TestIdentity;
let mer: MerDouble;
const PASSWORD = 'Tajna-MER-lozinka 7';
const OIB = '69814562369';
const account = { username: '1083', password: PASSWORD, companyId: OIB, softwareId: 'Faktura-001' };

type Settings = { configured: boolean; passwordSet: boolean; username: string | null; autoSend: boolean; baseUrl: string | null; companyBu: string | null; defaults: { live: string; demo: string } };
type TestResult = { ok: boolean; reachable: boolean; authenticated: boolean; problem: string | null; reason: string; detail: string | null };

beforeAll(async () => {
  ({ h, token } = await signedInHarness());
  ca = testCa();
  mer = new MerDouble(serverCertificate(ca, 'localhost', 2), account);
  await mer.start();
}, 120_000);
afterAll(async () => {
  await mer.stop();
  await h.close();
});

const body = (overrides: Record<string, unknown> = {}) => ({
  provider: 'MOJ_ERACUN', baseUrl: mer.url, username: '1083', password: PASSWORD, companyId: OIB, companyBu: '', softwareId: 'Faktura-001',
  autoSend: false, trustedCaPem: ca.certificatePem, ...overrides,
});
const put = (value: unknown, lang = 'hr') => h.request('PUT', '/api/v1/settings/delivery', { token, lang, body: value });
const get = async () => dataOf<Settings>(await h.request('GET', '/api/v1/settings/delivery', { token }));
const test = (lang = 'hr') => h.request('POST', '/api/v1/settings/delivery/test', { token, lang });
const everything = () => h.db.selectFrom('delivery_settings').selectAll().execute();
const noPassword = (text: string) => expect(text).not.toContain(PASSWORD);

describe('Settings > E-invoice delivery', () => {
  it('is not set up at first, with moj-eRačun\'s live and demo addresses; Test connection says so', async () => {
    expect(await get()).toMatchObject({ configured: false, passwordSet: false, username: null, autoSend: false, defaults: { live: 'https://www.moj-eracun.hr', demo: 'https://demo.moj-eracun.hr' } });
    const res = await test();
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res)[0]).toMatchObject({ code: 'deliveryNotConfigured', reason: expect.stringContaining('Dostava e-računa') as string });
  });

  it('refuses a first save without a password, a bad OIB, an http address and CA text that is no certificate; nothing is saved', async () => {
    const noPw = await put(body({ password: undefined }));
    expect(noPw.statusCode).toBe(400);
    expect(errorsOf(noPw)[0]).toMatchObject({ code: 'deliveryPasswordRequired', field: 'password' });
    const badOib = await put(body({ companyId: '12345678901' }), 'en');
    expect(badOib.statusCode).toBe(400);
    expect(errorsOf(badOib)[0]?.field).toBe('companyId');
    const http = await put(body({ baseUrl: 'http://www.moj-eracun.hr' }));
    expect(errorsOf(http)[0]).toMatchObject({ field: 'baseUrl', reason: 'Upišite adresu koja počinje s https://' });
    const badCa = await put(body({ trustedCaPem: '-----BEGIN CERTIFICATE-----\nnonsense\n-----END CERTIFICATE-----' }));
    expect(badCa.statusCode).toBe(400);
    expect(errorsOf(badCa)[0]).toMatchObject({ code: 'deliveryTrustedCaInvalid', field: 'trustedCaPem' });
    expect(await everything()).toHaveLength(0);
    for (const res of [noPw, badOib, http, badCa]) noPassword(res.body);
  });

  it('saves the credentials: answers passwordSet, never the password; stores it only encrypted; audits without it', async () => {
    const saved = await put(body({ companyId: `HR${OIB}`, companyBu: 'PJ1' }));
    expect(saved.statusCode).toBe(200);
    expect(dataOf<Settings>(saved)).toMatchObject({ configured: true, passwordSet: true, username: '1083', companyBu: 'PJ1', baseUrl: mer.url });
    noPassword(saved.body);
    expect(saved.body).not.toMatch(/"password"/i);
    const [row] = await everything();
    expect(row?.company_id).toBe(OIB);
    expect(row?.password_enc).toMatch(/^v1\./);
    noPassword(JSON.stringify(row));
    const audit = await h.db.selectFrom('audit_log').selectAll().where('action', '=', 'delivery.changed').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.details).toContain('"password":"changed"');
    expect(audit[0]?.details).toContain('1083');
    noPassword(JSON.stringify(audit));
    const listed = await h.request('GET', '/api/v1/audit', { token });
    noPassword(listed.body);
  });

  it('Test connection: pings, then asks the outbox with the credentials; all is well', async () => {
    const res = await test();
    expect(res.statusCode).toBe(200);
    expect(dataOf<TestResult>(res)).toEqual({
      ok: true, reachable: true, authenticated: true, problem: null, detail: null,
      reason: `Veza radi: localhost:${mer.port} odgovara i prihvaća korisničke podatke.`,
    });
    const paths = mer.requests.map((r) => r.path);
    expect(paths.slice(-2)).toEqual(['/apis/v2/Ping/', '/apis/v2/queryOutbox']);
    const query = JSON.parse(mer.requests.at(-1)?.body ?? '{}') as Record<string, unknown>;
    expect(query).toMatchObject({ Username: '1083', Password: PASSWORD, CompanyId: OIB, CompanyBu: 'PJ1', SoftwareId: 'Faktura-001' });
    noPassword(res.body);
  });

  it('a save without a password keeps the stored one; autoSend changes and is audited', async () => {
    const saved = await put(body({ password: undefined, autoSend: true, companyBu: 'PJ1' }));
    expect(dataOf<Settings>(saved)).toMatchObject({ autoSend: true, passwordSet: true });
    expect(dataOf<TestResult>(await test()).ok).toBe(true);
    const audit = await h.db.selectFrom('audit_log').select('details').where('action', '=', 'delivery.changed').orderBy('seq').execute();
    expect(audit.at(-1)?.details).toContain('autoSend');
    expect(audit.at(-1)?.details).not.toContain('password');
  });

  it('names a wrong password clearly, in Croatian and English, with the intermediary\'s own words', async () => {
    await put(body({ password: 'kriva lozinka', companyBu: 'PJ1' }));
    const hr = dataOf<TestResult>(await test());
    expect(hr).toMatchObject({ ok: false, reachable: true, authenticated: false, problem: 'credentials', detail: 'Username or password is not correct' });
    expect(hr.reason).toContain('odbio je korisničke podatke');
    const en = dataOf<TestResult>(await test('en'));
    expect(en.reason).toContain('refused the credentials');
    expect(JSON.stringify([hr, en])).not.toContain('kriva lozinka');
  });

  it('names an address that does not answer, and a certificate that is not trusted', async () => {
    await put(body({ companyBu: 'PJ1' }));
    await mer.stop();
    try {
      const down = dataOf<TestResult>(await test('en'));
      expect(down).toMatchObject({ ok: false, reachable: false, authenticated: false, problem: 'unreachable' });
      expect(down.reason).toBe(`The intermediary does not answer at localhost:${mer.port}: check the address and the internet connection.`);
    } finally {
      await mer.start();
    }
    await put(body({ companyBu: 'PJ1', trustedCaPem: null }));
    const untrusted = dataOf<TestResult>(await test());
    expect(untrusted).toMatchObject({ ok: false, reachable: false, problem: 'tls' });
    expect(untrusted.reason).toContain('nije pouzdan');
    await put(body({ companyBu: 'PJ1' }));
    expect(dataOf<TestResult>(await test()).ok).toBe(true);
  });

  it('never writes the password to the log', () => {
    noPassword(h.logs.join(''));
  });
});

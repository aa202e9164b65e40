import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FiscalDeps, sendingSetup } from '../../src/modules/fiscalization';
import { type Harness, SECRET, dataOf, errorsOf, signedInHarness } from '../harness';
import { type TestIdentity, applicationCertificate, pkcs12, testCa } from './pki';

/**
 * Settings > Fiscalization through the API, on SQLite and PostgreSQL: the certificate is uploaded
 * as PKCS#12 with its password, checked, its key stored only encrypted and never answered; each
 * refusal says why in the reader's language and changes nothing; every change is audited without
 * the key.
 */
let h: Harness;
let token: string;
let ca: TestIdentity;
const ISSUER_OIB = '69814562369';
const PASSWORD = 'Lozinka-za-p12 1';
const b64 = (buffer: Buffer) => buffer.toString('base64');

type Settings = {
  mode: string; environment: string; ready: boolean; issuerOib: string | null; certificateIsIssuers: boolean | null;
  certificate: { oib: string; subject: string; issuer: string; kind: string; validTo: string } | null;
  endpoints: { einvoice: string; ereporting: string; b2c: string }; defaults: { einvoice: string }; trustedCaPem: string | null;
};

beforeAll(async () => {
  ({ h, token } = await signedInHarness());
  ca = testCa();
  const issuer = await h.request('PUT', '/api/v1/settings/issuer', {
    token,
    body: {
      name: 'Kodni Obrt', oib: ISSUER_OIB, email: 'ivana@kodni-obrt.hr', phone: null, iban: 'HR6023600001101234567', swift: null,
      inVatSystem: true, defaultFootnote: null, footerText: null, address: { address1: 'Ilica 42', city: 'Zagreb', zip: '10000', countryCode: 'HR' },
    },
  });
  if (issuer.statusCode !== 200) throw new Error(issuer.body);
}, 120_000);
afterAll(async () => {
  await h.close();
});

const put = (body: unknown, lang = 'hr') => h.request('PUT', '/api/v1/settings/fiscalization', { token, lang, body });
const get = async () => dataOf<Settings>(await h.request('GET', '/api/v1/settings/fiscalization', { token }));

describe('Settings > Fiscalization', () => {
  it('is off until set, with the official TEST addresses', async () => {
    expect(await get()).toMatchObject({
      mode: 'OFF', environment: 'TEST', certificate: null, ready: false, issuerOib: ISSUER_OIB,
      endpoints: { einvoice: 'https://cistest.apis-it.hr:8509/FiskalizacijaServiceEprod', b2c: 'https://cistest.apis-it.hr:8449/FiskalizacijaServiceTest' },
    });
  });

  it('takes a certificate with its password: answers who it belongs to, never the key; the key is stored only encrypted', async () => {
    const file = pkcs12(applicationCertificate(ca, { oib: ISSUER_OIB }), PASSWORD, [ca]);
    const saved = await put({ mode: 'SELF', environment: 'TEST', certificate: { p12: b64(file), password: PASSWORD }, trustedCaPem: ca.certificatePem });
    expect(saved.statusCode).toBe(200);
    expect(dataOf<Settings>(saved)).toMatchObject({
      mode: 'SELF', ready: true, certificateIsIssuers: true, trustedCaPem: ca.certificatePem.trim(),
      certificate: { oib: ISSUER_OIB, kind: 'UNKNOWN', issuer: expect.stringContaining('Faktura Test CA') as string },
    });
    expect(saved.body).not.toMatch(/PRIVATE KEY|Lozinka-za-p12/);
    const row = await h.db.selectFrom('fiscal_settings').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toMatch(/PRIVATE KEY|Lozinka-za-p12/);
    expect(row.private_key_enc).toMatch(/^v1\./);
    // the audit trail names the certificate, never the key or the password
    const audit = await h.db.selectFrom('audit_log').selectAll().where('action', '=', 'fiscalization.changed').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).toContain(ISSUER_OIB);
    expect(JSON.stringify(audit)).not.toMatch(/PRIVATE KEY|Lozinka-za-p12|MII/);
    expect(h.logs.join('')).not.toMatch(/PRIVATE KEY|Lozinka-za-p12/);

    // the key opens with this server's secret, and with no other
    const deps: FiscalDeps = { db: h.db, secret: SECRET };
    const setup = await sendingSetup(deps);
    expect('signer' in setup && setup.signer.privateKeyPem).toMatch(/BEGIN RSA PRIVATE KEY|BEGIN PRIVATE KEY/);
    // consumer invoices go to the same environment's "Fiskalizacija 1.0" address (TS-F1 6.1)
    expect('b2c' in setup && setup.b2c.url).toBe('https://cistest.apis-it.hr:8449/FiskalizacijaServiceTest');
    expect(await sendingSetup({ db: h.db, secret: new TextEncoder().encode('another secret of another server!!') })).toEqual({ none: 'keyUnreadable' });
  });

  it('keeps the stored certificate when none is given; changes addresses and mode', async () => {
    const saved = await put({ mode: 'INTERMEDIARY', environment: 'TEST', endpoints: { einvoice: 'https://localhost:9443/Fisk' }, trustedCaPem: ca.certificatePem });
    expect(dataOf<Settings>(saved)).toMatchObject({
      mode: 'INTERMEDIARY', ready: false, certificate: { oib: ISSUER_OIB },
      endpoints: { einvoice: 'https://localhost:9443/Fisk', ereporting: 'https://cistest.apis-it.hr:8509/FiskalizacijaServiceEprod' },
    });
    expect(await sendingSetup({ db: h.db, secret: SECRET })).toEqual({ none: 'INTERMEDIARY' });
  });

  it('refuses, in Croatian and English, changing nothing: a wrong password, no PKCS#12, no OIB, expired, a bad address or CA', async () => {
    const before = await h.db.selectFrom('fiscal_settings').selectAll().executeTakeFirstOrThrow();
    const good = pkcs12(applicationCertificate(ca, { oib: ISSUER_OIB }), PASSWORD);
    const cases: [unknown, string, string, string][] = [
      [{ p12: b64(good), password: 'kriva' }, 'fiscalCertificatePassword', 'Lozinka certifikata nije ispravna', 'The certificate password is wrong'],
      [{ p12: b64(Buffer.from('%PDF-1.7 račun')), password: PASSWORD }, 'fiscalCertificateNotPkcs12', 'Datoteka nije certifikat', 'The file is not a PKCS#12'],
      [{ p12: b64(pkcs12(applicationCertificate(ca, { oib: null }), PASSWORD)), password: PASSWORD }, 'fiscalCertificateNoOib', 'nema OIB', 'names no OIB'],
      [
        { p12: b64(pkcs12(applicationCertificate(ca, { oib: ISSUER_OIB, notBefore: new Date('2024-01-01'), notAfter: new Date('2025-06-30') }), PASSWORD)), password: PASSWORD },
        'fiscalCertificateExpired', 'istekao 30. 6. 2025.', 'expired on 30 Jun 2025',
      ],
    ];
    for (const [certificate, code, hr, en] of cases) {
      const refusedHr = await put({ mode: 'SELF', environment: 'TEST', certificate }, 'hr');
      expect(refusedHr.statusCode).toBe(400);
      expect(errorsOf(refusedHr)[0]).toMatchObject({ code, field: 'certificate', reason: expect.stringContaining(hr) as string });
      const refusedEn = await put({ mode: 'SELF', environment: 'TEST', certificate }, 'en');
      expect(errorsOf(refusedEn)[0]).toMatchObject({ code, reason: expect.stringContaining(en) as string });
    }
    const plainHttp = await put({ mode: 'SELF', environment: 'TEST', endpoints: { einvoice: 'http://cis.example/F' } });
    expect(plainHttp.statusCode).toBe(400);
    expect(errorsOf(plainHttp)[0]).toMatchObject({ field: 'endpoints.einvoice', reason: 'Upišite adresu koja počinje s https://' });
    const badCa = await put({ mode: 'SELF', environment: 'TEST', trustedCaPem: '-----BEGIN CERTIFICATE-----\nnije certifikat\n-----END CERTIFICATE-----' }, 'en');
    expect(errorsOf(badCa)[0]).toMatchObject({ code: 'fiscalTrustedCaInvalid', reason: 'The trusted CA certificates are not valid PEM certificates' });
    expect(await h.db.selectFrom('fiscal_settings').selectAll().executeTakeFirstOrThrow()).toEqual(before);
  });

  it('a FINA demo certificate is for TEST only, a production one for PRODUCTION only; SELF needs a certificate', async () => {
    const demoCa = testCa('Fina Demo CA 2025', 3);
    const demo = pkcs12(applicationCertificate(demoCa, { oib: ISSUER_OIB }), PASSWORD);
    const refused = await put({ mode: 'SELF', environment: 'PRODUCTION', certificate: { p12: b64(demo), password: PASSWORD } }, 'en');
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused)[0]).toMatchObject({ code: 'fiscalCertificateWrongEnvironment', reason: expect.stringContaining('TEST needs a demo certificate') as string });
    const taken = await put({ mode: 'SELF', environment: 'TEST', certificate: { p12: b64(demo), password: PASSWORD } });
    expect(dataOf<Settings>(taken).certificate).toMatchObject({ kind: 'DEMO' });
    // switching the stored demo certificate to production is refused as well
    const switched = await put({ mode: 'SELF', environment: 'PRODUCTION' });
    expect(errorsOf(switched)[0]).toMatchObject({ code: 'fiscalCertificateWrongEnvironment', field: 'environment' });
    const fresh = await signedInHarness();
    try {
      const none = await fresh.h.request('PUT', '/api/v1/settings/fiscalization', { token: fresh.token, lang: 'en', body: { mode: 'SELF', environment: 'TEST' } });
      expect(errorsOf(none)[0]).toMatchObject({ code: 'fiscalCertificateRequired' });
      expect(await fresh.h.request('PUT', '/api/v1/settings/fiscalization', { token: fresh.token, body: { mode: 'OFF', environment: 'TEST' } })).toHaveProperty('statusCode', 200);
    } finally {
      await fresh.h.close();
    }
  });
});

import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fiscalizeB2cInvoice } from '../../src/modules/fiscalization/b2c/exchange';
import { verificationQrPng, verificationQrSvg, verificationUrl } from '../../src/modules/fiscalization/b2c/qr';
import { type B2cInvoice, B2cInputError, RACUN_ZAHTJEV_ID, racunZahtjevEnvelope, zkiPayload } from '../../src/modules/fiscalization/b2c/racun';
import { B2C_ALGORITHMS, signB2cMessage, verifyB2cMessage } from '../../src/modules/fiscalization/b2c/signature';
import { computeZki } from '../../src/modules/fiscalization/b2c/zki';
import { readPkcs12 } from '../../src/modules/fiscalization/certificate';
import { postSoap } from '../../src/modules/fiscalization/transport';
import { decodePng } from '../decode';
import { OIB } from '../einvoice/fixtures';
import { B2cServiceDouble, opensslZki } from './b2cDouble';
import { type TestIdentity, applicationCertificate, pkcs12, serverCertificate, testCa } from './pki';
import { B2C_MESSAGE, validateSoapMessage } from './validate';
import { xmlsecVerifies } from './xmlsec';

/**
 * Fiscalizing an invoice to a consumer, or one paid in cash or by card ("Fiskalizacija 1.0"): the
 * request is valid against the official schema, its ZKI is what OpenSSL computes from the same
 * fields, its signature verifies with xmlsec1 too, and each answer of a double of the service over
 * real HTTPS becomes what the user will see: a JIR, the service's reason, or "send again later".
 */
let ca: TestIdentity;
let strangerCa: TestIdentity;
let user: TestIdentity;
let answers: TestIdentity;
let signer: { privateKeyPem: string; certificatePem: string };
let service: B2cServiceDouble;

beforeAll(async () => {
  ca = testCa();
  strangerCa = testCa('Stranger CA', 3);
  user = applicationCertificate(ca, { oib: OIB.issuer });
  // the signer as the app gets it: read from the user's PKCS#12 file
  const read = readPkcs12(pkcs12(user, 'lozinka', [ca]), 'lozinka');
  signer = { privateKeyPem: read.privateKeyPem, certificatePem: read.certificatePem };
  answers = applicationCertificate(ca, { oib: null, company: 'fiskalcistest', keyIndex: 4 });
  const forged = applicationCertificate(strangerCa, { oib: null, company: 'fiskalcistest', keyIndex: 4 });
  service = new B2cServiceDouble(serverCertificate(ca, 'localhost', 2), answers, ca, forged, user.keyPem);
  await service.start();
}, 120_000);
afterAll(() => service.stop());

/** 2 March 2026, 09:15:31 in Zagreb. */
const ISSUED = new Date('2026-03-02T08:15:31Z');
const invoice = (overrides: Partial<B2cInvoice> = {}): B2cInvoice => ({
  issuerOib: OIB.issuer,
  inVatSystem: true,
  issuedAt: ISSUED,
  sequenceMark: 'P',
  number: { sequence: '7', premises: 'POSL1', device: '1' },
  vat: [
    { rateBp: 2500, baseCents: 10_000, vatCents: 2_500 },
    { rateBp: 1300, baseCents: 2_000, vatCents: 260 },
  ],
  totalCents: 14_760,
  paymentMethod: 'T',
  operatorOib: OIB.operator,
  lateDelivery: false,
  ...overrides,
});
const settings = (overrides: { trustedCaPem?: string } = {}) => ({
  endpoint: { url: service.url, trustedCaPem: overrides.trustedCaPem ?? ca.certificatePem, timeoutMs: 5_000 },
  signer,
});
const ENVELOPE = { messageId: 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6', sentAt: ISSUED };
const field = (xml: string, name: string) => new RegExp(`<tns:${name}>([^<]*)</tns:${name}>`).exec(xml)?.[1];

describe('the RacunZahtjev message', () => {
  it('is valid against FiskalizacijaSchema.xsd, unsigned and signed, with the invoice in the schema order', async () => {
    const zki = computeZki(invoice(), signer.privateKeyPem);
    const xml = racunZahtjevEnvelope(invoice(), zki, ENVELOPE);
    expect(await validateSoapMessage(xml, B2C_MESSAGE)).toEqual([]);
    const signed = signB2cMessage(xml, RACUN_ZAHTJEV_ID, signer);
    expect(await validateSoapMessage(signed, B2C_MESSAGE)).toEqual([]);
    expect(field(xml, 'IdPoruke')).toBe(ENVELOPE.messageId);
    expect(field(xml, 'DatumVrijeme')).toBe('02.03.2026T09:15:31');
    expect(field(xml, 'DatVrijeme')).toBe('02.03.2026T09:15:31');
    expect(xml).toMatch(/<tns:BrOznRac>7<\/tns:BrOznRac>\s*<tns:OznPosPr>POSL1<\/tns:OznPosPr>\s*<tns:OznNapUr>1<\/tns:OznNapUr>/);
    expect(xml).toMatch(/<tns:Stopa>25.00<\/tns:Stopa>\s*<tns:Osnovica>100.00<\/tns:Osnovica>\s*<tns:Iznos>25.00<\/tns:Iznos>/);
    expect(xml).toMatch(/<tns:Stopa>13.00<\/tns:Stopa>\s*<tns:Osnovica>20.00<\/tns:Osnovica>\s*<tns:Iznos>2.60<\/tns:Iznos>/);
    expect([field(xml, 'IznosUkupno'), field(xml, 'NacinPlac'), field(xml, 'OibOper'), field(xml, 'ZastKod'), field(xml, 'NakDost')])
      .toEqual(['147.60', 'T', OIB.operator, zki, 'false']);
    expect(xml).not.toContain('OibPrimateljaRacuna');
  });

  it('carries the late-delivery flag, a business buyer paying by card, an issuer outside VAT, a credit note', async () => {
    const cases: B2cInvoice[] = [
      invoice({ lateDelivery: true }),
      invoice({ paymentMethod: 'K', buyerOib: OIB.hrClient }),
      invoice({ inVatSystem: false, vat: [], notTaxableCents: 5_000, totalCents: 5_000, paymentMethod: 'G', sequenceMark: 'N' }),
      invoice({ vat: [{ rateBp: 2500, baseCents: -10_000, vatCents: -2_500 }], totalCents: -12_500 }),
    ];
    const xmls = cases.map((c) => racunZahtjevEnvelope(c, computeZki(c, signer.privateKeyPem), ENVELOPE));
    for (const xml of xmls) expect(await validateSoapMessage(xml, B2C_MESSAGE)).toEqual([]);
    expect(field(xmls[0] ?? '', 'NakDost')).toBe('true');
    expect([field(xmls[1] ?? '', 'NacinPlac'), field(xmls[1] ?? '', 'OibPrimateljaRacuna')]).toEqual(['K', OIB.hrClient]);
    expect(xmls[2]).not.toContain('<tns:Pdv>');
    expect([field(xmls[2] ?? '', 'USustPdv'), field(xmls[2] ?? '', 'IznosNePodlOpor'), field(xmls[2] ?? '', 'OznSlijed')]).toEqual(['false', '50.00', 'N']);
    expect([field(xmls[3] ?? '', 'Osnovica'), field(xmls[3] ?? '', 'IznosUkupno')]).toEqual(['-100.00', '-125.00']);
  });

  it('refuses what the service would refuse, saying which field, before anything is sent', () => {
    const zki = 'e4d909c290d0fb1ca068ffaddf22cbd0';
    const problem = (overrides: Partial<B2cInvoice>) => {
      try {
        racunZahtjevEnvelope(invoice(overrides), zki, ENVELOPE);
        return null;
      } catch (error) {
        return error instanceof B2cInputError ? error.problem : String(error);
      }
    };
    expect(problem({ buyerOib: OIB.hrClient })).toBe('buyerOibWithTransfer'); // TS-F1 2.1.1: never with T
    expect(problem({ paymentMethod: 'G', buyerOib: '12345678901' })).toBe('buyerOib');
    expect(problem({ issuerOib: '12345678901' })).toBe('issuerOib');
    expect(problem({ operatorOib: '' })).toBe('operatorOib');
    expect(problem({ number: { sequence: '007', premises: 'POSL1', device: '1' } })).toBe('sequence');
    expect(problem({ number: { sequence: '7', premises: 'POSL-1', device: '1' } })).toBe('premises');
    expect(problem({ number: { sequence: '7', premises: 'POSL1', device: '0' } })).toBe('device');
    expect(problem({ totalCents: 1.5 })).toBe('amount');
    expect(problem({})).toBeNull();
  });
});

describe('the ZKI', () => {
  it('signs the fields of TS-F1 12.1 in their format: the specification example and an invoice of 2026', () => {
    // TS-F1 12.3's example fields (its key is not published, so no code to compare with)
    const example = { issuerOib: '00169331406', issuedAt: new Date('2012-10-01T14:04:25Z'), number: { sequence: '12345', premises: 'blag001', device: '11245' }, totalCents: 124_556 };
    expect(zkiPayload(example)).toBe('0016933140601.10.2012 16:04:2512345blag001112451245.56');
    expect(zkiPayload(invoice())).toBe(`${OIB.issuer}02.03.2026 09:15:317POSL11147.60`);
  });

  it('is the MD5 of the RSA signature as OpenSSL computes it, with SHA-256 (v2.7) and with SHA-1 (v2.6)', () => {
    const zki = computeZki(invoice(), signer.privateKeyPem);
    expect(zki).toMatch(/^[a-f0-9]{32}$/);
    expect(zki).toBe(opensslZki(zkiPayload(invoice()), user.keyPem, 'sha256'));
    expect(computeZki(invoice(), signer.privateKeyPem, 'sha1')).toBe(opensslZki(zkiPayload(invoice()), user.keyPem, 'sha1'));
    // any field changes it
    expect(computeZki(invoice({ totalCents: 14_761 }), signer.privateKeyPem)).not.toBe(zki);
  });
});

describe('the signature', () => {
  it('is enveloped in RacunZahtjev with RSA-SHA256, SHA-256 and exclusive c14n, verifies with xml-crypto and xmlsec1; a changed byte fails both', () => {
    const xml = racunZahtjevEnvelope(invoice(), computeZki(invoice(), signer.privateKeyPem), ENVELOPE);
    const signed = signB2cMessage(xml, RACUN_ZAHTJEV_ID, signer);
    expect(signed).toContain(`<Reference URI="#${RACUN_ZAHTJEV_ID}">`);
    for (const uri of [B2C_ALGORITHMS.rsaSha256, B2C_ALGORITHMS.sha256, B2C_ALGORITHMS.excC14n, B2C_ALGORITHMS.enveloped]) expect(signed).toContain(`Algorithm="${uri}"`);
    expect(signed).toMatch(/<X509IssuerName>C=HR,CN=Faktura Test CA<\/X509IssuerName>\s*<X509SerialNumber>\d+<\/X509SerialNumber>/);
    expect(signed).toMatch(/<Signature xmlns="http:\/\/www.w3.org\/2000\/09\/xmldsig#">[\s\S]*<\/Signature>\s*<\/tns:RacunZahtjev>/);
    const verified = verifyB2cMessage(signed, { kind: 'request', trusted: [new X509Certificate(ca.certificatePem)] });
    expect(verified).toMatchObject({ element: 'RacunZahtjev', id: RACUN_ZAHTJEV_ID });
    expect(xmlsecVerifies(signed, signer.certificatePem, 1).ok).toBe(true);

    const changed = signed.replace('<tns:IznosUkupno>147.60<', '<tns:IznosUkupno>14.76<');
    expect(() => verifyB2cMessage(changed, { kind: 'request' })).toThrow(/S004/);
    expect(xmlsecVerifies(changed, signer.certificatePem, 1).ok).toBe(false);
    // a request signed by an untrusted CA's certificate
    expect(() => verifyB2cMessage(signed, { kind: 'request', trusted: [new X509Certificate(strangerCa.certificatePem)] })).toThrow(/S003/);
    // the v2.6 algorithms are not what the service takes now
    expect(() => verifyB2cMessage(signB2cMessage(xml, RACUN_ZAHTJEV_ID, signer, { hash: 'sha1' }), { kind: 'request' })).toThrow(/S004/);
  });
});

describe('fiscalizing with the service', () => {
  it('an accepted invoice gets its JIR; request and answer are kept, valid, signed, and the answer verifies with xmlsec1', async () => {
    service.mode = 'accept';
    const result = await fiscalizeB2cInvoice(invoice(), settings());
    expect(result).toMatchObject({ status: 'FISCALIZED', errorCode: null, httpStatus: 200 });
    const received = service.received.at(-1);
    expect(received).toMatchObject({ code: null, soapAction: '"http://e-porezna.porezna-uprava.hr/fiskalizacija/2012/services/FiskalizacijaService/racuni"' });
    expect(result.jir).toBe(received?.jir);
    expect(result.jir).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(result.zki).toBe(received?.fields.ZastKod);
    expect(received?.fields.IdPoruke).toBe(result.messageId);
    expect(received?.xml).toBe(result.request);
    expect(result.response).toBe(received?.answer);
    expect(await validateSoapMessage(result.response ?? '', B2C_MESSAGE)).toEqual([]);
    expect(xmlsecVerifies(result.response ?? '', answers.certificatePem, 1).ok).toBe(true);
    // every message has a new IdPoruke
    const again = await fiscalizeB2cInvoice(invoice(), settings());
    expect(again.messageId).not.toBe(result.messageId);
  });

  it("the service's refusals fail with its code and text; its system error, a 500 and an outage are tried again", async () => {
    for (const code of ['s001', 's002', 's004', 's005'] as const) {
      service.mode = code;
      const result = await fiscalizeB2cInvoice(invoice(), settings());
      expect(result).toMatchObject({ status: 'FAILED', errorCode: code, jir: null });
      expect(result.errorText).toMatch(new RegExp(`^${code}: .+`));
      expect(result.zki).toMatch(/^[a-f0-9]{32}$/);
    }
    service.mode = 's006';
    expect(await fiscalizeB2cInvoice(invoice(), settings())).toMatchObject({ status: 'RETRY', errorCode: 's006', errorText: expect.stringContaining('Sistemska') as string });
    service.mode = 'http500';
    expect(await fiscalizeB2cInvoice(invoice(), settings())).toMatchObject({ status: 'RETRY', errorCode: 'HTTP', httpStatus: 500 });
    service.mode = 'accept';
  });

  it('an outage leaves the invoice with its ZKI and no JIR; sent again with NakDost, the same ZKI gets a JIR', async () => {
    service.mode = 'accept';
    await service.stop();
    let down;
    try {
      down = await fiscalizeB2cInvoice(invoice(), settings());
      expect(down).toMatchObject({ status: 'RETRY', errorCode: 'NETWORK', jir: null, response: null });
      expect(await validateSoapMessage(down.request, B2C_MESSAGE)).toEqual([]);
    } finally {
      await service.start();
    }
    const later = await fiscalizeB2cInvoice(invoice({ lateDelivery: true }), settings());
    expect(later).toMatchObject({ status: 'FISCALIZED', zki: down.zki });
    // the time of issue stays that of the invoice; the message's own time is when it was sent
    expect(service.received.at(-1)?.fields).toMatchObject({ NakDost: 'true', DatVrijeme: '02.03.2026T09:15:31', ZastKod: down.zki });
    expect(service.received.at(-1)?.fields.DatumVrijeme).not.toBe('02.03.2026T09:15:31');
  });

  it('an untrusted server is told nothing; an answer signed by a stranger, or to another message, is not believed', async () => {
    service.mode = 'accept';
    const before = service.received.length;
    expect(await fiscalizeB2cInvoice(invoice(), settings({ trustedCaPem: strangerCa.certificatePem }))).toMatchObject({ status: 'RETRY', errorCode: 'TLS' });
    expect(service.received.length).toBe(before);
    service.mode = 'untrustedAnswer';
    expect(await fiscalizeB2cInvoice(invoice(), settings())).toMatchObject({ status: 'RETRY', errorCode: 'ANSWER', jir: null });
    service.mode = 'otherMessage';
    expect(await fiscalizeB2cInvoice(invoice(), settings())).toMatchObject({ status: 'RETRY', errorCode: 'ANSWER', jir: null });
    service.mode = 'accept';
  });

  it('the double checks what it is sent: a changed request gets s004, a wrong ZKI its own s900, a stranger-signed one s002', async () => {
    service.mode = 'accept';
    const { request } = await fiscalizeB2cInvoice(invoice(), settings());
    const endpoint = { url: service.url, trustedCaPem: ca.certificatePem, timeoutMs: 5_000 };
    await postSoap(endpoint, request.replace('<tns:IznosUkupno>147.60<', '<tns:IznosUkupno>14.76<'));
    expect(service.received.at(-1)?.code).toBe('s004');

    const wrongZki = racunZahtjevEnvelope(invoice(), 'e4d909c290d0fb1ca068ffaddf22cbd0', ENVELOPE);
    await postSoap(endpoint, signB2cMessage(wrongZki, RACUN_ZAHTJEV_ID, signer));
    expect(service.received.at(-1)?.code).toBe('s900');

    const stranger = applicationCertificate(strangerCa, { oib: OIB.issuer, keyIndex: 1 });
    await postSoap(endpoint, signB2cMessage(wrongZki, RACUN_ZAHTJEV_ID, { privateKeyPem: stranger.keyPem, certificatePem: stranger.certificatePem }));
    expect(service.received.at(-1)?.code).toBe('s002');
  });
});

describe('the QR code', () => {
  it("links the check page with the JIR or the ZKI, the time of issue and the amount in cents (TS-F1 2.7's examples)", () => {
    const jir = '12345678-1234-1234-1234-123456789012';
    expect(verificationUrl({ jir, zki: 'x', issuedAt: new Date('2020-09-21T04:30:00Z'), totalCents: 152_599 }))
      .toBe('https://porezna.gov.hr/rn?jir=12345678-1234-1234-1234-123456789012&datv=20200921_0630&izn=152599');
    expect(verificationUrl({ jir, zki: 'x', issuedAt: new Date('2021-01-10T13:00:00Z'), totalCents: -10_550 }))
      .toBe('https://porezna.gov.hr/rn?jir=12345678-1234-1234-1234-123456789012&datv=20210110_1400&izn=-10550');
    expect(verificationUrl({ jir: null, zki: '12345678123412341234123456789012', issuedAt: new Date('2021-02-05T07:01:00Z'), totalCents: 510 }))
      .toBe('https://porezna.gov.hr/rn?zki=12345678123412341234123456789012&datv=20210205_0801&izn=510');
  });

  it('decodes back to that link and is drawn 2 cm wide with at least 2 mm of quiet zone', async () => {
    const url = verificationUrl({ jir: '2cf55235-9470-4b5c-a539-463f52b109d2', zki: 'x', issuedAt: ISSUED, totalCents: 14_760 });
    const { png, sizeMm } = await verificationQrPng(url);
    expect(decodePng(png, 'QR_CODE')).toBe(url);
    expect(sizeMm).toBeGreaterThanOrEqual(24);
    const svg = verificationQrSvg(url);
    expect(svg.svg).toMatch(/^<svg width="(\d+\.\d\d)mm" height="\1mm" viewBox=/);
    expect(svg.sizeMm).toBeCloseTo(sizeMm, 5);
  });
});

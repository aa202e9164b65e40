import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { toEInvoiceDocument } from '../../src/modules/invoice/einvoice/document';
import { CertificateError, readPkcs12 } from '../../src/modules/fiscalization/certificate';
import { NotFiscalizableError, evidentirajERacunEnvelope, evidentirajIsporukuEnvelope } from '../../src/modules/fiscalization/eracun';
import { sendingTime } from '../../src/modules/fiscalization/soap';
import { type SignatureError, verifySignedMessage } from '../../src/modules/fiscalization/verify';
import { signRequest } from '../../src/modules/fiscalization/xades';
import { CLIENTS, OIB, OPERATOR, creditLines, issuerSnapshot, storedSources } from '../einvoice/fixtures';
import { type TestIdentity, applicationCertificate, pkcs12, testCa } from './pki';
import { validateSoapMessage } from './validate';
import { xmlsecVerifies } from './xmlsec';

/**
 * The fiscalization message of issued e-invoices (`EvidentirajERacunZahtjev`), signed with the
 * user's certificate read from its PKCS#12 file: every message validates against the official
 * schema of a whole SOAP message and its signature verifies; a changed byte, a moved signature or an
 * untrusted signer is caught, as the Tax Administration's service would (S004, S002, S003).
 */
const PASSWORD = 'tajna lozinka 1';
let ca: TestIdentity;
let otherCa: TestIdentity;
let signer: { privateKeyPem: string; certificatePem: string };
const SENT = new Date('2026-03-02T08:15:31.123Z');

beforeAll(() => {
  ca = testCa();
  otherCa = testCa('Another CA', 3);
  const credentials = readPkcs12(pkcs12(applicationCertificate(ca, { oib: OIB.issuer }), PASSWORD, [ca]), PASSWORD);
  signer = { privateKeyPem: credentials.privateKeyPem, certificatePem: credentials.certificatePem };
}, 60_000);

const domestic = storedSources({
  seq: 7,
  vatTreatment: 'DOMESTIC',
  client: { ...CLIENTS.hr, name: 'Jadran & Sinovi <d.o.o.>' },
  servicePeriod: { start: '2026-02-01', end: '2026-02-28' },
  lines: [
    { description: 'Razvoj softvera', descriptionEn: 'Software development', quantityMilli: 12_500, priceCents: 4_500, discountBp: 1_250, vatRateBp: 2_500, kpd: '62.10.11' },
    { description: 'Smještaj', quantityMilli: 3_000, unit: 'SINGLE', priceCents: 7_999, vatRateBp: 1_300, kpd: '55.10.00' },
    { description: 'Putni trošak', quantityMilli: 1_000, unit: 'SINGLE', priceCents: 1_000, vatRateBp: 0, kpd: '49.41.19' },
  ],
});
const notInVat = storedSources({
  seq: 8,
  vatTreatment: 'NOT_IN_VAT',
  client: CLIENTS.hr,
  issuer: issuerSnapshot({ in_vat_system: false }),
  lines: [{ description: 'Savjetovanje', quantityMilli: 2_000, priceCents: 5_000, vatRateBp: 0, kpd: '62.20.20' }],
});
const credit = storedSources({
  seq: 9,
  documentType: 'CREDIT_NOTE',
  vatTreatment: 'DOMESTIC',
  client: CLIENTS.hr,
  creditedInvoiceId: 7,
  creditReason: 'Povrat',
  lines: creditLines(domestic.lines).slice(0, 1),
});

const docOf = (sources: typeof domestic, creditedInvoice: { number: string; billingDate: string } | null = null) =>
  toEInvoiceDocument(sources, { operator: OPERATOR, creditedInvoice, pdf: null });

function signedMessage(docs = [docOf(domestic)], id = 'req-1'): string {
  return signRequest(evidentirajERacunEnvelope(docs, { id, sentAt: SENT }), id, signer, SENT);
}
const trusted = () => [new X509Certificate(ca.certificatePem)];

describe('EvidentirajERacunZahtjev', () => {
  it('an invoice, a credit note and an invoice outside the VAT system make one message that validates against the official schema and verifies', async () => {
    const xml = signedMessage([docOf(domestic), docOf(credit, { number: '7/POSL1/1', billingDate: '2026-03-02' }), docOf(notInVat)]);
    expect(await validateSoapMessage(xml)).toEqual([]);
    const verified = verifySignedMessage(xml, { trusted: trusted() });
    expect(verified).toMatchObject({ element: 'EvidentirajERacunZahtjev', id: 'req-1', signingTime: '2026-03-02T08:15:31Z' });
    // and so does an independent implementation (xmlsec1 over OpenSSL)
    expect(xmlsecVerifies(xml, signer.certificatePem).ok).toBe(true);
    // the signature is the request's last child, inside the SOAP body
    expect(xml).toMatch(/<\/ds:Signature>\s*<\/efis:EvidentirajERacunZahtjev>\s*<\/soapenv:Body>/);
    // what the service reads, field by field (TS-F2 Table 6)
    expect(xml).toContain('<efis:datumVrijemeSlanja>2026-03-02T09:15:31.1230</efis:datumVrijemeSlanja>');
    expect(xml).toContain('<efis:brojDokumenta>7/POSL1/1</efis:brojDokumenta>');
    expect(xml).toContain('<efis:vrstaDokumenta>381</efis:vrstaDokumenta>');
    expect(xml).toContain(`<efis:oibOperatera>${OIB.operator}</efis:oibOperatera>`);
    expect(xml).toContain('<efis:ime>Jadran &amp; Sinovi &lt;d.o.o.&gt;</efis:ime>');
    expect(xml).toContain('<efis:hrOznakaKategorijaPdv>HR:PDV25</efis:hrOznakaKategorijaPdv>');
    expect(xml).toContain('<efis:hrOznakaKategorijaPdv>HR:E</efis:hrOznakaKategorijaPdv>');
    expect(xml).toContain('<efis:identifikatorKlasifikacije>62.10.11</efis:identifikatorKlasifikacije>');
    // 12.5 h × 45.00 − 12.5 % = 492.19; 3 × 79.99 = 239.97; 10.00 → net 742.16, VAT 123.05 + 31.20
    expect(xml).toContain('<efis:neto>742.16</efis:neto>');
    expect(xml).toContain('<efis:iznosSPdv>896.41</efis:iznosSPdv>');
    if (process.env.FAKTURA_DUMP_FISCAL) fs.writeFileSync(process.env.FAKTURA_DUMP_FISCAL, xml);
  });

  it('a sending time is local time in Croatia with four fraction digits, summer and winter', () => {
    expect(sendingTime(new Date('2026-01-05T23:30:00.007Z'))).toBe('2026-01-06T00:30:00.0070');
    expect(sendingTime(new Date('2026-07-01T10:00:00.000Z'))).toBe('2026-07-01T12:00:00.0000');
  });

  it('a buyer without an OIB cannot be fiscalized as an e-invoice, nor can an empty batch', () => {
    const foreign = storedSources({ seq: 10, vatTreatment: 'REVERSE_CHARGE', client: CLIENTS.de, lines: [{ description: 'Rad', quantityMilli: 1_000, priceCents: 100, vatRateBp: 0, kpd: '62.10.11' }] });
    expect(() => evidentirajERacunEnvelope([docOf(foreign)], { id: 'x', sentAt: SENT })).toThrow(NotFiscalizableError);
    expect(() => evidentirajERacunEnvelope([], { id: 'x', sentAt: SENT })).toThrow(NotFiscalizableError);
  });

  it('a changed amount, a moved signature or a signer no trusted CA issued are refused', async () => {
    const xml = signedMessage();
    const altered = xml.replace('<efis:iznosSPdv>896.41</efis:iznosSPdv>', '<efis:iznosSPdv>896.40</efis:iznosSPdv>');
    expect(altered).not.toBe(xml);
    expect(await validateSoapMessage(altered)).toEqual([]); // still valid XML: only the signature tells
    // the schema does check: a message without the operator's OIB, or with a bad one, is not valid
    expect((await validateSoapMessage(xml.replace(/<efis:oibOperatera>\d+<\/efis:oibOperatera>/, ''))).join()).toMatch(/oibOperatera/);
    expect((await validateSoapMessage(xml.replace(`<efis:oibOperatera>${OIB.operator}`, '<efis:oibOperatera>123'))).join()).toMatch(/oibOperatera/);
    expect(xmlsecVerifies(altered, signer.certificatePem).ok).toBe(false);
    expect(() => verifySignedMessage(altered)).toThrow(expect.objectContaining({ code: 'S004' }) as SignatureError);
    const operatorSwapped = xml.replace(`<efis:oibOperatera>${OIB.operator}`, `<efis:oibOperatera>${OIB.other}`);
    expect(() => verifySignedMessage(operatorSwapped)).toThrow(expect.objectContaining({ code: 'S004' }) as SignatureError);
    const timeChanged = xml.replace('2026-03-02T08:15:31Z', '2026-03-01T08:15:31Z');
    expect(() => verifySignedMessage(timeChanged)).toThrow(expect.objectContaining({ code: 'S004' }) as SignatureError);
    const moved = xml.replace(/(<efis:Zaglavlje>)/, '$1').replace(/(<ds:Signature[\s\S]*<\/ds:Signature>)\s*(<\/efis:EvidentirajERacunZahtjev>)/, '$2');
    expect(() => verifySignedMessage(moved)).toThrow(expect.objectContaining({ code: 'S002' }) as SignatureError);
    expect(() => verifySignedMessage(xml, { trusted: [new X509Certificate(otherCa.certificatePem)] })).toThrow(
      expect.objectContaining({ code: 'S003' }) as SignatureError,
    );
    expect(() => verifySignedMessage(xml, { trusted: trusted(), at: new Date('2030-01-01') })).toThrow(
      expect.objectContaining({ code: 'S003' }) as SignatureError,
    );
  });
});

describe('EvidentirajIsporukuZaKojuNijeIzdanERacunZahtjev', () => {
  it('states the same invoices as the e-invoice message under the eIzvještavanje names, with vrstaRacuna IR: valid, and its signature verifies', async () => {
    const docs = [docOf(domestic), docOf(credit, { number: '7/POSL1/1', billingDate: '2026-03-02' }), docOf(notInVat)];
    const xml = signRequest(evidentirajIsporukuEnvelope(docs, { id: 'isp-1', sentAt: SENT }), 'isp-1', signer, SENT);
    expect(await validateSoapMessage(xml)).toEqual([]);
    expect(verifySignedMessage(xml, { trusted: trusted() })).toMatchObject({ element: 'EvidentirajIsporukuZaKojuNijeIzdanERacunZahtjev', id: 'isp-1' });
    expect(xmlsecVerifies(xml, signer.certificatePem).ok).toBe(true);
    expect(xml).toMatch(/<eizv:Zaglavlje>\s*<eizv:datumVrijemeSlanja>2026-03-02T09:15:31.1230<\/eizv:datumVrijemeSlanja>\s*<eizv:vrstaRacuna>IR<\/eizv:vrstaRacuna>\s*<\/eizv:Zaglavlje>/);
    expect(xml).toMatch(/<\/ds:Signature>\s*<\/eizv:EvidentirajIsporukuZaKojuNijeIzdanERacunZahtjev>\s*<\/soapenv:Body>/);
    expect(xml.match(/<eizv:Racun>/g)).toHaveLength(3);
    for (const part of [
      '<eizv:valutaRacuna>EUR</eizv:valutaRacuna>', '<eizv:PrethodniRacun>', '<eizv:vrstaDokumenta>381</eizv:vrstaDokumenta>',
      `<eizv:oibOperatera>${OIB.operator}</eizv:oibOperatera>`, '<eizv:StavkaRacuna>', '<eizv:identifikatorKlasifikacije>62.10.11</eizv:identifikatorKlasifikacije>',
      '<eizv:neto>742.16</eizv:neto>', '<eizv:iznosSPdv>896.41</eizv:iznosSPdv>',
    ]) expect(xml).toContain(part);
    expect(xml).not.toContain('efis:');
    // the very data set of the e-invoice message: only the names differ
    const eRacun = evidentirajERacunEnvelope(docs, { id: 'isp-1', sentAt: SENT });
    const renamed = eRacun
      .replace(/efis:/g, 'eizv:').replace('xmlns:efis=', 'xmlns:eizv=').replace('eFiskalizacija"', 'eIzvjestavanje"')
      .replace(/EvidentirajERacunZahtjev/g, 'EvidentirajIsporukuZaKojuNijeIzdanERacunZahtjev')
      .replace('<eizv:vrstaERacuna>I<', '<eizv:vrstaRacuna>IR<').replace('</eizv:vrstaERacuna>', '</eizv:vrstaRacuna>')
      .replace(/(<\/?eizv:)(ERacun|valutaERacuna|PrethodniERacun|StavkaERacuna)>/g, (_m, tag: string, name: string) => `${tag}${name.replace('ERacun', 'Racun')}>`);
    expect(renamed).toBe(evidentirajIsporukuEnvelope(docs, { id: 'isp-1', sentAt: SENT }));
    const altered = xml.replace('<eizv:iznosSPdv>896.41</eizv:iznosSPdv>', '<eizv:iznosSPdv>896.40</eizv:iznosSPdv>');
    expect(xmlsecVerifies(altered, signer.certificatePem).ok).toBe(false);
    expect(() => verifySignedMessage(altered)).toThrow(expect.objectContaining({ code: 'S004' }) as SignatureError);
  });
});

describe('the certificate file', () => {
  it('gives the key, the certificate and what may be shown of it: the OIB from its subject, issuer, validity', () => {
    const credentials = readPkcs12(pkcs12(applicationCertificate(ca, { oib: OIB.issuer }), PASSWORD, [ca]), PASSWORD);
    expect(credentials.info.oib).toBe(OIB.issuer);
    expect(credentials.info.subject).toContain(`KODNI OBRT ${OIB.issuer}`);
    expect(credentials.info.issuer).toContain('Faktura Test CA');
    expect(credentials.chainPem).toHaveLength(1);
    expect(JSON.stringify(credentials.info)).not.toMatch(/PRIVATE KEY/);
  });

  it('refuses a wrong password, a file that is no PKCS#12, a certificate without an OIB and an expired one', () => {
    const file = pkcs12(applicationCertificate(ca, { oib: OIB.issuer }), PASSWORD);
    const problem = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        return error instanceof CertificateError ? error.problem : String(error);
      }
      return 'accepted';
    };
    expect(problem(() => readPkcs12(file, 'kriva lozinka'))).toBe('wrongPassword');
    expect(problem(() => readPkcs12(Buffer.from('%PDF-1.4 not a certificate'), PASSWORD))).toBe('notPkcs12');
    expect(problem(() => readPkcs12(pkcs12(applicationCertificate(ca, { oib: null }), PASSWORD), PASSWORD))).toBe('noOib');
    const expired = applicationCertificate(ca, { oib: OIB.issuer, notBefore: new Date('2024-01-01'), notAfter: new Date('2025-01-01') });
    expect(problem(() => readPkcs12(pkcs12(expired, PASSWORD), PASSWORD))).toBe('expired');
  });
});

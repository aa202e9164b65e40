import { spawnSync } from 'node:child_process';
import { X509Certificate, createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { NS_F73 } from '../../src/modules/fiscalization/b2c/racun';
import { oibInSubject } from '../../src/modules/fiscalization/certificate';
import { signB2cMessage, verifyB2cMessage } from '../../src/modules/fiscalization/b2c/signature';
import { NS_SOAP } from '../../src/modules/fiscalization/soap';
import { SignatureError } from '../../src/modules/fiscalization/verify';
import { xmlAttribute, xmlDocument, xmlString, xmlText } from '../../src/xml';
import { HttpsDouble } from './httpsDouble';
import type { TestIdentity } from './pki';
import { B2C_MESSAGE, validateSoapMessage } from './validate';

/**
 * The ZKI computed by OpenSSL's command line, independently of the app: the text of TS-F1 12.1
 * signed with `openssl dgst -<hash> -sign` (RSA PKCS#1 v1.5) and the MD5 of the signature.
 */
export function opensslZki(payload: string, keyPem: string, hash: 'sha256' | 'sha1' = 'sha256'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-zki-'));
  try {
    fs.writeFileSync(path.join(dir, 'key.pem'), keyPem, { mode: 0o600 });
    fs.writeFileSync(path.join(dir, 'payload'), payload, 'utf8');
    const signed = spawnSync('openssl', ['dgst', `-${hash}`, '-sign', path.join(dir, 'key.pem'), path.join(dir, 'payload')]);
    if (signed.error || signed.status !== 0) throw new Error(`openssl failed: ${signed.error?.message ?? signed.stderr.toString()}`);
    const md5 = spawnSync('openssl', ['dgst', '-md5', '-r'], { input: signed.stdout });
    return md5.stdout.toString().split(' ')[0] ?? '';
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A double of the consumer-invoice service (CIS, "Fiskalizacija 1.0") for tests: HTTPS with a
 * certificate from the test CA; each request is validated against `FiskalizacijaSchema.xsd` (s001),
 * its signature checked as the service does (RSA-SHA256, exc-c14n; s004) against the test CA (s002),
 * the OIB against the certificate's (s005) and — what the real service cannot do, the double being
 * given the signer's key — the ZKI recomputed with OpenSSL from the request's own fields (`s900`, the
 * double's code). It answers a `RacunOdgovor` signed by its own certificate ("fiskalcistest") the
 * way TS-F1 9.4 shows (inclusive c14n, RSA-SHA1): a new JIR, or the error the test asks for; it can
 * answer HTTP 500 with a SOAP fault, or be stopped and started again on the same port (an outage).
 */
export type B2cDoubleMode = 'accept' | 's001' | 's002' | 's004' | 's005' | 's006' | 'http500' | 'untrustedAnswer' | 'otherMessage';

export interface B2cReceived {
  xml: string;
  soapAction: string | undefined;
  answer: string;
  code: string | null;
  jir: string | null;
  /** The request's fields as the double read them. */
  fields: Record<string, string>;
}

const TEXTS: Record<string, string> = {
  s001: 'Poruka nije u skladu s XML shemom',
  s002: 'Certifikat nije izdan od strane produkcijskog potpisnika pouzdanog izdavatelja certifikata u RH ili je istekao ili je ukinut.',
  s004: 'Neispravan digitalni potpis.',
  s005: 'OIB iz poruke zahtjeva nije jednak OIB-u iz certifikata.',
  s006: 'Sistemska pogreška prilikom obrade zahtjeva.',
  s900: 'ZKI ne odgovara podacima računa (provjera dvojnika).',
};

const elements = (parent: Element | undefined): Element[] =>
  parent ? Array.from(parent.childNodes).filter((n): n is Element => n.nodeType === n.ELEMENT_NODE) : [];

/** The request's leaf fields by local name (the first of each), and the `BrRac` parts. */
function readFields(xml: string): Record<string, string> {
  const doc = new DOMParser({ onError: () => undefined }).parseFromString(xml, 'text/xml');
  const fields: Record<string, string> = {};
  for (const node of Array.from(doc.getElementsByTagNameNS(NS_F73, '*'))) {
    if (elements(node).length === 0 && node.localName && !(node.localName in fields)) fields[node.localName] = node.textContent ?? '';
  }
  return fields;
}

export class B2cServiceDouble extends HttpsDouble {
  mode: B2cDoubleMode = 'accept';
  readonly received: B2cReceived[] = [];

  constructor(
    tls: TestIdentity,
    private readonly answerSigner: TestIdentity,
    private readonly trustedCa: TestIdentity,
    private readonly foreignSigner: TestIdentity,
    /** The issuer's key, for the double's own ZKI check (the real service has no such key). */
    private readonly issuerKeyPem: string,
  ) {
    super(tls);
  }

  get url(): string {
    return `https://localhost:${this.port}/FiskalizacijaServiceTest`;
  }

  /** What the service would say about a request: null when it is in order, else the error code. */
  private async check(xml: string, fields: Record<string, string>): Promise<string | null> {
    if ((await validateSoapMessage(xml, B2C_MESSAGE)).length > 0) return 's001';
    let certificate: X509Certificate;
    try {
      certificate = verifyB2cMessage(xml, { kind: 'request', trusted: [new X509Certificate(this.trustedCa.certificatePem)] }).certificate;
    } catch (error) {
      return error instanceof SignatureError && error.code === 'S003' ? 's002' : 's004';
    }
    if (oibInSubject(certificate.subject) !== fields.Oib) return 's005';
    const payload = `${fields.Oib}${(fields.DatVrijeme ?? '').replace('T', ' ')}${fields.BrOznRac}${fields.OznPosPr}${fields.OznNapUr}${fields.IznosUkupno}`;
    if (opensslZki(payload, this.issuerKeyPem) !== fields.ZastKod) return 's900';
    return null;
  }

  protected async handle(xml: string, headers: IncomingHttpHeaders): Promise<{ status: number; body: string }> {
    const soapAction = headers.soapaction as string | undefined;
    const fields = readFields(xml);
    let code = await this.check(xml, fields);
    if (!code && this.mode === 'http500') {
      this.received.push({ xml, soapAction, answer: '', code: null, jir: null, fields });
      const fault = xmlDocument(NS_SOAP, 'soap:Envelope');
      const detail = fault.ele(NS_SOAP, 'soap:Body').ele(NS_SOAP, 'soap:Fault');
      xmlText(detail.ele('faultcode'), 'soap:Server');
      xmlText(detail.ele('faultstring'), 'Internal Server Error');
      return { status: 500, body: xmlString(fault) };
    }
    if (!code && this.mode.startsWith('s')) code = this.mode;
    const jir = code ? null : randomUUID();
    const messageId = this.mode === 'otherMessage' ? randomUUID() : (fields.IdPoruke ?? '');
    const signer = this.mode === 'untrustedAnswer' ? this.foreignSigner : this.answerSigner;
    const answer = this.answer(messageId, jir, code, signer);
    this.received.push({ xml, soapAction, answer, code, jir, fields });
    return { status: 200, body: answer };
  }

  /** `RacunOdgovor` (TS-F1 2.1.3, 9.4): the request's `IdPoruke`, the time, the JIR or the errors; signed. */
  private answer(messageId: string, jir: string | null, code: string | null, signer: TestIdentity): string {
    const id = `G${createHash('sha1').update(randomUUID()).digest('hex').slice(0, 12)}`;
    const soap = xmlDocument(NS_SOAP, 'soap:Envelope');
    const root = soap.ele(NS_SOAP, 'soap:Body').ele(NS_F73, 'tns:RacunOdgovor');
    xmlAttribute(root, 'Id', id);
    const header = root.ele(NS_F73, 'tns:Zaglavlje');
    xmlText(header.ele(NS_F73, 'tns:IdPoruke'), messageId);
    xmlText(header.ele(NS_F73, 'tns:DatumVrijeme'), '27.11.2026T10:00:00');
    if (jir) xmlText(root.ele(NS_F73, 'tns:Jir'), jir);
    if (code) {
      const error = root.ele(NS_F73, 'tns:Greske').ele(NS_F73, 'tns:Greska');
      xmlText(error.ele(NS_F73, 'tns:SifraGreske'), code);
      xmlText(error.ele(NS_F73, 'tns:PorukaGreske'), TEXTS[code] ?? code);
    }
    return signB2cMessage(xmlString(soap), id, { privateKeyPem: signer.keyPem, certificatePem: signer.certificatePem }, { c14n: 'inclusive', hash: 'sha1' });
  }
}

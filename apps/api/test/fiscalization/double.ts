import { X509Certificate, randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { DOMParser } from '@xmldom/xmldom';
import { NS_EFIS, NS_EIZV, NS_SOAP, sendingTime } from '../../src/modules/fiscalization/soap';
import { SignatureError, verifySignedMessage } from '../../src/modules/fiscalization/verify';
import { signRequest } from '../../src/modules/fiscalization/xades';
import { xmlAttribute, xmlDocument, xmlString, xmlText } from '../../src/xml';
import { HttpsDouble } from './httpsDouble';
import type { TestIdentity } from './pki';
import { validateSoapMessage } from './validate';

/**
 * A double of the Tax Administration's fiscalization service, for tests: an HTTPS server (TLS
 * certificate from the test's CA) that reads each SOAP request as the service does — validated
 * against the official schema of a whole message (S005), its signature checked (S002/S004) against
 * the test CA (S003) — and answers with an `…Odgovor` signed by its own certificate ("fiskalcistest"):
 * accepted with a new `idZahtjeva`, or the error the test asks for (S001, S005, S008 …). It can be
 * stopped and started again on the same port to play an outage. It takes every operation of both
 * services (eFiskalizacija: `EvidentirajERacunZahtjev`; eIzvještavanje: `EvidentirajNaplatuZahtjev`,
 * `EvidentirajIsporukuZaKojuNijeIzdanERacunZahtjev`, `EvidentirajOdbijanjeZahtjev`), at `url` or `reportingUrl`, and remembers which
 * address each request came to (the eIzvještavanje messages belong at the `ereporting` address).
 */
export type DoubleMode = 'accept' | 'S001' | 'S005' | 'S006' | 'S008' | 'S009' | 'S010' | 'untrustedAnswer' | 'notSoap';

export interface Received {
  xml: string;
  element: string;
  /** The path it was posted to (`/FiskalizacijaService` or `/EIzvjestavanjeService`). */
  path: string;
  contentType: string | undefined;
  soapAction: string | undefined;
  answer: string;
  code: string | null;
}

const CODES_TEXT: Record<string, string> = {
  S001: 'Sistemska greška prilikom obrade zahtjeva',
  S002: 'Lokacija potpisa nije ispravna',
  S003: 'Certifikat nije izdan od davatelja usluga s Pouzdanog potpisa, ili je istekao ili je ukinut',
  S004: 'Neispravan potpis zahtjeva',
  S006: 'Pristupna tocka nije ovlaštena za dostavu podataka',
  S008: 'Već postoji zabilježen eRačun s istim identifikatorom',
  // a received e-invoice (vrstaERacuna U) the issuer has not fiscalized
  S009: 'Ne postoji zabilježen eRačun s navedenim identifikatorom',
  // a rejection (EvidentirajOdbijanjeZahtjev) of an e-invoice already rejected
  S010: 'Već postoji zabilježen status odbijanja eRačuna s istim identifikatorom',
};

/** The eIzvještavanje requests (XSD-I); the rest is eFiskalizacija's. */
const REPORTING = ['EvidentirajNaplatuZahtjev', 'EvidentirajIsporukuZaKojuNijeIzdanERacunZahtjev', 'EvidentirajOdbijanjeZahtjev'];

export class FiscalizationDouble extends HttpsDouble {
  mode: DoubleMode = 'accept';
  readonly received: Received[] = [];

  constructor(
    tls: TestIdentity,
    private readonly answerSigner: TestIdentity,
    private readonly trustedCa: TestIdentity,
    private readonly foreignSigner: TestIdentity,
  ) {
    super(tls);
  }

  get url(): string {
    return `https://localhost:${this.port}/FiskalizacijaService`;
  }

  /** Another address of the same double, to tell the eIzvještavanje messages apart. */
  get reportingUrl(): string {
    return `https://localhost:${this.port}/EIzvjestavanjeService`;
  }

  protected async handle(xml: string, headers: IncomingHttpHeaders, path: string): Promise<{ status: number; body: string }> {
    const contentType = headers['content-type'];
    const soapAction = headers.soapaction as string | undefined;
    const body = new DOMParser({ onError: () => undefined }).parseFromString(xml, 'text/xml').documentElement?.getElementsByTagNameNS(NS_SOAP, 'Body')[0];
    const first = body ? Array.from(body.childNodes).find((node) => node.nodeType === node.ELEMENT_NODE) : undefined;
    const requestElement = (first as { localName?: string } | undefined)?.localName ?? '?';
    let code: string | null = null;
    let text = '';
    const schemaErrors = await validateSoapMessage(xml);
    if (schemaErrors.length > 0) {
      code = 'S005';
      text = `Poruka nije u skladu s XML shemom: ${schemaErrors.slice(0, 3).join('; ')}`.slice(0, 1000);
    } else {
      try {
        verifySignedMessage(xml, { trusted: [new X509Certificate(this.trustedCa.certificatePem)] });
      } catch (error) {
        code = error instanceof SignatureError ? error.code : 'S004';
        text = CODES_TEXT[code] ?? '';
      }
    }
    if (!code && this.mode === 'notSoap') {
      this.received.push({ xml, element: requestElement, path, contentType, soapAction, answer: '', code: null });
      return { status: 503, body: '<html><body>Service Unavailable</body></html>' };
    }
    if (!code && ['S001', 'S005', 'S006', 'S008', 'S009', 'S010'].includes(this.mode)) {
      code = this.mode;
      text = this.mode === 'S005' ? 'Poruka nije u skladu s XML shemom : brojDokumenta' : (CODES_TEXT[this.mode] ?? '');
    }
    const signer = this.mode === 'untrustedAnswer' ? this.foreignSigner : this.answerSigner;
    const answer = this.answer(requestElement, code, text, signer);
    this.received.push({ xml, element: requestElement, path, contentType, soapAction, answer, code });
    return { status: 200, body: answer };
  }

  /** The answer to a request: `…Odgovor` in the request's own namespace (eFiskalizacija or eIzvještavanje). */
  private answer(request: string, code: string | null, text: string, signer: TestIdentity): string {
    const id = `odg-${randomUUID()}`;
    const reporting = REPORTING.includes(request);
    const [ns, prefix] = reporting ? [NS_EIZV, 'eizv'] : [NS_EFIS, 'efis'];
    const name = reporting ? request.replace(/Zahtjev$/, 'Odgovor') : 'EvidentirajERacunOdgovor';
    const soap = xmlDocument(NS_SOAP, 'soapenv:Envelope');
    const root = soap.ele(NS_SOAP, 'soapenv:Body').ele(ns, `${prefix}:${name}`);
    xmlAttribute(root, `${prefix}:id`, id, ns);
    xmlText(root.ele(ns, `${prefix}:datumVrijemeSlanja`), sendingTime(new Date()));
    const odgovor = root.ele(ns, `${prefix}:Odgovor`);
    xmlText(odgovor.ele(ns, `${prefix}:idZahtjeva`), randomUUID());
    xmlText(odgovor.ele(ns, `${prefix}:prihvacenZahtjev`), code === null ? 'true' : 'false');
    if (code) {
      const error = odgovor.ele(ns, `${prefix}:greska`);
      xmlText(error.ele(ns, `${prefix}:sifra`), code);
      xmlText(error.ele(ns, `${prefix}:redniBrojZapisa`), '0');
      xmlText(error.ele(ns, `${prefix}:opis`), text || code);
    }
    return signRequest(xmlString(soap), id, { privateKeyPem: signer.keyPem, certificatePem: signer.certificatePem });
  }
}

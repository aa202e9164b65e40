import { type X509Certificate, randomUUID } from 'node:crypto';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { FINA_CA_BUNDLE } from '../ca/finaCaBundle';
import { type ExchangeSettings, type ExchangeStatus, certificatesOf } from '../exchange';
import { type SoapResponse, TransportError, postSoap } from '../transport';
import { SignatureError } from '../verify';
import { type B2cInvoice, NS_F73, RACUNI_SOAP_ACTION, RACUN_ZAHTJEV_ID, racunZahtjevEnvelope } from './racun';
import { signB2cMessage, verifyB2cMessage } from './signature';
import { computeZki } from './zki';

/**
 * One exchange with the consumer-invoice service (TS-F1 2.1): compute the ZKI, build and sign the
 * `RacunZahtjev`, POST it to `endpoints.b2c`, read and verify the signed `RacunOdgovor`:
 * - a JIR in a verified answer to this very message: FISCALIZED;
 * - no answer (network, timeout, TLS), an HTTP answer without `RacunOdgovor` (5xx, SOAP fault), an
 *   answer whose signature does not verify or that answers another message, or s006 (the service's
 *   system error): RETRY — the invoice is handed over with its ZKI and no JIR and sent again with
 *   `NakDost` (ZoF čl. 21: within two working days);
 * - any other error (s001 schema, s002/s003 certificate, s004 signature, s005 OIB not the
 *   certificate's …): FAILED with the service's code and text; the same message would fail again.
 * The ZKI is the invoice's whatever happens; request and answer are returned exactly as sent and
 * received, to be kept (ZoF čl. 35).
 */
export interface B2cExchangeResult {
  status: ExchangeStatus;
  /** The invoice's ZKI: printed with or without a JIR. */
  zki: string;
  jir: string | null;
  /** `IdPoruke` of this message (a fresh UUID each time). */
  messageId: string;
  /** The service's code (`s001` …) or, without a usable answer, `NETWORK`, `TIMEOUT`, `TLS`, `HTTP`, `ANSWER`. */
  errorCode: string | null;
  errorText: string | null;
  request: string;
  response: string | null;
  httpStatus: number | null;
  sentAt: Date;
}

/** Service errors that say nothing about the message: send it again later. */
const RETRY_CODES = new Set(['s006']);

const childElements = (parent: Element | undefined): Element[] =>
  parent ? Array.from(parent.childNodes).filter((n): n is Element => n.nodeType === n.ELEMENT_NODE) : [];
const child = (parent: Element | undefined, name: string) => childElements(parent).find((n) => n.localName === name && n.namespaceURI === NS_F73);
const text = (parent: Element | undefined, name: string) => child(parent, name)?.textContent?.trim() ?? null;

export interface RacunOdgovor {
  messageId: string | null;
  jir: string | null;
  errors: { code: string; text: string }[];
}

/** Reads `RacunOdgovor` from a SOAP answer; null when the body holds none (a fault, an HTML page …). */
export function readRacunOdgovor(xml: string): RacunOdgovor | null {
  let root: Element | null;
  try {
    root = new DOMParser({ onError: () => undefined }).parseFromString(xml, 'text/xml').documentElement;
  } catch {
    return null;
  }
  const body = root?.localName === 'Envelope' ? childElements(root).find((n) => n.localName === 'Body') : undefined;
  const answer = childElements(body)[0];
  if (!answer || answer.localName !== 'RacunOdgovor' || answer.namespaceURI !== NS_F73) return null;
  const errors = childElements(child(answer, 'Greske'))
    .filter((n) => n.localName === 'Greska')
    .map((greska) => ({ code: text(greska, 'SifraGreske') ?? '', text: text(greska, 'PorukaGreske') ?? '' }));
  return { messageId: text(child(answer, 'Zaglavlje'), 'IdPoruke'), jir: text(answer, 'Jir'), errors };
}

type Outcome = Pick<B2cExchangeResult, 'status' | 'jir' | 'errorCode' | 'errorText'>;

function classify(response: SoapResponse, messageId: string, trusted: X509Certificate[], at: Date): Outcome {
  const answer = readRacunOdgovor(response.body);
  if (!answer) return { status: 'RETRY', jir: null, errorCode: 'HTTP', errorText: `HTTP ${response.status} without an answer` };
  try {
    verifyB2cMessage(response.body, { kind: 'answer', trusted, at });
  } catch (error) {
    const reason = error instanceof SignatureError ? error.message : 'the answer cannot be verified';
    return { status: 'RETRY', jir: null, errorCode: 'ANSWER', errorText: `answer signature: ${reason}` };
  }
  if (answer.messageId !== messageId) {
    return { status: 'RETRY', jir: null, errorCode: 'ANSWER', errorText: `the answer is to message ${answer.messageId ?? '?'}` };
  }
  const [first] = answer.errors;
  if (!first && answer.jir) return { status: 'FISCALIZED', jir: answer.jir, errorCode: null, errorText: null };
  if (!first) return { status: 'RETRY', jir: null, errorCode: 'ANSWER', errorText: 'neither a JIR nor an error' };
  const code = first.code.toLowerCase();
  const errorText = answer.errors.map((e) => `${e.code}: ${e.text}`).join('; ');
  return { status: RETRY_CODES.has(code) ? 'RETRY' : 'FAILED', jir: null, errorCode: code, errorText };
}

/**
 * Fiscalizes one consumer, cash or card invoice: the ZKI, the signed request, the JIR. Never throws
 * for the service's sake; throws `B2cInputError` for an invoice the schema refuses (nothing is sent).
 */
export async function fiscalizeB2cInvoice(invoice: B2cInvoice, settings: ExchangeSettings, now: Date = new Date()): Promise<B2cExchangeResult> {
  const zki = computeZki(invoice, settings.signer.privateKeyPem);
  const messageId = randomUUID();
  const request = signB2cMessage(racunZahtjevEnvelope(invoice, zki, { messageId, sentAt: now }), RACUN_ZAHTJEV_ID, settings.signer);
  const trusted = certificatesOf(settings.endpoint.trustedCaPem ?? FINA_CA_BUNDLE);
  const base = { zki, messageId, request, sentAt: now };
  try {
    const response = await postSoap(settings.endpoint, request, RACUNI_SOAP_ACTION);
    return { ...base, ...classify(response, messageId, trusted, now), response: response.body, httpStatus: response.status };
  } catch (error) {
    const reason = error instanceof TransportError ? error.reason : 'network';
    return {
      ...base, status: 'RETRY', jir: null, errorCode: reason.toUpperCase(),
      errorText: error instanceof Error ? error.message : String(error), response: null, httpStatus: null,
    };
  }
}

import { X509Certificate, randomUUID } from 'node:crypto';
import { DOMParser, type Element } from '@xmldom/xmldom';
import type { EInvoiceDocument } from '../invoice';
import { FINA_CA_BUNDLE } from './ca/finaCaBundle';
import { type ERacunRecord, type RequestEnvelope, evidentirajERacunEnvelope, evidentirajIsporukuEnvelope, evidentirajPrimljeniERacunEnvelope } from './eracun';
import { type PaymentReport, type RejectionReportRecord, evidentirajNaplatuEnvelope, evidentirajOdbijanjeEnvelope } from './naplata';
import { type Endpoint, type SoapResponse, TransportError, postSoap } from './transport';
import { SignatureError, verifySignedMessage } from './verify';
import { type Signer, signRequest } from './xades';

/**
 * One exchange with the fiscalization service: build the request, sign it with the user's
 * certificate, send it, read and verify the answer, and say what it means for the documents
 * (TS-F2 5.7.1; error codes in XSD-F `greska`):
 * - accepted, or S008 (already recorded with the same identifier): FISCALIZED;
 * - no answer (network, timeout, TLS, HTTP without a SOAP answer), S001 (system error), or an answer
 *   whose signature does not verify: RETRY — nothing is known to be recorded, send again later
 *   (ZoF čl. 49 gives 5 working days after an outage);
 * - any other error (S002-S007, S009-S012): FAILED with the service's code and text: sending the
 *   same again would fail the same way; the user must act.
 * The request and the answer are returned exactly as sent and received, to be kept (ZoF čl. 35).
 */
export type ExchangeStatus = 'FISCALIZED' | 'RETRY' | 'FAILED';

export interface ExchangeResult {
  status: ExchangeStatus;
  /** The request's own id (`efis:id`), chosen here. */
  messageId: string;
  /** The service's `idZahtjeva`, when it answered. */
  requestId: string | null;
  /** The service's error code (S001 …) or, without an answer, `NETWORK`, `TIMEOUT`, `TLS`, `HTTP`, `ANSWER`. */
  errorCode: string | null;
  errorText: string | null;
  /** Which document of the batch the error is about (1-based; 0 = the whole message). */
  errorRecord: number | null;
  request: string;
  response: string | null;
  httpStatus: number | null;
  sentAt: Date;
}

export interface ExchangeSettings {
  endpoint: Endpoint;
  signer: Signer;
}

/** The PEM certificates of a bundle. */
export function certificatesOf(pem: string): X509Certificate[] {
  return (pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []).map((block) => new X509Certificate(block));
}

const child = (parent: Element | undefined, name: string): Element | undefined =>
  parent ? Array.from(parent.childNodes).find((n): n is Element => n.nodeType === n.ELEMENT_NODE && (n as Element).localName === name) : undefined;
const textOf = (parent: Element | undefined, name: string) => child(parent, name)?.textContent?.trim() ?? null;

interface Answer {
  accepted: boolean;
  requestId: string | null;
  error: { code: string; record: number; text: string } | null;
}

/** Reads `…Odgovor` from a SOAP answer; null when the body holds no such answer. */
export function readAnswer(xml: string): Answer | null {
  let root: Element | null;
  try {
    root = new DOMParser({ onError: () => undefined }).parseFromString(xml, 'text/xml').documentElement;
  } catch {
    return null;
  }
  const body = root?.localName === 'Envelope' ? child(root, 'Body') : undefined;
  const message = body ? Array.from(body.childNodes).find((n): n is Element => n.nodeType === n.ELEMENT_NODE) : undefined;
  if (!message || !message.localName?.endsWith('Odgovor')) return null;
  const answer = child(message, 'Odgovor');
  if (!answer) return null;
  const error = child(answer, 'greska');
  return {
    accepted: textOf(answer, 'prihvacenZahtjev') === 'true',
    requestId: textOf(answer, 'idZahtjeva'),
    error: error
      ? { code: textOf(error, 'sifra') ?? '', record: Number(textOf(error, 'redniBrojZapisa') ?? 0), text: textOf(error, 'opis') ?? '' }
      : null,
  };
}

function classify(response: SoapResponse, trusted: X509Certificate[]): Omit<ExchangeResult, 'messageId' | 'request' | 'sentAt'> {
  const base = { response: response.body, httpStatus: response.status };
  const answer = readAnswer(response.body);
  if (!answer) {
    return { ...base, status: 'RETRY', requestId: null, errorCode: 'HTTP', errorText: `HTTP ${response.status} without an answer`, errorRecord: null };
  }
  try {
    verifySignedMessage(response.body, { trusted });
  } catch (error) {
    const text = error instanceof SignatureError ? error.message : 'the answer cannot be verified';
    return { ...base, status: 'RETRY', requestId: answer.requestId, errorCode: 'ANSWER', errorText: `answer signature: ${text}`, errorRecord: null };
  }
  if (answer.accepted || answer.error?.code === 'S008') {
    return { ...base, status: 'FISCALIZED', requestId: answer.requestId, errorCode: answer.error?.code ?? null, errorText: answer.error?.text ?? null, errorRecord: null };
  }
  const code = answer.error?.code ?? 'S001';
  return {
    ...base,
    status: code === 'S001' ? 'RETRY' : 'FAILED',
    requestId: answer.requestId,
    errorCode: code,
    errorText: answer.error?.text ?? null,
    errorRecord: answer.error?.record ?? null,
  };
}

/** Signs a request in its SOAP envelope, sends it, and says what the answer means; never throws for the service's sake. */
async function signAndSend(envelope: string, messageId: string, settings: ExchangeSettings, now: Date): Promise<ExchangeResult> {
  const request = signRequest(envelope, messageId, settings.signer, now);
  const trusted = certificatesOf(settings.endpoint.trustedCaPem ?? FINA_CA_BUNDLE);
  try {
    const response = await postSoap(settings.endpoint, request);
    return { messageId, request, sentAt: now, ...classify(response, trusted) };
  } catch (error) {
    const reason = error instanceof TransportError ? error.reason : 'network';
    const text = error instanceof Error ? error.message : String(error);
    return {
      messageId, request, sentAt: now, status: 'RETRY', requestId: null, errorCode: reason.toUpperCase(), errorText: text,
      errorRecord: null, response: null, httpStatus: null,
    };
  }
}

/** Builds a request with a new id, then signs and sends it. */
function send(build: (envelope: RequestEnvelope) => string, settings: ExchangeSettings, now: Date): Promise<ExchangeResult> {
  const messageId = `fkt-${randomUUID()}`;
  return signAndSend(build({ id: messageId, sentAt: now }), messageId, settings, now);
}

/** Signs and sends an `EvidentirajERacunZahtjev` for issued e-invoices. */
export function fiscalizeEInvoices(docs: readonly EInvoiceDocument[], settings: ExchangeSettings, now: Date = new Date()): Promise<ExchangeResult> {
  return send((envelope) => evidentirajERacunEnvelope(docs, envelope), settings, now);
}

/** Signs and sends an `EvidentirajERacunZahtjev` with `vrstaERacuna` U for received e-invoices (ZoF čl. 48 st. 4). */
export function fiscalizeReceived(records: readonly ERacunRecord[], settings: ExchangeSettings, now: Date = new Date()): Promise<ExchangeResult> {
  return send((envelope) => evidentirajPrimljeniERacunEnvelope(records, envelope), settings, now);
}

/** Signs and sends an `EvidentirajIsporukuZaKojuNijeIzdanERacunZahtjev` for invoices to clients that cannot receive e-invoices. */
export function reportSupplies(docs: readonly EInvoiceDocument[], settings: ExchangeSettings, now: Date = new Date()): Promise<ExchangeResult> {
  return send((envelope) => evidentirajIsporukuEnvelope(docs, envelope), settings, now);
}

/** Signs and sends an `EvidentirajNaplatuZahtjev` for payments received on fiscalized e-invoices. */
export function reportPayments(reports: readonly PaymentReport[], settings: ExchangeSettings, now: Date = new Date()): Promise<ExchangeResult> {
  return send((envelope) => evidentirajNaplatuEnvelope(reports, envelope), settings, now);
}

/** Signs and sends an `EvidentirajOdbijanjeZahtjev` for rejections of received e-invoices (ZoF čl. 52, decision 040). */
export function reportRejections(rejections: readonly RejectionReportRecord[], settings: ExchangeSettings, now: Date = new Date()): Promise<ExchangeResult> {
  return send((envelope) => evidentirajOdbijanjeEnvelope(rejections, envelope), settings, now);
}

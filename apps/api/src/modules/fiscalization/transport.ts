import { OutsideRequestError, requestOutside } from '../../outside/https';
import { FINA_CA_BUNDLE } from './ca/finaCaBundle';

/**
 * SOAP 1.1 over one-way TLS to the fiscalization service (TS-F2 7.1-7.3, ch.8): a POST of the whole
 * envelope, `Content-Type: text/xml; charset=utf-8`, `SOAPAction: ""`. The server's certificate must
 * chain to the trusted CAs: FINA's bundle (`ca/finaCaBundle.ts`) unless the user's settings give
 * their own (`trustedCaPem`, how tests and a user's own test setup point Faktura elsewhere). The
 * system's CA store is not used: only who the Tax Administration's certificates come from counts.
 */
export const OFFICIAL_ENDPOINTS = {
  // TS-F2 Table 130. The test URL differs in the peer library (cis.porezna-uprava.hr:8511), so
  // every endpoint is a setting (docs/fiscalization-2026.md §1.3).
  TEST: 'https://cistest.apis-it.hr:8509/FiskalizacijaServiceEprod',
  PRODUCTION: 'https://cis.porezna-uprava.hr:8509/FiskalizacijaService',
} as const;

export interface Endpoint {
  url: string;
  /** PEM certificates to trust instead of FINA's; null for FINA's bundle. */
  trustedCaPem: string | null;
  /** Gives up waiting after this long (a timeout is an outage: the message is sent again later). */
  timeoutMs: number;
}

/** The request did not get an answer: nothing is known to have been recorded; send it again later. */
export class TransportError extends Error {
  constructor(readonly reason: 'network' | 'timeout' | 'tls' | 'http', detail: string) {
    super(`${reason}: ${detail}`);
    this.name = 'TransportError';
  }
}

export interface SoapResponse {
  status: number;
  body: string;
}

const MAX_ANSWER_BYTES = 1024 * 1024;

/** `soapAction`: the WSDL's `soapAction` of the operation, quoted (the e-invoice service's is empty). */
export async function postSoap(endpoint: Endpoint, xml: string, soapAction = '""'): Promise<SoapResponse> {
  const body = Buffer.from(xml, 'utf8');
  try {
    return await requestOutside({
      url: new URL(endpoint.url),
      method: 'POST',
      ca: endpoint.trustedCaPem ?? FINA_CA_BUNDLE,
      headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: soapAction, 'Content-Length': body.length },
      body,
      timeoutMs: endpoint.timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
    });
  } catch (error) {
    if (!(error instanceof OutsideRequestError)) throw error;
    throw new TransportError(error.reason === 'tooLarge' ? 'http' : error.reason, error.detail);
  }
}

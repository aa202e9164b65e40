import https from 'node:https';
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
export function postSoap(endpoint: Endpoint, xml: string, soapAction = '""'): Promise<SoapResponse> {
  const url = new URL(endpoint.url);
  if (url.protocol !== 'https:') return Promise.reject(new TransportError('tls', 'the fiscalization endpoint must be https'));
  const body = Buffer.from(xml, 'utf8');
  return new Promise((resolve, reject) => {
    const request = https.request(
      url,
      {
        method: 'POST',
        ca: endpoint.trustedCaPem ?? FINA_CA_BUNDLE,
        minVersion: 'TLSv1.2',
        headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: soapAction, 'Content-Length': body.length },
        timeout: endpoint.timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            request.destroy(new TransportError('http', 'the answer is too large'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', (error) => reject(new TransportError('network', error.message)));
      },
    );
    request.on('timeout', () => request.destroy(new TransportError('timeout', `no answer within ${endpoint.timeoutMs} ms`)));
    request.on('error', (error) => {
      if (error instanceof TransportError) return reject(error);
      const code = (error as NodeJS.ErrnoException).code ?? '';
      const tls = /CERT|SELF_SIGNED|UNABLE_TO|ERR_TLS|ERR_SSL|HOSTNAME/i.test(code) || /certificate/i.test(error.message);
      reject(new TransportError(tls ? 'tls' : 'network', code || error.message));
    });
    request.end(body);
  });
}

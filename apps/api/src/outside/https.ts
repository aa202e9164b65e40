import https from 'node:https';

/**
 * One request to a service outside (the Tax Administration, the user's intermediary, HNB): TLS 1.2 or
 * newer, the CAs the caller trusts (`ca`; none given: the system's), a timeout, an answer of at most
 * `maxBytes`. A request that got no whole answer fails with an `OutsideRequestError` saying why
 * (`network`, `timeout`, `tls`, `tooLarge`): nothing is known to have happened on the other side,
 * and each caller turns it into its own outage.
 */
export interface OutsideRequest {
  url: URL;
  method: 'GET' | 'POST';
  headers: Record<string, string | number>;
  body?: Buffer;
  /** PEM certificates to trust; undefined: the system's. */
  ca?: string;
  timeoutMs: number;
  maxBytes: number;
  /** false: a connection of its own (no keep-alive), for a service asked a few times a day. */
  agent?: false;
}

export interface OutsideAnswer {
  status: number;
  /** The answer as UTF-8 text. */
  body: string;
  /** The answer exactly as it came (a document downloaded is kept byte for byte). */
  bytes: Buffer;
}

export class OutsideRequestError extends Error {
  constructor(
    readonly reason: 'network' | 'timeout' | 'tls' | 'tooLarge',
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'OutsideRequestError';
  }
}

/** What a failed TLS handshake looks like in Node's errors: its code, or a word about the certificate. */
const isTls = (error: NodeJS.ErrnoException) =>
  /CERT|SELF_SIGNED|UNABLE_TO|ERR_TLS|ERR_SSL|HOSTNAME/i.test(error.code ?? '') || /certificate/i.test(error.message);

export function requestOutside(request: OutsideRequest): Promise<OutsideAnswer> {
  if (request.url.protocol !== 'https:') return Promise.reject(new OutsideRequestError('tls', 'the address must be https'));
  return new Promise((resolve, reject) => {
    const outgoing = https.request(
      request.url,
      {
        method: request.method,
        ...(request.ca === undefined ? {} : { ca: request.ca }),
        ...(request.agent === false ? { agent: false } : {}),
        minVersion: 'TLSv1.2',
        headers: request.headers,
        timeout: request.timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > request.maxBytes) {
            outgoing.destroy(new OutsideRequestError('tooLarge', 'the answer is too large'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({ status: response.statusCode ?? 0, body: bytes.toString('utf8'), bytes });
        });
        response.on('error', (error) => reject(error instanceof OutsideRequestError ? error : new OutsideRequestError('network', error.message)));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new OutsideRequestError('timeout', `no answer within ${request.timeoutMs} ms`)));
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof OutsideRequestError) return reject(error);
      reject(new OutsideRequestError(isTls(error) ? 'tls' : 'network', error.code || error.message));
    });
    outgoing.end(request.body);
  });
}

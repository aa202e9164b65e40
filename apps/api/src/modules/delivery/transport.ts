import https from 'node:https';

/**
 * JSON over HTTPS to an intermediary's API (node:https, as the fiscalization transport): TLS 1.2 or
 * newer, the system's CAs or the user's (`trustedCaPem`, how tests and a user's own test setup point
 * Faktura elsewhere), a timeout, answers up to 4 MiB. A request that got no answer is a
 * `DeliveryTransportError`: nothing is known to have happened on the other side.
 */
export interface DeliveryEndpoint {
  baseUrl: string;
  trustedCaPem: string | null;
  timeoutMs: number;
}

export class DeliveryTransportError extends Error {
  constructor(readonly reason: 'network' | 'timeout' | 'tls', detail: string) {
    super(`${reason}: ${detail}`);
    this.name = 'DeliveryTransportError';
  }
}

export interface HttpAnswer {
  status: number;
  body: string;
}

const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

export function requestJson(endpoint: DeliveryEndpoint, method: 'GET' | 'POST', path: string, body?: unknown): Promise<HttpAnswer> {
  let url: URL;
  try {
    url = new URL(endpoint.baseUrl.replace(/\/+$/, '') + path);
  } catch {
    return Promise.reject(new DeliveryTransportError('network', 'the address is not a URL'));
  }
  if (url.protocol !== 'https:') return Promise.reject(new DeliveryTransportError('tls', 'the address must be https'));
  const payload = body === undefined ? null : Buffer.from(JSON.stringify(body), 'utf8');
  return new Promise((resolve, reject) => {
    const request = https.request(
      url,
      {
        method,
        ...(endpoint.trustedCaPem ? { ca: endpoint.trustedCaPem } : {}),
        minVersion: 'TLSv1.2',
        headers: {
          Accept: 'application/json',
          ...(payload ? { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': payload.length } : {}),
        },
        timeout: endpoint.timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            request.destroy(new DeliveryTransportError('network', 'the answer is too large'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', (error) => reject(new DeliveryTransportError('network', error.message)));
      },
    );
    request.on('timeout', () => request.destroy(new DeliveryTransportError('timeout', `no answer within ${endpoint.timeoutMs} ms`)));
    request.on('error', (error) => {
      if (error instanceof DeliveryTransportError) return reject(error);
      const code = (error as NodeJS.ErrnoException).code ?? '';
      const tls = /CERT|SELF_SIGNED|UNABLE_TO|ERR_TLS|ERR_SSL|HOSTNAME/i.test(code) || /certificate/i.test(error.message);
      reject(new DeliveryTransportError(tls ? 'tls' : 'network', code || error.message));
    });
    request.end(payload ?? undefined);
  });
}

import { OutsideRequestError, requestOutside } from '../../outside/https';

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
  constructor(readonly reason: 'network' | 'timeout' | 'tls' | 'tooLarge', detail: string) {
    super(`${reason}: ${detail}`);
    this.name = 'DeliveryTransportError';
  }
}

export interface HttpAnswer {
  status: number;
  body: string;
  /** The body exactly as it came. */
  bytes: Buffer;
}

const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

export async function requestJson(endpoint: DeliveryEndpoint, method: 'GET' | 'POST', path: string, body?: unknown, maxBytes = MAX_ANSWER_BYTES): Promise<HttpAnswer> {
  let url: URL;
  try {
    url = new URL(endpoint.baseUrl.replace(/\/+$/, '') + path);
  } catch {
    throw new DeliveryTransportError('network', 'the address is not a URL');
  }
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body), 'utf8');
  try {
    return await requestOutside({
      url,
      method,
      ...(endpoint.trustedCaPem ? { ca: endpoint.trustedCaPem } : {}),
      headers: {
        Accept: 'application/json',
        ...(payload ? { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': payload.length } : {}),
      },
      ...(payload ? { body: payload } : {}),
      timeoutMs: endpoint.timeoutMs,
      maxBytes,
    });
  } catch (error) {
    if (!(error instanceof OutsideRequestError)) throw error;
    throw new DeliveryTransportError(error.reason === 'tooLarge' ? 'tooLarge' : error.reason, error.detail);
  }
}

import type { Profile } from '@faktura/shared';
import { vi } from 'vitest';

export const OPERATOR: Profile = {
  username: 'ana@obrt.hr',
  name: 'Ana Anić',
  token: { cryptogram: 'token-1', expiresAt: '2030-01-01T00:00:00.000Z' },
};

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Handler = (init: RequestInit) => Response | Promise<Response>;

/**
 * Replaces fetch with a fake API: handlers are keyed "METHOD /path"; anything else is a 404 with the
 * API's error body. Returns the mock so tests can read what was sent.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const handler = handlers[`${init.method ?? 'GET'} ${url}`];
    return Promise.resolve(
      handler ? handler(init) : jsonResponse(404, { errors: [{ reason: 'Nema', code: 'routeNotFound' }] }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The headers of the n-th fetch call, whatever shape they were given in. */
export function sentHeaders(fetchMock: ReturnType<typeof stubApi>, call: number): Headers {
  return new Headers(fetchMock.mock.calls[call]?.[1]?.headers);
}

/** Calls made to one "METHOD /path". */
export function callsTo(fetchMock: ReturnType<typeof stubApi>, key: string) {
  // The client always calls fetch with a path string.
  return fetchMock.mock.calls.filter(
    ([input, init]) => `${init?.method ?? 'GET'} ${input as string}` === key,
  );
}

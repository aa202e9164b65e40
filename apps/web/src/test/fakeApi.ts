import { vi } from 'vitest';
import { type Company, type InvoiceListResponse, type NewInvoiceScreen, endpoints } from '@faktura/shared';
import { BERLIN, ILICA } from './samples/addresses';
import { LINDEN, OBRT_ANA } from './samples/clients';
import { JADRAN, MAINTENANCE, NO_CONTRACTS, NORDLICHT, PROGRAMMING, REVIEW, SCREEN } from './samples/invoices';

/*
 * The fake API of the web's tests (decision 020): fetch replaced by handlers keyed "METHOD /path",
 * what was sent read back, and the handlers several screens share. Tests may name paths here; the
 * app itself builds them from the contract.
 */

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
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

/** The parsed JSON body of the n-th call in a list of fetch calls (the client always sends a JSON string). */
export function bodyOf(calls: unknown[][], index = 0): unknown {
  const init = calls[index]?.[1] as { body?: string } | undefined;
  return JSON.parse(init?.body ?? 'null');
}

/** A handler answering `{ data }` with status 200. */
export const answer = (data: unknown) => () => jsonResponse(200, { data });

type Handlers = Parameters<typeof stubApi>[0];

/** The GET handlers the client screen needs: its list and the address book for the picker. */
export function clientApi(clients: Company[] = [OBRT_ANA, LINDEN]): Handlers {
  return {
    'GET /api/v1/company': () => jsonResponse(200, { data: clients }),
    'GET /api/v1/address': () => jsonResponse(200, { data: [ILICA, BERLIN] }),
  };
}

/** The reads every invoice form makes. */
export function formApi(screen: NewInvoiceScreen = SCREEN): Handlers {
  return {
    'GET /screen/v1/invoice/new': () => jsonResponse(200, { data: screen }),
    'GET /api/v1/company': () => jsonResponse(200, { data: [JADRAN, NO_CONTRACTS, NORDLICHT] }),
    'GET /api/v1/lineItem': () => jsonResponse(200, { data: [PROGRAMMING, MAINTENANCE, REVIEW] }),
  };
}

const LIST = endpoints.invoice.list.path;

/**
 * A fake API whose invoice list answers by its query (year, q, page...), since the list is asked
 * with many query strings; other calls go to `handlers`, keyed "METHOD /path" as in stubApi.
 */
export function stubInvoiceApi(
  list: (query: URLSearchParams, init: RequestInit) => InvoiceListResponse | Response,
  handlers: Record<string, Handler> = {},
) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    // The HTTP client always calls fetch with a path string.
    const url = input as string;
    const method = init.method ?? 'GET';
    if (method === 'GET' && url.split('?')[0] === LIST) {
      const listed = list(new URLSearchParams(url.split('?')[1] ?? ''), init);
      return Promise.resolve(listed instanceof Response ? listed : jsonResponse(200, listed));
    }
    const handler = handlers[`${method} ${url}`];
    return Promise.resolve(
      handler ? handler(init) : jsonResponse(404, { errors: [{ reason: 'Nema', code: 'routeNotFound' }] }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The queries the invoice list was asked with, in order. */
export function listQueries(fetchMock: ReturnType<typeof stubInvoiceApi>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => input as string)
    .filter((url) => url.split('?')[0] === LIST)
    .map((url) => new URLSearchParams(url.split('?')[1] ?? ''));
}

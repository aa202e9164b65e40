import { vi } from 'vitest';
import { type InvoiceListResponse, type InvoiceListRow, endpoints } from '@faktura/shared';
import { jsonResponse } from '../../../test/fixtures';

/** Invoice rows as the API lists them, for the invoice list's and the dashboard's tests. */
export const ISSUED: InvoiceListRow = {
  id: 3,
  invoiceNumber: '3/POSL1/1',
  client: 'Obrt Ana',
  invoiceDate: '2026-11-22',
  invoiceState: 'PUBLISHED',
  amountFormatted: '1.250,00 €',
  totalCents: 125_000,
  currencyCode: 'EUR',
  paymentDueDate: '2026-12-07',
  overdue: false,
  documentType: 'INVOICE',
  creditStatus: null,
  actions: { delete: { allowed: true, reason: null }, creditNote: { allowed: true, reason: null } },
  sentAt: null,
};

export const OVERDUE: InvoiceListRow = {
  ...ISSUED,
  id: 2,
  invoiceNumber: '2/POSL1/1',
  client: 'Linden GmbH',
  invoiceDate: '2026-03-02',
  amountFormatted: '500,00 $',
  totalCents: 50_000,
  currencyCode: 'USD',
  paymentDueDate: '2026-03-17',
  overdue: true,
  actions: { ...ISSUED.actions, delete: { allowed: false, reason: 'NOT_NEWEST' } },
};

export const CLEARED: InvoiceListRow = {
  ...ISSUED,
  id: 1,
  invoiceNumber: '1/POSL1/1',
  invoiceDate: '2025-12-30',
  invoiceState: 'CLEARED',
  amountFormatted: '80,00 €',
  totalCents: 8_000,
  actions: { ...ISSUED.actions, delete: { allowed: false, reason: 'CLEARED' } },
};

export const DRAFT: InvoiceListRow = {
  ...ISSUED,
  id: 4,
  invoiceNumber: null,
  client: 'Kava d.o.o.',
  invoiceState: 'DRAFT',
  amountFormatted: '99,00 €',
  totalCents: 9_900,
  actions: { ...ISSUED.actions, creditNote: { allowed: false, reason: 'NOT_ISSUED' } },
};

/** The list body: rows, the year facets (the selected one marked) and the page. */
export function listBody(
  rows: InvoiceListRow[],
  { years = [2026, 2025], year = null as number | null, page = 1, pageSize = 50, total = rows.length } = {},
): InvoiceListResponse {
  return {
    data: rows,
    filters: [{ key: 'year', facets: years.map((y) => ({ value: String(y), isSelected: y === year })) }],
    page: { page, pageSize, total },
  };
}

type Handler = (init: RequestInit) => Response | Promise<Response>;
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
      const answer = list(new URLSearchParams(url.split('?')[1] ?? ''), init);
      return Promise.resolve(answer instanceof Response ? answer : jsonResponse(200, answer));
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

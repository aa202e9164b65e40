import { type QuoteStatus, type RouteRequestBody, endpoints } from '@faktura/shared';
import { api, download, useApi } from '../../lib/api';

const quote = endpoints.quote;

/** The quote verbs (decision 043); each call is one submit with its Idempotency-Key where the contract takes one. */
export const quoteApi = {
  create: (body: RouteRequestBody<typeof quote.create>) => api(quote.create, { body }),
  update: (id: number, body: RouteRequestBody<typeof quote.update>) => api(quote.update, { params: { id }, body }),
  remove: (id: number) => api(quote.remove, { params: { id } }),
  mark: (id: number, state: 'SENT' | 'ACCEPTED' | 'DECLINED') => api(quote.state, { params: { id }, body: { state } }),
  convert: (id: number, again: boolean) => api(quote.convert, { params: { id }, body: { to: 'INVOICE', again } }),
  send: (id: number, body: RouteRequestBody<typeof quote.send>) => api(quote.send, { params: { id }, body }),
  pdf: (id: number, lang: 'hr' | 'en') => download(quote.pdf, { params: { id }, query: { lang } }),
};

export function useQuotes(query: { status?: QuoteStatus | undefined; q?: string | undefined }) {
  return useApi(quote.list, { query: { status: query.status, q: query.q || undefined } });
}

export function useQuote(id: number | null) {
  return useApi(quote.get, id === null ? null : { params: { id } });
}

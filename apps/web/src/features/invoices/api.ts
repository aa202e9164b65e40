import useSWR from 'swr';
import type {
  CreditNoteCreate,
  Dashboard,
  Invoice,
  InvoiceCreate,
  InvoiceListResponse,
  InvoiceUpdate,
  NewInvoiceScreen,
} from '@faktura/shared';
import { http, request } from '../../lib/http';

const once = { idempotent: true };

/** Typed calls of the invoice API; screens use these, never raw paths. */
export const invoiceApi = {
  // each call is one submit: it carries an Idempotency-Key, reused if the same submit is sent again
  create: (body: InvoiceCreate) =>
    http.post<{ id: number; number: string | null }>('/api/v1/invoice', body, once),
  update: (id: number, body: InvoiceUpdate) =>
    http.put<{ number: string | null }>(`/api/v1/invoice/${id}`, body, once),
  remove: (id: number) => http.delete<{ id: number }>(`/api/v1/invoice/${id}`, once),
  issue: (id: number) =>
    http.post<{ id: number; state: string; number: string | null }>(`/api/v1/invoice/${id}/issue`, undefined, once),
  clear: (id: number, paymentDate?: string) =>
    http.post<{ id: number; state: string }>(
      `/api/v1/invoice/${id}/clear`,
      paymentDate ? { paymentDate } : {},
      once,
    ),
  creditNote: (id: number, body: CreditNoteCreate) =>
    http.post<{ id: number; number: string }>(`/api/v1/invoice/${id}/credit-note`, body, once),
  unclear: (id: number) =>
    http.post<{ id: number; state: string }>(`/api/v1/invoice/${id}/unclear`, undefined, once),
};

export interface ListQuery {
  year?: number | null;
  q?: string;
  state?: 'DRAFT' | 'PUBLISHED' | 'CLEARED';
  overdue?: boolean;
  /** Rent clients not yet invoiced this month, by their latest issued rent invoice. */
  notInvoicedThisMonth?: boolean;
  page?: number;
  pageSize?: number;
}

export function listPath(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.year) params.set('year', String(query.year));
  if (query.q) params.set('q', query.q);
  if (query.state) params.set('state', query.state);
  if (query.overdue) params.set('overdue', '1');
  if (query.notInvoicedThisMonth) params.set('notInvoicedThisMonth', '1');
  if (query.page) params.set('page', String(query.page));
  if (query.pageSize) params.set('pageSize', String(query.pageSize));
  const search = params.toString();
  return `/api/v1/invoice/list${search ? `?${search}` : ''}`;
}

/** The list answers `{ data, filters, page }`, so it is fetched whole. */
export function useInvoiceList(query: ListQuery) {
  return useSWR<InvoiceListResponse, Error>(listPath(query), (path: string) =>
    request<InvoiceListResponse>('GET', path, { whole: true }),
  );
}

export const useInvoice = (id: number | null) => useSWR<Invoice, Error>(id ? `/api/v1/invoice/${id}` : null);
export const useNewInvoiceScreen = () => useSWR<NewInvoiceScreen, Error>('/screen/v1/invoice/new');
export const useDashboard = (year: number | null) =>
  useSWR<Dashboard, Error>(year ? `/api/v1/dashboard?year=${year}` : '/api/v1/dashboard');

import { type DeliveryFilter, type FiscalStatus, type Payment, type RouteRequestBody, endpoints } from '@faktura/shared';
import { type ScreenRead, api, apiKey, screenRead, useApi } from '../../lib/api';
import { listParamsOf } from './list/listParams';

const invoice = endpoints.invoice;

/**
 * The invoice verbs; screens use these, never paths. Each call is one submit: it carries an
 * Idempotency-Key (the contract says which endpoints take one), reused if the same submit is sent again.
 */
export const invoiceApi = {
  create: (body: RouteRequestBody<typeof invoice.create>) => api(invoice.create, { body }),
  update: (id: number, body: RouteRequestBody<typeof invoice.update>) => api(invoice.update, { params: { id }, body }),
  remove: (id: number) => api(invoice.remove, { params: { id } }),
  issue: (id: number) => api(invoice.issue, { params: { id } }),
  clear: (id: number, paymentDate?: string) =>
    api(invoice.clear, { params: { id }, body: paymentDate ? { paymentDate } : {} }),
  creditNote: (id: number, body: RouteRequestBody<typeof invoice.creditNote>) =>
    api(invoice.creditNote, { params: { id }, body }),
  unclear: (id: number) => api(invoice.unclear, { params: { id } }),
  /** Payments as records (decision 027): a negative amount corrects the payment it names. */
  recordPayment: (id: number, body: RouteRequestBody<typeof invoice.recordPayment>) =>
    api(invoice.recordPayment, { params: { id }, body }),
  payments: (id: number) => api(invoice.payments, { params: { id } }),
  deletePayment: (id: number, paymentId: number) => api(invoice.deletePayment, { params: { id, paymentId } }),
  /**
   * Sends the invoice's waiting or refused payment reports to the Tax Administration now (after the
   * document itself, if it is not fiscalized yet; decision 030); answers where the document stands.
   */
  reportPaymentsNow: (id: number) => api(endpoints.fiscalization.fiscalize, { params: { id } }),
};

/** Where a document stands with the Tax Administration (the Fiscalization section reads it). */
export const fiscalizationKey = (id: number) => apiKey(endpoints.fiscalization.status, { params: { id } });

export interface ListQuery {
  year?: number | null;
  q?: string;
  state?: 'DRAFT' | 'PUBLISHED' | 'CLEARED';
  overdue?: boolean;
  /** Rent clients not yet invoiced this month, by their latest issued rent invoice. */
  notInvoicedThisMonth?: boolean;
  /** Only documents with this fiscalization status (decision 030). */
  fiscalStatus?: FiscalStatus | null;
  /** Only issued documents with this e-invoice delivery status (issue 32). */
  delivery?: DeliveryFilter | null;
  page?: number;
  pageSize?: number;
}

/** The list's query as the contract takes it; what is not asked for stays out of the path (and the cache key). */
function listQuery(query: ListQuery) {
  return {
    year: query.year || undefined,
    q: query.q || undefined,
    state: query.state,
    overdue: query.overdue ? ('1' as const) : undefined,
    notInvoicedThisMonth: query.notInvoicedThisMonth ? ('1' as const) : undefined,
    fiscalStatus: query.fiscalStatus ?? undefined,
    delivery: query.delivery ?? undefined,
    page: query.page || undefined,
    pageSize: query.pageSize || undefined,
  };
}

export function listPath(query: ListQuery): string {
  return apiKey(invoice.list, { query: listQuery(query) });
}

/** Rows on one page of the invoice list (route /Invoices). */
export const LIST_PAGE_SIZE = 50;

/** The page of the list the list screen shows for these filters of its address. */
export function listScreenQuery(params: ReturnType<typeof listParamsOf>): ListQuery {
  return {
    year: params.year,
    q: params.q,
    notInvoicedThisMonth: params.rentDue,
    fiscalStatus: params.fiscalStatus,
    delivery: params.delivery,
    page: params.page,
    pageSize: LIST_PAGE_SIZE,
  };
}

/** The list answers `{ data, filters, page }`, so it is fetched whole (the contract says so). */
export function useInvoiceList(query: ListQuery) {
  return useApi(invoice.list, { query: listQuery(query) });
}

/** A page of the list as a screen's first read (lib/api.ts, readEarly; the boot script sends it too). */
export function listRead(query: ListQuery): ScreenRead {
  return screenRead(invoice.list, { query: listQuery(query) });
}

/** What an address of /Invoices reads first: the page of the list it shows (main.tsx and the boot script). */
export function listScreenReads(search: URLSearchParams): ScreenRead[] {
  return [listRead(listScreenQuery(listParamsOf(search)))];
}

/** A year's dashboard as a screen's first read. */
export function dashboardRead(year: number): ScreenRead {
  return screenRead(endpoints.dashboard.get, { query: { year } });
}

/** An issued invoice's payments, oldest first (none are asked for while `id` is null). */
export const usePayments = (id: number | null) =>
  useApi(invoice.payments, id ? { params: { id } } : null, {
    // a payment just recorded on a fiscalized e-invoice is reported within seconds: its status follows
    refreshInterval: (payments?: Payment[]) => (payments?.some((p) => p.report?.status === 'PENDING' && p.report.attempts === 0) ? 3_000 : 0),
  });

export const useInvoice = (id: number | null) => useApi(invoice.get, id ? { params: { id } } : null);
export const useNewInvoiceScreen = () => useApi(invoice.newScreen);
export const useDashboard = (year: number | null) => useApi(endpoints.dashboard.get, { query: { year: year || undefined } });

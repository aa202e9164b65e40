import type { InvoiceListResponse, InvoiceListRow } from '@faktura/shared';
import { sampleListRow } from '@faktura/shared/samples';

/** Invoice rows as the API lists them, for the invoice list's and the dashboard's tests. */
export const ISSUED: InvoiceListRow = sampleListRow({
  id: 3,
  invoiceNumber: '3/POSL1/1',
  client: 'Obrt Ana',
});

export const OVERDUE: InvoiceListRow = sampleListRow({
  id: 2,
  invoiceNumber: '2/POSL1/1',
  client: 'Linden GmbH',
  invoiceDate: '2026-03-02',
  totalCents: 50_000,
  currencyCode: 'USD',
  paymentDueDate: '2026-03-17',
  overdue: true,
  actions: { ...ISSUED.actions, delete: { allowed: false, reason: 'NOT_NEWEST' } },
});

export const CLEARED: InvoiceListRow = sampleListRow({
  id: 1,
  invoiceNumber: '1/POSL1/1',
  client: ISSUED.client,
  invoiceDate: '2025-12-30',
  invoiceState: 'CLEARED',
  totalCents: 8_000,
  actions: { ...ISSUED.actions, delete: { allowed: false, reason: 'CLEARED' } },
});

export const DRAFT: InvoiceListRow = sampleListRow({
  id: 4,
  invoiceNumber: null,
  client: 'Kava d.o.o.',
  invoiceState: 'DRAFT',
  totalCents: 9_900,
  actions: { ...ISSUED.actions, creditNote: { allowed: false, reason: 'NOT_ISSUED' } },
});

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

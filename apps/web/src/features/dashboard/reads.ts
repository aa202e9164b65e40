import { todayInZagreb } from '@faktura/shared';
import { readDashboardEarly, readInvoiceListEarly, yearParam } from '../invoices';

/** How many overdue invoices the dashboard shows; the Submitted page has all of them. */
export const OVERDUE_SHOWN = 5;

/** The year an address of the dashboard shows (?year=2025 keeps it across reloads and back); this year by default. */
export function dashboardYear(params: URLSearchParams): number {
  return yearParam(params.get('year')) ?? Number(todayInZagreb().slice(0, 4));
}

/** Starts the dashboard's two reads for an address before its screen has loaded (main.tsx, at boot). */
export function readDashboardScreenEarly(search: URLSearchParams): void {
  readDashboardEarly(dashboardYear(search));
  readInvoiceListEarly({ overdue: true, pageSize: OVERDUE_SHOWN });
}

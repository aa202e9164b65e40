import { endpoints, todayInZagreb } from '@faktura/shared';
import { type ScreenRead, screenRead } from '../../lib/api';
import { dashboardRead, listRead, yearParam } from '../invoices';

/** How many overdue invoices the dashboard shows; the Submitted page has all of them. */
export const OVERDUE_SHOWN = 5;

/** The year an address of the dashboard shows (?year=2025 keeps it across reloads and back); this year by default. */
export function dashboardYear(params: URLSearchParams): number {
  return yearParam(params.get('year')) ?? Number(todayInZagreb().slice(0, 4));
}

/**
 * What an address of the dashboard reads first: its year, the overdue invoices and the received
 * e-invoices' deadlines (main.tsx and the boot script).
 */
export function dashboardScreenReads(search: URLSearchParams): ScreenRead[] {
  return [dashboardRead(dashboardYear(search)), listRead({ overdue: true, pageSize: OVERDUE_SHOWN }), screenRead(endpoints.inbox.attention)];
}

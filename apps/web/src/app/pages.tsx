import { matchPath } from 'react-router';
import type { LazyComponent } from '../components/lazy';
import { addressesPage } from '../features/addresses';
import { newAdvancePage } from '../features/advances';
import { clientsPage } from '../features/clients';
import { type ScreenRead, readEarly } from '../lib/api';
import { dashboardPage, dashboardScreenReads } from '../features/dashboard';
import { editInvoicePage, invoiceListPage, listScreenReads, newInvoicePage, submittedPage } from '../features/invoices';
import { inboxListPage, receivedDocumentPage } from '../features/inbox';
import { joppdPage } from '../features/joppd';
import { kprPage, posdPage } from '../features/kpr';
import { quoteListPage, quotePage } from '../features/quotes';
import { exportPage, paymentReportPage, rejectionReportPage, reportsPage } from '../features/reports';
import { settingsPage } from '../features/settings';

/**
 * Every screen is loaded on demand: each feature's index.ts declares its screens, each a chunk of its
 * own, so the first visit downloads only the shell and the screen it opens (the dashboard's chart
 * library, for one, only on the dashboard). main.tsx preloads the screen of the address being opened
 * while the texts load.
 */
type Page = LazyComponent<object>;

export const pages = {
  dashboard: dashboardPage,
  submitted: submittedPage,
  invoices: invoiceListPage,
  newInvoice: newInvoicePage,
  newAdvance: newAdvancePage,
  editInvoice: editInvoicePage,
  inbox: inboxListPage,
  receivedDocument: receivedDocumentPage,
  clients: clientsPage,
  addresses: addressesPage,
  settings: settingsPage,
  joppd: joppdPage,
  kpr: kprPage,
  posd: posdPage,
  reports: reportsPage,
  accountantExport: exportPage,
  paymentReport: paymentReportPage,
  rejectionReport: rejectionReportPage,
  quotes: quoteListPage,
  quote: quotePage,
} satisfies Record<string, Page>;

interface PageRoute {
  path: string;
  page: Page;
  /** The screen's first reads for an address (its search part), started before its code has loaded. */
  reads?: (search: URLSearchParams) => ScreenRead[];
}

/** Every signed-in screen's address (relative to /) and the page it shows; AppRoutes renders these. */
export const pageRoutes: PageRoute[] = [
  { path: '', page: pages.dashboard, reads: dashboardScreenReads },
  { path: 'Dashboard/Submitted', page: pages.submitted },
  { path: 'Invoices', page: pages.invoices, reads: listScreenReads },
  { path: 'Invoices/NewInvoice', page: pages.newInvoice },
  { path: 'Invoices/NewAdvance', page: pages.newAdvance },
  { path: 'Invoices/:invoiceId', page: pages.editInvoice },
  { path: 'Quotes', page: pages.quotes },
  { path: 'Quotes/New', page: pages.quote },
  { path: 'Quotes/:quoteId', page: pages.quote },
  { path: 'Inbox', page: pages.inbox },
  { path: 'Inbox/:receivedId', page: pages.receivedDocument },
  { path: 'Clients', page: pages.clients },
  { path: 'Address', page: pages.addresses },
  { path: 'Settings', page: pages.settings },
  { path: 'Tools/Joppd', page: pages.joppd },
  { path: 'Reports/KPR', page: pages.kpr },
  { path: 'Reports/POSD', page: pages.posd },
  { path: 'Reports', page: pages.reports },
  { path: 'Reports/Payments', page: pages.paymentReport },
  { path: 'Reports/Rejections', page: pages.rejectionReport },
  { path: 'Reports/Export', page: pages.accountantExport },
];

/**
 * Starts loading the screen of an address (nothing for unknown ones: the not-found page is in the
 * shell) and, for the screens that say how, the data it shows: both download side by side, so the
 * screen does not wait for its code before it asks for its data.
 */
export function preloadPage(pathname: string, search = ''): Promise<unknown> {
  const route = pageRoutes.find(({ path }) => matchPath({ path: `/${path}`, end: true }, pathname));
  if (!route) return Promise.resolve();
  for (const read of route.reads?.(new URLSearchParams(search)) ?? []) readEarly(read);
  return route.page.preload();
}

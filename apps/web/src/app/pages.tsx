import { matchPath } from 'react-router';
import { lazyComponent, type LazyComponent } from '../components/lazy';

/**
 * Every screen is loaded on demand: each feature is a chunk of its own, so the first visit downloads
 * only the shell and the screen it opens (the dashboard's chart library, for one, only on the
 * dashboard). main.tsx preloads the screen of the address being opened while the texts load.
 */
type Page = LazyComponent<object>;

export const pages = {
  dashboard: lazyComponent(() => import('../features/dashboard/DashboardPage').then((m) => m.DashboardPage)),
  submitted: lazyComponent(() => import('../features/dashboard/SubmittedPage').then((m) => m.SubmittedPage)),
  invoices: lazyComponent(() => import('../features/invoices/InvoiceListPage').then((m) => m.InvoiceListPage)),
  newInvoice: lazyComponent(() => import('../features/invoices/NewInvoicePage').then((m) => m.NewInvoicePage)),
  editInvoice: lazyComponent(() => import('../features/invoices/EditInvoicePage').then((m) => m.EditInvoicePage)),
  clients: lazyComponent(() => import('../features/clients/ClientsPage').then((m) => m.ClientsPage)),
  addresses: lazyComponent(() => import('../features/addresses/AddressesPage').then((m) => m.AddressesPage)),
  settings: lazyComponent(() => import('../features/settings/SettingsPage').then((m) => m.SettingsPage)),
  joppd: lazyComponent<object>(() => import('../features/joppd/JoppdPage').then((m) => m.JoppdPage)),
} satisfies Record<string, Page>;

/** Every signed-in screen's address (relative to /) and the page it shows; AppRoutes renders these. */
export const pageRoutes: { path: string; page: Page }[] = [
  { path: '', page: pages.dashboard },
  { path: 'Dashboard/Submitted', page: pages.submitted },
  { path: 'Invoices', page: pages.invoices },
  { path: 'Invoices/NewInvoice', page: pages.newInvoice },
  { path: 'Invoices/:invoiceId', page: pages.editInvoice },
  { path: 'Clients', page: pages.clients },
  { path: 'Address', page: pages.addresses },
  { path: 'Settings', page: pages.settings },
  { path: 'Tools/Joppd', page: pages.joppd },
];

/** Starts loading the screen of an address (nothing for unknown ones: the not-found page is in the shell). */
export function preloadPage(pathname: string): Promise<unknown> {
  const route = pageRoutes.find(({ path }) => matchPath({ path: `/${path}`, end: true }, pathname));
  return route ? route.page.preload() : Promise.resolve();
}

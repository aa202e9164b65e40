import {
  IconAddressBook,
  IconFileDescription,
  IconFileInvoice,
  IconInbox,
  IconLayoutDashboard,
  IconReportAnalytics,
  IconSettings,
  IconUsers,
} from '@tabler/icons-react';

/** The left navigation. `also` lists other paths under which the item counts as the current one. */
export const NAV_ITEMS = [
  { to: '/', label: 'nav.dashboard', icon: IconLayoutDashboard, also: ['/Dashboard'] },
  { to: '/Invoices', label: 'nav.invoices', icon: IconFileInvoice, also: [] },
  { to: '/Quotes', label: 'nav.quotes', icon: IconFileDescription, also: [] },
  { to: '/Inbox', label: 'nav.inbox', icon: IconInbox, also: [] },
  { to: '/Clients', label: 'nav.clients', icon: IconUsers, also: [] },
  { to: '/Address', label: 'nav.addresses', icon: IconAddressBook, also: [] },
  { to: '/Reports', label: 'nav.reports', icon: IconReportAnalytics, also: [] },
  { to: '/Settings', label: 'nav.settings', icon: IconSettings, also: [] },
] as const;

export type NavItem = (typeof NAV_ITEMS)[number];

/** Whole path segments only, ignoring case like the router does: /Invoices/7 is under /Invoices. */
function isUnder(pathname: string, base: string): boolean {
  const path = pathname.toLowerCase();
  const prefix = base.toLowerCase();
  return path === prefix || path.startsWith(`${prefix}/`);
}

export function isActive(item: NavItem, pathname: string): boolean {
  if (item.to === '/') return pathname === '/' || item.also.some((base) => isUnder(pathname, base));
  return isUnder(pathname, item.to);
}

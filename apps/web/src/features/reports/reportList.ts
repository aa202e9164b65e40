import { IconBook, IconCalendarStats, IconFileExport, IconFileX, IconReceiptTax, type Icon } from '@tabler/icons-react';

/**
 * The reports the Reports screen (/Reports) offers, in this order: each its address, its icon and the
 * keys of its name and one-line description (`reports.list.<key>`). A new report (the KPR, PO-SD) is
 * one more entry here and a route in app/pages.tsx.
 */
export interface ReportEntry {
  key: string;
  to: string;
  icon: Icon;
  title: `reports.list.${string}.title`;
  description: `reports.list.${string}.description`;
}

export const REPORTS = [
  {
    key: 'payments',
    to: '/Reports/Payments',
    icon: IconReceiptTax,
    title: 'reports.list.payments.title',
    description: 'reports.list.payments.description',
  },
  {
    key: 'rejections',
    to: '/Reports/Rejections',
    icon: IconFileX,
    title: 'reports.list.rejections.title',
    description: 'reports.list.rejections.description',
  },
  {
    key: 'kpr',
    to: '/Reports/KPR',
    icon: IconBook,
    title: 'reports.list.kpr.title',
    description: 'reports.list.kpr.description',
  },
  {
    key: 'posd',
    to: '/Reports/POSD',
    icon: IconCalendarStats,
    title: 'reports.list.posd.title',
    description: 'reports.list.posd.description',
  },
  {
    key: 'export',
    to: '/Reports/Export',
    icon: IconFileExport,
    title: 'reports.list.export.title',
    description: 'reports.list.export.description',
  },
] as const satisfies readonly ReportEntry[];

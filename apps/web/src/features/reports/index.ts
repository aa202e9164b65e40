// The reports. The app uses only what this file exports (decision 020).
import { lazyComponent } from '../../components/lazy';

/** The Reports screen (route /Reports), listing every report; loaded on demand. */
export const reportsPage = lazyComponent<object>(() => import('./ReportsPage').then((m) => m.ReportsPage));

/** The month's payments to report (route /Reports/Payments), loaded on demand. */
export const paymentReportPage = lazyComponent<object>(() => import('./PaymentReportPage').then((m) => m.PaymentReportPage));

/** The month's rejections of received e-invoices to report (route /Reports/Rejections), loaded on demand. */
export const rejectionReportPage = lazyComponent<object>(() => import('./RejectionReportPage').then((m) => m.RejectionReportPage));

/** The export for the accountant (route /Reports/Export), loaded on demand. */
export const exportPage = lazyComponent<object>(() => import('./ExportPage').then((m) => m.ExportPage));

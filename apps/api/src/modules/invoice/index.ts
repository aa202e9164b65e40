/** The invoice module's public surface (invoices, credit notes, their print and e-invoice): others import only this file. */
export { invoiceRoutes } from './invoice.routes';
export { printRoutes } from './print/print.routes';
export { reportRoutes } from './reports/report.routes';
export { isOverdue } from './invoice.mapper';
export { renderEInvoice } from './einvoice/einvoice';
export { invoicePdf, pdfFileName } from './print/invoicePdf';
export { buildPrintView } from './print/printView';
export { loadPrintSources } from './print/sources';

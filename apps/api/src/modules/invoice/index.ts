/** The invoice module's public surface (invoices, credit notes, their print and e-invoice): others import only this file. */
export { type InvoicePorts, invoiceRoutes } from './invoice.routes';
export { printRoutes } from './print/print.routes';
export { reportRoutes } from './reports/report.routes';
// the accountant's export: what it takes of received documents, and its CSV conventions (the URA book writes by them)
export type { ReceivedExportSource } from './export/export.zip';
export { csvConvention } from './export/export.csv';
export { csvCell, decimalComma } from './reports/paymentReport.csv';
export { isOverdue } from './invoice.mapper';
export { eInvoiceDocumentOf, issuedDocumentOf, renderEInvoice } from './einvoice/einvoice';
export { buyerIdentifiers } from './einvoice/document';
export { invoicePdf, pdfFileName } from './print/invoicePdf';
// the bundled fonts, parsed once and sharing their shaped words (the KPR prints with them too)
export { NO_STANDARD_FONT, useBundledFonts } from './print/pdf';
export { buildPrintView } from './print/printView';
// the payment barcodes, rendered once per payload (the inbox's HUB-3A for paying a received invoice)
export { cachedCode } from './print/barcodes';
export { type PrintSources, loadPrintSources } from './print/sources';
// the e-invoice as data, and the UBL's own rules for its amounts and VAT categories, which the
// fiscalization message (a projection of the UBL) states the same way
export type { EInvoiceDocument } from './einvoice/document';
export { amount, documentTotals, percent, prepaidCents, quantity, taxCategory, typeCode } from './einvoice/ubl';
export { paymentsReceivedIn } from './invoice.received';
// what other modules do in the transaction that issues a document (the fiscalization outbox)
export { type IssueHook, onIssued } from './invoice.issueHooks';
export { toDelivery, toFiscalSummary } from './invoice.mapper';
// the demo seed's draft, made as the New invoice page's "Save as draft" makes one
export { type AdvanceIssue, createInvoice } from './invoice.service';
// the advance module's deduction of advances on a final invoice (issue 48)
export { type AdvanceDeducter, type AdvanceDeduction, onAdvancesDeducted } from './invoice.advanceHooks';
export { parseClientSnapshot, parseIssuerSnapshot } from './invoice.snapshot';

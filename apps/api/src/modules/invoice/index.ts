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
// a month's report as a table on A4 landscape (the payments and the rejections to report)
export { type ReportTable, reportTablePdf } from './print/reportTable.pdf';
export { pdfBuffer } from './print/pdfBuffer';
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
// what a quote shares with invoices (decision 043): pricing its lines, the lines' stored form, the
// parties as printed today, the print labels and layout, and the invoice's number for its link
export { getInvoice, priceDocument } from './invoice.service';
export { type PricedLine, withTotals } from './invoice.lines';
export { liveParties } from './print/sources';
export { printLabels, issuerNotes } from './print/printView';
export { renderInvoicePdf } from './print/pdf';
export { printedClient, printedLines, printedSender } from './print/printParts';
export { documentLanguage, formatDate, formatPercent, formatQuantity, lineName } from './print/format';
// the advance module's deduction of advances on a final invoice (issue 48)
export { type AdvanceDeducter, type AdvanceDeduction, onAdvancesDeducted } from './invoice.advanceHooks';
export { parseClientSnapshot, parseIssuerSnapshot } from './invoice.snapshot';

// Invoices: the list, the forms, credit notes, the issued invoices awaiting payment. Other features
// and the app use only what this file exports (decision 020).
import { lazyComponent } from '../../components/lazy';

// Each screen is a chunk of its own, loaded on demand (app/pages.tsx).
export const invoiceListPage = lazyComponent(() => import('./InvoiceListPage').then((m) => m.InvoiceListPage), { texts: 'first' });
export const newInvoicePage = lazyComponent(() => import('./NewInvoicePage').then((m) => m.NewInvoicePage));
export const editInvoicePage = lazyComponent(() => import('./EditInvoicePage').then((m) => m.EditInvoicePage));
export const submittedPage = lazyComponent(() => import('./SubmittedPage').then((m) => m.SubmittedPage));

// What the dashboard shows of invoices, as the list shows it.
export { dashboardRead, listRead, listScreenReads, useDashboard, useInvoiceList } from './api';
export { amountStyle, InvoiceNumberText, StateCell } from './list/cells';
export { compactEuro, formatAmount, formatDay, monthName } from './list/format';
export { yearParam } from './list/listParams';
// The list's filters, search and paging, which the inbox's list shows alike.
export { InvoiceSearch } from './list/InvoiceSearch';
export { ListPaging } from './list/ListPaging';
export { YearFilter } from './list/YearFilter';
// The invoice form's line editor, its totals and its line model, which the quote form reuses (decision 043).
export { LineItemsSection } from './form/LineItemsSection';
export { DateField } from './form/DateField';
export { TotalsTable } from './form/TotalsTable';
export { formTotals } from './form/totals';
export { formLine, invoiceCurrency, lineBody, parseLine, type InvoiceFormValues, type LineValues } from './form/invoiceFormModel';

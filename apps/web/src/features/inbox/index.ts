// The inbox: received e-invoices, their import and their page (issue 46). Other features and the
// app use only what this file exports (decision 020).
import { lazyComponent } from '../../components/lazy';

/** The received invoices (route /Inbox), loaded on demand. */
export const inboxListPage = lazyComponent<object>(() => import('./InboxListPage').then((m) => m.InboxListPage));
/** One received invoice, read field by field (route /Inbox/:receivedId), loaded on demand. */
export const receivedDocumentPage = lazyComponent<object>(() => import('./ReceivedDocumentPage').then((m) => m.ReceivedDocumentPage));

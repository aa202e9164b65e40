/**
 * Sending invoices and reminders by e-mail. Other modules and the app use only what is exported
 * here; the repository stays private to the module.
 */
export { emailRoutes } from './email.routes';
export type { EmailDeps } from './email.settings';
export type { TransportTrust } from './email.transport';
// a document that is not an invoice (a quote), sent as invoices are
export { type DocumentMessage, type DocumentSending, sendDocumentEmail } from './email.document';

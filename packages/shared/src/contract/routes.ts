import type { z } from 'zod';
import { addressInputSchema, addressListResponse, addressResponse } from './address';
import { advanceCreateSchema, advanceCreatedResponse, openAdvancesQuerySchema, openAdvancesResponse } from './advance';
import { auditListResponse, auditQuerySchema, idempotencyHeadersSchema } from './audit';
import { loginRequestSchema, loginResponse, refreshResponse } from './auth';
import { deletedResponse, envelope, idParamsSchema, okSchema } from './common';
import { companyCreateSchema, companyListQuerySchema, companyListResponse, companyResponse, companyUpdateSchema } from './company';
import {
  emailKindQuerySchema,
  emailSettingsInputSchema,
  emailSettingsResponse,
  emailTemplatesInputSchema,
  emailTestInputSchema,
  emailTestResponse,
  invoiceEmailDraftResponse,
  invoiceEmailInputSchema,
  invoiceEmailRecordResponse,
  invoiceEmailRecordsResponse,
} from './email';
import { type Endpoint, type Endpoints, type PathParamNames, endpoints } from './endpoints';
import { deliverySendInputSchema, deliverySettingsInputSchema, deliverySettingsResponse, deliveryTestResponse, invoiceDeliveryResponse } from './delivery';
import { fiscalMessagesResponse, fiscalSettingsInputSchema, fiscalSettingsResponse, invoiceFiscalizationResponse } from './fiscalization';
import { healthResponse } from './health';
import { attachmentParamsSchema, importResponse, receivedPdfQuerySchema, inboxAttentionResponse, inboxFetchResponse, receivedDocumentResponse, receivedFiscalizationResponse, receivedListQuerySchema, receivedListResponse } from './inbox';
import {
  clearInvoiceSchema,
  creditNoteCreateSchema,
  dashboardQuerySchema,
  dashboardResponse,
  invoiceCreateSchema,
  reissueResponse,
  invoiceCreatedResponse,
  invoiceListAllResponse,
  invoiceListQuerySchema,
  invoiceListResponse,
  invoiceNumberResponse,
  invoiceResponse,
  invoiceStateResponse,
  invoiceUpdateSchema,
  newInvoiceScreenResponse,
} from './invoice';
import { receivedRejectSchema, receivedRejectedResponse, rejectionReportResponse, rejectionReportedByHandSchema, rejectionResponse } from './inboxRejection';
import { receivedPaymentCreateSchema, receivedPaymentDeletedResponse, receivedPaymentParamsSchema, receivedPaymentRecordedResponse } from './inboxPayment';
import { paymentCreateSchema, paymentDeletedResponse, paymentListResponse, paymentParamsSchema, paymentRecordedResponse } from './payment';
import { exportQuerySchema, paymentReportFileQuerySchema, paymentReportQuerySchema, paymentReportResponse } from './reports';
import { kpdQuerySchema, kpdSearchResponse } from './kpd';
import { exchangeRateQuerySchema, exchangeRateResponse } from './exchangeRate';
import { kprResponse, posdResponse, reportYearQuerySchema } from './kpr';
import { lineItemInputSchema, lineItemListResponse, lineItemResponse } from './lineItem';
import { printLanguageQuerySchema, printViewResponse } from './print';
import {
  quoteConvertSchema,
  quoteConvertedResponse,
  quoteCreatedResponse,
  quoteEmailInputSchema,
  quoteInputSchema,
  quoteListQuerySchema,
  quoteListResponse,
  quoteResponse,
  quoteSentResponse,
  quoteStateInputSchema,
} from './quote';
import {
  accountInputSchema,
  accountResponse,
  issuerInputSchema,
  issuerResponse,
  passwordChangeResponse,
  passwordChangeSchema,
  posResponse,
  posSchema,
} from './settings';

/**
 * What travels with an endpoint, as zod schemas: path parameters, query, body, request headers and
 * the success answer by status. A file answer (PDF, XML) has no success schema: `file` on the
 * endpoint names its media type.
 */
export interface RouteSchemas {
  /**
   * The OpenAPI summary, where the path and tags do not say enough. Here, not in endpoints.ts: that
   * table goes into the web's first download (and its boot script), which needs no prose for people
   * reading the API's documentation.
   */
  readonly summary?: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly headers?: z.ZodType;
  readonly response: { readonly [status: number]: z.ZodType };
}

/** An endpoint with its schemas: what the API registers and the web's client is typed from. */
export type ContractRoute = Endpoint & RouteSchemas;

function route<const E extends Endpoint, const S extends RouteSchemas>(endpoint: E, schemas: S): E & S {
  return { ...endpoint, ...schemas };
}

const id = { params: idParamsSchema };
/** The Idempotency-Key header, documented on the verbs that take it (checked by the API's `idempotent`). */
const once = { headers: idempotencyHeadersSchema };

/** The typed route contract: every endpoint of `endpoints` (same names) with its schemas. */
export const contract = {
  health: {
    get: route(endpoints.health.get, { response: { 200: healthResponse } }),
  },
  auth: {
    login: route(endpoints.auth.login, { body: loginRequestSchema, response: { 200: loginResponse } }),
    refresh: route(endpoints.auth.refresh, { response: { 200: refreshResponse } }),
    logout: route(endpoints.auth.logout, { response: { 200: envelope(okSchema) } }),
  },
  address: {
    list: route(endpoints.address.list, { response: { 200: addressListResponse } }),
    get: route(endpoints.address.get, { ...id, response: { 200: addressResponse } }),
    create: route(endpoints.address.create, { body: addressInputSchema, response: { 201: addressResponse } }),
    update: route(endpoints.address.update, { ...id, body: addressInputSchema, response: { 200: addressResponse } }),
    remove: route(endpoints.address.remove, { ...id, response: { 200: deletedResponse } }),
  },
  company: {
    list: route(endpoints.company.list, { query: companyListQuerySchema, response: { 200: companyListResponse } }),
    get: route(endpoints.company.get, { ...id, response: { 200: companyResponse } }),
    create: route(endpoints.company.create, { body: companyCreateSchema, response: { 201: companyResponse } }),
    update: route(endpoints.company.update, { ...id, body: companyUpdateSchema, response: { 200: companyResponse } }),
    remove: route(endpoints.company.remove, { ...id, response: { 200: deletedResponse } }),
    lineItems: route(endpoints.company.lineItems, { ...id, response: { 200: lineItemListResponse } }),
  },
  lineItem: {
    list: route(endpoints.lineItem.list, { response: { 200: lineItemListResponse } }),
    get: route(endpoints.lineItem.get, { ...id, response: { 200: lineItemResponse } }),
    create: route(endpoints.lineItem.create, { body: lineItemInputSchema, response: { 201: lineItemResponse } }),
    update: route(endpoints.lineItem.update, { ...id, body: lineItemInputSchema, response: { 200: lineItemResponse } }),
    remove: route(endpoints.lineItem.remove, { ...id, response: { 200: deletedResponse } }),
  },
  kpd: {
    search: route(endpoints.kpd.search, { query: kpdQuerySchema, response: { 200: kpdSearchResponse } }),
  },
  exchangeRate: {
    get: route(endpoints.exchangeRate.get, { query: exchangeRateQuerySchema, response: { 200: exchangeRateResponse } }),
  },
  settings: {
    issuer: route(endpoints.settings.issuer, { response: { 200: issuerResponse } }),
    saveIssuer: route(endpoints.settings.saveIssuer, { body: issuerInputSchema, response: { 200: issuerResponse } }),
    pos: route(endpoints.settings.pos, { response: { 200: posResponse } }),
    savePos: route(endpoints.settings.savePos, { body: posSchema, response: { 200: posResponse } }),
  },
  account: {
    get: route(endpoints.account.get, { response: { 200: accountResponse } }),
    update: route(endpoints.account.update, { body: accountInputSchema, response: { 200: accountResponse } }),
    changePassword: route(endpoints.account.changePassword, {
      body: passwordChangeSchema,
      response: { 200: passwordChangeResponse },
    }),
  },
  invoice: {
    all: route(endpoints.invoice.all, { response: { 200: invoiceListAllResponse } }),
    list: route(endpoints.invoice.list, { query: invoiceListQuerySchema, response: { 200: invoiceListResponse } }),
    get: route(endpoints.invoice.get, { ...id, response: { 200: invoiceResponse } }),
    create: route(endpoints.invoice.create, { ...once, body: invoiceCreateSchema, response: { 201: invoiceCreatedResponse } }),
    update: route(endpoints.invoice.update, {
      ...once,
      ...id,
      body: invoiceUpdateSchema,
      response: { 200: invoiceNumberResponse },
    }),
    remove: route(endpoints.invoice.remove, { ...once, ...id, response: { 200: deletedResponse } }),
    issue: route(endpoints.invoice.issue, { ...once, ...id, response: { 200: invoiceStateResponse } }),
    clear: route(endpoints.invoice.clear, {
      ...once,
      ...id,
      body: clearInvoiceSchema.nullish(),
      response: { 200: invoiceStateResponse },
    }),
    unclear: route(endpoints.invoice.unclear, { ...once, ...id, response: { 200: invoiceStateResponse } }),
    creditNote: route(endpoints.invoice.creditNote, {
      summary: 'Issue a credit note (odobrenje) for an issued invoice: the given lines, or all that remain (storno)',
      ...once,
      ...id,
      body: creditNoteCreateSchema,
      response: { 201: invoiceCreatedResponse },
    }),
    reissue: route(endpoints.invoice.reissue, {
      summary: 'Storno and re-issue (issue 47): the storno credit note of an issued invoice (rejected by its buyer), and the copy for the new invoice',
      ...once,
      ...id,
      response: { 201: reissueResponse },
    }),
    payments: route(endpoints.invoice.payments, { ...id, response: { 200: paymentListResponse } }),
    recordPayment: route(endpoints.invoice.recordPayment, {
      summary: 'Record a payment received on an issued invoice; a negative amount corrects the payment it names',
      ...once,
      ...id,
      body: paymentCreateSchema,
      response: { 201: paymentRecordedResponse },
    }),
    deletePayment: route(endpoints.invoice.deletePayment, {
      summary: 'Delete a payment record that has not been reported',
      ...once,
      params: paymentParamsSchema,
      response: { 200: paymentDeletedResponse },
    }),
    newScreen: route(endpoints.invoice.newScreen, { response: { 200: newInvoiceScreenResponse } }),
  },
  advance: {
    create: route(endpoints.advance.create, {
      summary: 'Issue an advance invoice (račun za predujam, 386) for a payment received before the supply, with that payment recorded',
      ...once,
      body: advanceCreateSchema,
      response: { 201: advanceCreatedResponse },
    }),
    open: route(endpoints.advance.open, {
      summary: "A client's advance invoices not yet deducted by a final invoice",
      query: openAdvancesQuerySchema,
      response: { 200: openAdvancesResponse },
    }),
  },
  dashboard: {
    get: route(endpoints.dashboard.get, { query: dashboardQuerySchema, response: { 200: dashboardResponse } }),
  },
  quote: {
    list: route(endpoints.quote.list, { query: quoteListQuerySchema, response: { 200: quoteListResponse } }),
    get: route(endpoints.quote.get, { ...id, response: { 200: quoteResponse } }),
    create: route(endpoints.quote.create, { ...once, body: quoteInputSchema, response: { 201: quoteCreatedResponse } }),
    update: route(endpoints.quote.update, { ...once, ...id, body: quoteInputSchema, response: { 200: quoteResponse } }),
    remove: route(endpoints.quote.remove, { ...once, ...id, response: { 200: deletedResponse } }),
    pdf: route(endpoints.quote.pdf, {
      summary: 'The quote as an A4 PDF in the client\'s language (a foreign client\'s also in `lang`); it says it is not a fiscalized invoice',
      ...id,
      query: printLanguageQuerySchema,
      response: {},
    }),
    send: route(endpoints.quote.send, {
      summary: 'Send the quote by e-mail with its PDF; a quote sent marks it SENT. Answers once the mail server accepted or refused it',
      ...id,
      body: quoteEmailInputSchema,
      response: { 201: quoteSentResponse },
    }),
    state: route(endpoints.quote.state, {
      summary: 'Mark the quote sent, accepted or declined',
      ...once,
      ...id,
      body: quoteStateInputSchema,
      response: { 200: quoteResponse },
    }),
    convert: route(endpoints.quote.convert, {
      summary: 'Make the quote into a new invoice draft dated today (its client, lines, VAT treatment and currency); marks it ACCEPTED',
      ...once,
      ...id,
      body: quoteConvertSchema,
      response: { 201: quoteConvertedResponse },
    }),
  },
  print: {
    view: route(endpoints.print.view, { ...id, query: printLanguageQuerySchema, response: { 200: printViewResponse } }),
    pdf: route(endpoints.print.pdf, { ...id, query: printLanguageQuerySchema, response: {} }),
    ubl: route(endpoints.print.ubl, { ...id, query: printLanguageQuerySchema, response: {} }),
  },
  kpr: {
    ledger: route(endpoints.kpr.ledger, { query: reportYearQuerySchema, response: { 200: kprResponse } }),
    csv: route(endpoints.kpr.csv, { query: reportYearQuerySchema, response: {} }),
    pdf: route(endpoints.kpr.pdf, { query: reportYearQuerySchema, response: {} }),
    posd: route(endpoints.kpr.posd, { query: reportYearQuerySchema, response: { 200: posdResponse } }),
  },
  reports: {
    rejections: route(endpoints.reports.rejections, {
      summary: 'The rejections of received e-invoices made in a month, each with where its report to the Tax Administration stands (due the 20th of the next month)',
      query: paymentReportQuerySchema,
      response: { 200: rejectionReportResponse },
    }),
    rejectionsCsv: route(endpoints.reports.rejectionsCsv, {
      summary: 'The same rejections as CSV (semicolons, UTF-8 with BOM, Croatian columns), for FiskAplikacija or the accountant',
      query: paymentReportFileQuerySchema,
      response: {},
    }),
    rejectionsPdf: route(endpoints.reports.rejectionsPdf, {
      summary: 'The same rejections as a printable PDF in the reader’s language',
      query: paymentReportFileQuerySchema,
      response: {},
    }),
    payments: route(endpoints.reports.payments, {
      summary: "The payments received in a month that are reported to the Tax Administration by the 20th of the next month",
      query: paymentReportQuerySchema,
      response: { 200: paymentReportResponse },
    }),
    paymentsCsv: route(endpoints.reports.paymentsCsv, {
      summary: 'The same payments as CSV (semicolons, UTF-8 with BOM, Croatian columns and decimal comma)',
      query: paymentReportFileQuerySchema,
      response: {},
    }),
    paymentsPdf: route(endpoints.reports.paymentsPdf, {
      summary: 'The same payments as a printable PDF',
      query: paymentReportFileQuerySchema,
      response: {},
    }),
    export: route(endpoints.reports.export, {
      summary: 'Every issued invoice and credit note of a period (from, to: issue dates, both included): a CSV with one row per document and VAT rate, or a zip with that CSV, a README and each document’s PDF and UBL e-invoice; streamed',
      query: exportQuerySchema,
      response: {},
    }),
  },
  audit: {
    list: route(endpoints.audit.list, {
      summary: 'The audit trail, newest first, 20 a page; with invoiceId only what concerns that invoice and its credit notes',
      query: auditQuerySchema,
      response: { 200: auditListResponse },
    }),
  },
  email: {
    settings: route(endpoints.email.settings, { response: { 200: emailSettingsResponse } }),
    saveSettings: route(endpoints.email.saveSettings, { body: emailSettingsInputSchema, response: { 200: emailSettingsResponse } }),
    saveTemplates: route(endpoints.email.saveTemplates, {
      body: emailTemplatesInputSchema,
      response: { 200: emailSettingsResponse },
    }),
    test: route(endpoints.email.test, { body: emailTestInputSchema, response: { 200: emailTestResponse } }),
    draft: route(endpoints.email.draft, { ...id, query: emailKindQuerySchema, response: { 200: invoiceEmailDraftResponse } }),
    list: route(endpoints.email.list, { ...id, response: { 200: invoiceEmailRecordsResponse } }),
    send: route(endpoints.email.send, { ...id, body: invoiceEmailInputSchema, response: { 201: invoiceEmailRecordResponse } }),
  },
  fiscalization: {
    settings: route(endpoints.fiscalization.settings, {
      summary: 'How Faktura fiscalizes: mode, environment, the certificate (never its key), the service addresses',
      response: { 200: fiscalSettingsResponse },
    }),
    saveSettings: route(endpoints.fiscalization.saveSettings, {
      summary: 'Sets the mode and environment; uploads the PKCS#12 certificate with its password (stored encrypted)',
      body: fiscalSettingsInputSchema,
      response: { 200: fiscalSettingsResponse },
    }),
    status: route(endpoints.fiscalization.status, {
      summary: 'Where an issued document stands with the Tax Administration, with the messages exchanged',
      ...id,
      response: { 200: invoiceFiscalizationResponse },
    }),
    fiscalize: route(endpoints.fiscalization.fiscalize, {
      summary: 'Fiscalizes a pending or refused document now, then reports its waiting or refused payments, instead of waiting for the next attempt',
      ...id,
      response: { 200: invoiceFiscalizationResponse },
    }),
    messages: route(endpoints.fiscalization.messages, {
      summary: 'Every fiscalization message of a document, exactly as sent and received (kept six years)',
      ...id,
      response: { 200: fiscalMessagesResponse },
    }),
  },
  inbox: {
    list: route(endpoints.inbox.list, {
      summary: 'Received e-invoices and credit notes, newest first, with filters and paging as the invoice list',
      query: receivedListQuerySchema,
      response: { 200: receivedListResponse },
    }),
    attention: route(endpoints.inbox.attention, {
      summary: 'Received e-invoices to fiscalize as received whose deadline has passed or is near, and those refused (the dashboard\'s warning)',
      response: { 200: inboxAttentionResponse },
    }),
    get: route(endpoints.inbox.get, { summary: 'One received document, read from its original XML', ...id, response: { 200: receivedDocumentResponse } }),
    xml: route(endpoints.inbox.xml, { summary: 'The received document\'s original bytes, unchanged', ...id, response: {} }),
    attachment: route(endpoints.inbox.attachment, {
      summary: 'A PDF the supplier embedded in the document (its own copy of the invoice)',
      params: attachmentParamsSchema,
      response: {},
    }),
    paymentCode: route(endpoints.inbox.paymentCode, {
      summary: 'The HUB-3A barcode (PDF417, PNG) to pay what is still open of a received invoice from a Croatian banking app',
      ...id,
      response: {},
    }),
    pdf: route(endpoints.inbox.pdf, {
      summary: 'Faktura\'s own A4 print of a received document in the reader\'s language (`lang`, else Accept-Language): what its page shows, headed as a print of a received e-invoice',
      ...id,
      query: receivedPdfQuerySchema,
      response: {},
    }),
    import: route(endpoints.inbox.import, {
      summary: 'Imports UBL 2.1 Invoice or CreditNote files (multipart/form-data, one or more XML files or zips); each file\'s outcome',
      response: { 200: importResponse },
    }),
    fetch: route(endpoints.inbox.fetch, { summary: 'Fetches what the intermediary received for the user since the last days', response: { 200: inboxFetchResponse } }),
    recordPayment: route(endpoints.inbox.recordPayment, {
      summary: 'Records a payment the user made of a received invoice (part payments add up; PAID once paid in full)',
      ...once,
      ...id,
      body: receivedPaymentCreateSchema,
      response: { 201: receivedPaymentRecordedResponse },
    }),
    deletePayment: route(endpoints.inbox.deletePayment, {
      summary: 'Undoes a payment recorded of a received invoice (the supplier reports it, Faktura only records it)',
      ...once,
      params: receivedPaymentParamsSchema,
      response: { 200: receivedPaymentDeletedResponse },
    }),
    reject: route(endpoints.inbox.reject, {
      summary: 'Rejects a received e-invoice (reason type N, U or O and a reason); reported to the Tax Administration by the 20th of the next month',
      ...once,
      ...id,
      body: receivedRejectSchema,
      response: { 200: receivedRejectedResponse },
    }),
    reportRejectionNow: route(endpoints.inbox.reportRejectionNow, {
      summary: 'Sends a rejection whose report was refused (FAILED, or refused by the intermediary) again at the next round',
      ...once,
      ...id,
      response: { 200: rejectionResponse },
    }),
    rejectionReportedByHand: route(endpoints.inbox.rejectionReportedByHand, {
      summary: 'Records that the user reported a rejection in FiskAplikacija (fiscalization off) on the given day',
      ...once,
      ...id,
      body: rejectionReportedByHandSchema,
      response: { 200: rejectionResponse },
    }),
    fiscalization: route(endpoints.inbox.fiscalization, {
      summary: 'Where a received e-invoice stands with its fiscalization as received (vrstaERacuna U): status, deadline, attempts, refusal, the messages exchanged',
      ...id,
      response: { 200: receivedFiscalizationResponse },
    }),
    fiscalize: route(endpoints.inbox.fiscalize, {
      summary: 'Fiscalizes a pending or refused received e-invoice as received now, instead of waiting for the next attempt',
      ...id,
      response: { 200: receivedFiscalizationResponse },
    }),
    fiscalMessages: route(endpoints.inbox.fiscalMessages, {
      summary: 'Every message of a received e-invoice\'s fiscalization as received, exactly as sent and received',
      ...id,
      response: { 200: fiscalMessagesResponse },
    }),
  },
  delivery: {
    settings: route(endpoints.delivery.settings, {
      summary: "The information intermediary e-invoices are sent through: its API's address and the credentials (never the password)",
      response: { 200: deliverySettingsResponse },
    }),
    saveSettings: route(endpoints.delivery.saveSettings, {
      summary: 'Sets the intermediary, its address and the credentials (the password stored encrypted; left out, the stored one stays)',
      body: deliverySettingsInputSchema,
      response: { 200: deliverySettingsResponse },
    }),
    test: route(endpoints.delivery.test, {
      summary: "Test connection: the intermediary's ping, then a call with the credentials; says which failed and why",
      response: { 200: deliveryTestResponse },
    }),
    send: route(endpoints.delivery.send, {
      summary: 'Sends the issued e-invoice (the UBL download\'s bytes) through the intermediary; once, unless `resend`',
      ...id,
      body: deliverySendInputSchema,
      response: { 200: invoiceDeliveryResponse },
    }),
    refresh: route(endpoints.delivery.refresh, {
      summary: 'Asks the intermediary where the document stands now (delivered, rejected, fiscalized)',
      ...id,
      response: { 200: invoiceDeliveryResponse },
    }),
  },
} as const satisfies { [G in keyof Endpoints]: { [N in keyof Endpoints[G]]: ContractRoute } };

export type RouteContract = typeof contract;

/** Every route of the contract in one list, named `group.name` (tests, registration checks). */
export function allRoutes(): { name: string; route: ContractRoute }[] {
  return Object.entries(contract).flatMap(([group, members]) =>
    Object.entries(members as Record<string, ContractRoute>).map(([name, route]) => ({ name: `${group}.${name}`, route })),
  );
}

// ---- Types the web's client derives from an endpoint (it imports `endpoints` at run time, and
// ---- these types only, so zod stays out of its first download).

type AnyRoute = { [G in keyof RouteContract]: RouteContract[G][keyof RouteContract[G]] }[keyof RouteContract];

/** The contract route of an endpoint (found by method and path, which are unique). */
export type RouteOf<E extends Endpoint> = Extract<AnyRoute, { method: E['method']; path: E['path'] }>;

type SchemaAt<R, K extends string> = R extends { readonly [P in K]: infer S extends z.ZodType } ? S : never;
type SuccessSchema<R> = R extends { response: infer Res } ? Res[keyof Res] : never;

/** The whole success body of an endpoint, as the client receives it. */
export type RouteBody<E extends Endpoint> = z.output<SuccessSchema<RouteOf<E>>>;
/** What the client's call gives back: the body's `data`, or the whole body for `whole` endpoints. */
export type RouteAnswer<E extends Endpoint> = E extends { whole: true }
  ? RouteBody<E>
  : RouteBody<E> extends { data: infer D }
    ? D
    : never;

type ParamsPart<E extends Endpoint> = [PathParamNames<E['path']>] extends [never]
  ? { params?: never }
  : { params: { [K in PathParamNames<E['path']>]: string | number } };
type QueryPart<R> = [SchemaAt<R, 'query'>] extends [never]
  ? { query?: never }
  : object extends z.input<SchemaAt<R, 'query'>>
    ? { query?: z.input<SchemaAt<R, 'query'>> }
    : { query: z.input<SchemaAt<R, 'query'>> };
type BodyPart<R> = [SchemaAt<R, 'body'>] extends [never]
  ? { body?: never }
  : undefined extends z.input<SchemaAt<R, 'body'>>
    ? { body?: z.input<SchemaAt<R, 'body'>> }
    : { body: z.input<SchemaAt<R, 'body'>> };

/** What a call of an endpoint takes: its path parameters, query and body, each where it has one. */
export type RouteInput<E extends Endpoint> = ParamsPart<E> & QueryPart<RouteOf<E>> & BodyPart<RouteOf<E>>;
/** The body a call of an endpoint sends (what its schema accepts). */
export type RouteRequestBody<E extends Endpoint> = z.input<SchemaAt<RouteOf<E>, 'body'>>;

/**
 * Every endpoint the API serves: method, path (Fastify style, `:id`), who may call it, its OpenAPI
 * tags and how its answer travels. Free of zod on purpose: the web's HTTP client builds its paths
 * from this table, so it costs the first download nothing; `routes.ts` adds each endpoint's schemas
 * (params, query, body, answer) and OpenAPI summary, and is what the API registers and the web's
 * types come from.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The media types of the files the API answers with. */
export type FileType = 'application/pdf' | 'application/xml' | 'text/csv' | 'application/zip' | 'image/png';

/** The media types an endpoint's file answer may have, as a list. */
export const fileTypesOf = (endpoint: { readonly file?: FileType | readonly FileType[] | undefined }): readonly FileType[] =>
  endpoint.file === undefined ? [] : typeof endpoint.file === 'string' ? [endpoint.file] : endpoint.file;

export interface Endpoint {
  readonly method: Method;
  readonly path: string;
  /** `bearer`: needs `Authorization: Bearer <token>`; `public`: answers without one. */
  readonly access: 'public' | 'bearer';
  readonly tags: readonly string[];
  /** Takes an Idempotency-Key (decision 012): the web sends one with every submit. */
  readonly idempotent?: true;
  /** The success body carries more than `data` (filters, page), so clients read it whole. */
  readonly whole?: true;
  /** The answer is a file of this media type (or of one of these, as its query asks), not JSON. */
  readonly file?: FileType | readonly FileType[];
  /** The answer is written as a stream in chunks; the schema documents it, nothing checks it. */
  readonly streamed?: true;
}

const bearer = 'bearer' as const;
const idempotent = true as const;

export const endpoints = {
  /** For load balancers and scripts: answers without a token once the database answers. */
  health: {
    get: { method: 'GET', path: '/api/v1/health', access: 'public', tags: ['health'] },
  },
  auth: {
    login: { method: 'POST', path: '/api/v1/login', access: 'public', tags: ['auth'] },
    /** The refresh cookie goes only to this path: POST rotates it, DELETE signs out. */
    refresh: { method: 'POST', path: '/api/v1/login/refresh', access: 'public', tags: ['auth'] },
    logout: { method: 'DELETE', path: '/api/v1/login/refresh', access: 'public', tags: ['auth'] },
  },
  address: {
    list: { method: 'GET', path: '/api/v1/address', access: bearer, tags: ['address'] },
    get: { method: 'GET', path: '/api/v1/address/:id', access: bearer, tags: ['address'] },
    create: { method: 'POST', path: '/api/v1/address', access: bearer, tags: ['address'] },
    update: { method: 'PUT', path: '/api/v1/address/:id', access: bearer, tags: ['address'] },
    remove: { method: 'DELETE', path: '/api/v1/address/:id', access: bearer, tags: ['address'] },
  },
  company: {
    list: { method: 'GET', path: '/api/v1/company', access: bearer, tags: ['company'] },
    get: { method: 'GET', path: '/api/v1/company/:id', access: bearer, tags: ['company'] },
    create: { method: 'POST', path: '/api/v1/company', access: bearer, tags: ['company'] },
    update: { method: 'PUT', path: '/api/v1/company/:id', access: bearer, tags: ['company'] },
    remove: { method: 'DELETE', path: '/api/v1/company/:id', access: bearer, tags: ['company'] },
    lineItems: { method: 'GET', path: '/api/v1/company/:id/lineItems', access: bearer, tags: ['company'] },
  },
  lineItem: {
    list: { method: 'GET', path: '/api/v1/lineItem', access: bearer, tags: ['lineItem'] },
    get: { method: 'GET', path: '/api/v1/lineItem/:id', access: bearer, tags: ['lineItem'] },
    create: { method: 'POST', path: '/api/v1/lineItem', access: bearer, tags: ['lineItem'] },
    update: { method: 'PUT', path: '/api/v1/lineItem/:id', access: bearer, tags: ['lineItem'] },
    remove: { method: 'DELETE', path: '/api/v1/lineItem/:id', access: bearer, tags: ['lineItem'] },
  },
  /** The KPD 2025 list for the line-item picker (decision 007); names in the request's language. */
  kpd: {
    search: { method: 'GET', path: '/api/v1/kpd', access: bearer, tags: ['kpd'] },
  },
  /** The HNB middle rate of a currency on a day, proposed as an invoice's euro rate. */
  exchangeRate: {
    get: { method: 'GET', path: '/api/v1/exchange-rate', access: bearer, tags: ['exchangeRate'] },
  },
  settings: {
    issuer: { method: 'GET', path: '/api/v1/settings/issuer', access: bearer, tags: ['settings'] },
    saveIssuer: { method: 'PUT', path: '/api/v1/settings/issuer', access: bearer, tags: ['settings'] },
    pos: { method: 'GET', path: '/api/v1/settings/pos', access: bearer, tags: ['settings'] },
    savePos: { method: 'PUT', path: '/api/v1/settings/pos', access: bearer, tags: ['settings'] },
  },
  account: {
    get: { method: 'GET', path: '/api/v1/account', access: bearer, tags: ['account'] },
    update: { method: 'PUT', path: '/api/v1/account', access: bearer, tags: ['account'] },
    changePassword: { method: 'POST', path: '/api/v1/account/password', access: bearer, tags: ['account'] },
  },
  invoice: {
    /** Every invoice, streamed in chunks (invoice.all.ts). */
    all: { method: 'GET', path: '/api/v1/invoice', access: bearer, tags: ['invoice'], streamed: true },
    list: { method: 'GET', path: '/api/v1/invoice/list', access: bearer, tags: ['invoice'], whole: true },
    get: { method: 'GET', path: '/api/v1/invoice/:id', access: bearer, tags: ['invoice'] },
    create: { method: 'POST', path: '/api/v1/invoice', access: bearer, tags: ['invoice'], idempotent },
    update: { method: 'PUT', path: '/api/v1/invoice/:id', access: bearer, tags: ['invoice'], idempotent },
    remove: { method: 'DELETE', path: '/api/v1/invoice/:id', access: bearer, tags: ['invoice'], idempotent },
    issue: { method: 'POST', path: '/api/v1/invoice/:id/issue', access: bearer, tags: ['invoice'], idempotent },
    clear: { method: 'POST', path: '/api/v1/invoice/:id/clear', access: bearer, tags: ['invoice'], idempotent },
    unclear: { method: 'POST', path: '/api/v1/invoice/:id/unclear', access: bearer, tags: ['invoice'], idempotent },
    creditNote: {
      method: 'POST',
      path: '/api/v1/invoice/:id/credit-note',
      access: bearer,
      tags: ['invoice'],
      idempotent,
    },
    /** Storno and re-issue (issue 47): the storno credit note now, the new invoice prepared from it. */
    reissue: { method: 'POST', path: '/api/v1/invoice/:id/reissue', access: bearer, tags: ['invoice'], idempotent },
    /** Payments received on an invoice, as records (decision 027). */
    payments: { method: 'GET', path: '/api/v1/invoice/:id/payment', access: bearer, tags: ['invoice'] },
    recordPayment: {
      method: 'POST',
      path: '/api/v1/invoice/:id/payment',
      access: bearer,
      tags: ['invoice'],
      idempotent,
    },
    deletePayment: {
      method: 'DELETE',
      path: '/api/v1/invoice/:id/payment/:paymentId',
      access: bearer,
      tags: ['invoice'],
      idempotent,
    },
    /** What the New invoice screen needs in one answer (clients, catalogue, next number, dates). */
    newScreen: { method: 'GET', path: '/screen/v1/invoice/new', access: bearer, tags: ['invoice'] },
  },
  /** Advance invoices (računi za predujam, issue 48): issued with their payment, deducted by a final invoice. */
  advance: {
    create: { method: 'POST', path: '/api/v1/advance', access: bearer, tags: ['invoice'], idempotent },
    open: { method: 'GET', path: '/api/v1/advance', access: bearer, tags: ['invoice'] },
  },
  dashboard: {
    get: { method: 'GET', path: '/api/v1/dashboard', access: bearer, tags: ['dashboard'] },
  },
  /** Quotes (ponude, decision 043): their own documents and numbers, never invoices. */
  quote: {
    list: { method: 'GET', path: '/api/v1/quote', access: bearer, tags: ['quote'] },
    get: { method: 'GET', path: '/api/v1/quote/:id', access: bearer, tags: ['quote'] },
    create: { method: 'POST', path: '/api/v1/quote', access: bearer, tags: ['quote'], idempotent },
    update: { method: 'PUT', path: '/api/v1/quote/:id', access: bearer, tags: ['quote'], idempotent },
    remove: { method: 'DELETE', path: '/api/v1/quote/:id', access: bearer, tags: ['quote'], idempotent },
    pdf: { method: 'GET', path: '/api/v1/quote/:id/pdf', access: bearer, tags: ['quote'], file: 'application/pdf' },
    send: { method: 'POST', path: '/api/v1/quote/:id/send', access: bearer, tags: ['quote'] },
    state: { method: 'POST', path: '/api/v1/quote/:id/state', access: bearer, tags: ['quote'], idempotent },
    convert: { method: 'POST', path: '/api/v1/quote/:id/convert', access: bearer, tags: ['quote'], idempotent },
  },
  print: {
    /** Spec §7: the language comes from Accept-Language; `?lang=` overrides it (our addition). */
    view: { method: 'GET', path: '/screen/v1/invoice/print/:id', access: bearer, tags: ['print'] },
    pdf: { method: 'GET', path: '/api/v1/invoice/:id/pdf', access: bearer, tags: ['print'], file: 'application/pdf' },
    /**
     * The UBL 2.1 e-invoice (EN 16931 + HR CIUS 2025) of an issued invoice or credit note, with its
     * PDF embedded in the language asked for. A draft is a 409.
     */
    ubl: { method: 'GET', path: '/api/v1/invoice/:id/ubl', access: bearer, tags: ['print'], file: 'application/xml' },
  },
  /**
   * The KPR (knjiga prometa) of a paušalni obrt and its PO-SD figures, from the payments received
   * (decision 029). The form itself is in Croatian whatever the reader's language.
   */
  kpr: {
    ledger: { method: 'GET', path: '/api/v1/reports/kpr', access: bearer, tags: ['reports'] },
    csv: { method: 'GET', path: '/api/v1/reports/kpr/csv', access: bearer, tags: ['reports'], file: 'text/csv' },
    pdf: { method: 'GET', path: '/api/v1/reports/kpr/pdf', access: bearer, tags: ['reports'], file: 'application/pdf' },
    posd: { method: 'GET', path: '/api/v1/reports/posd', access: bearer, tags: ['reports'] },
  },
  /** The month's reports (decision 028). */
  reports: {
    payments: {
      method: 'GET',
      path: '/api/v1/reports/payments',
      access: bearer,
      tags: ['reports'],
    },
    paymentsCsv: {
      method: 'GET',
      path: '/api/v1/reports/payments.csv',
      access: bearer,
      tags: ['reports'],
      file: 'text/csv',
    },
    paymentsPdf: {
      method: 'GET',
      path: '/api/v1/reports/payments.pdf',
      access: bearer,
      tags: ['reports'],
      file: 'application/pdf',
    },
    /** The month's rejections of received e-invoices, reported by the 20th of the next month (decision 040). */
    rejections: { method: 'GET', path: '/api/v1/reports/rejections', access: bearer, tags: ['reports', 'inbox'] },
    rejectionsCsv: { method: 'GET', path: '/api/v1/reports/rejections.csv', access: bearer, tags: ['reports', 'inbox'], file: 'text/csv' },
    rejectionsPdf: { method: 'GET', path: '/api/v1/reports/rejections.pdf', access: bearer, tags: ['reports', 'inbox'], file: 'application/pdf' },
    /** Issue 31 item 13: every issued document of a period for the accountant (export/). */
    export: {
      method: 'GET',
      path: '/api/v1/export',
      access: bearer,
      tags: ['reports'],
      file: ['text/csv', 'application/zip'],
      streamed: true,
    },
  },
  audit: {
    list: {
      method: 'GET',
      path: '/api/v1/audit',
      access: bearer,
      tags: ['audit'],
      whole: true,
    },
  },
  email: {
    settings: { method: 'GET', path: '/api/v1/settings/email', access: bearer, tags: ['email'] },
    saveSettings: { method: 'PUT', path: '/api/v1/settings/email', access: bearer, tags: ['email'] },
    saveTemplates: { method: 'PUT', path: '/api/v1/settings/email/templates', access: bearer, tags: ['email'] },
    test: { method: 'POST', path: '/api/v1/settings/email/test', access: bearer, tags: ['email'] },
    /** What the send dialog proposes (recipients, subject and body from the template, attachments). */
    draft: { method: 'GET', path: '/api/v1/invoice/:id/email/draft', access: bearer, tags: ['email'] },
    list: { method: 'GET', path: '/api/v1/invoice/:id/email', access: bearer, tags: ['email'] },
    /** Answers once the mail server accepted or refused the message: 201 with the record either way. */
    send: { method: 'POST', path: '/api/v1/invoice/:id/email', access: bearer, tags: ['email'] },
  },
  fiscalization: {
    settings: {
      method: 'GET', path: '/api/v1/settings/fiscalization', access: bearer, tags: ['fiscalization'],
    },
    saveSettings: {
      method: 'PUT', path: '/api/v1/settings/fiscalization', access: bearer, tags: ['fiscalization'],
    },
    status: {
      method: 'GET', path: '/api/v1/invoice/:id/fiscalization', access: bearer, tags: ['fiscalization'],
    },
    fiscalize: {
      method: 'POST', path: '/api/v1/invoice/:id/fiscalize', access: bearer, tags: ['fiscalization'],
    },
    messages: {
      method: 'GET', path: '/api/v1/invoice/:id/fiscalization/messages', access: bearer, tags: ['fiscalization'],
    },
  },
  /** Received e-invoices (issue 46). */
  inbox: {
    list: { method: 'GET', path: '/api/v1/inbox', access: bearer, tags: ['inbox'], whole: true },
    attention: { method: 'GET', path: '/api/v1/inbox/attention', access: bearer, tags: ['inbox'] },
    get: { method: 'GET', path: '/api/v1/inbox/:id', access: bearer, tags: ['inbox'] },
    xml: { method: 'GET', path: '/api/v1/inbox/:id/xml', access: bearer, tags: ['inbox'], file: 'application/xml' },
    attachment: { method: 'GET', path: '/api/v1/inbox/:id/attachment/:index', access: bearer, tags: ['inbox'], file: 'application/pdf' },
    paymentCode: { method: 'GET', path: '/api/v1/inbox/:id/payment-code', access: bearer, tags: ['inbox'], file: 'image/png' },
    pdf: { method: 'GET', path: '/api/v1/inbox/:id/pdf', access: bearer, tags: ['inbox'], file: 'application/pdf' },
    import: { method: 'POST', path: '/api/v1/inbox/import', access: bearer, tags: ['inbox'] },
    fetch: { method: 'POST', path: '/api/v1/inbox/fetch', access: bearer, tags: ['inbox'] },
    /** The user's payments of a received invoice (decision 039). */
    recordPayment: { method: 'POST', path: '/api/v1/inbox/:id/payment', access: bearer, tags: ['inbox'], idempotent },
    deletePayment: { method: 'DELETE', path: '/api/v1/inbox/:id/payment/:paymentId', access: bearer, tags: ['inbox'], idempotent },
    reject: { method: 'POST', path: '/api/v1/inbox/:id/reject', access: bearer, tags: ['inbox'], idempotent },
    /** A refused report of a rejection sent again at the next round (decision 042). */
    reportRejectionNow: { method: 'POST', path: '/api/v1/inbox/:id/rejection/report-now', access: bearer, tags: ['inbox'], idempotent },
    /** A rejection the user reported in FiskAplikacija (fiscalization off), with the day (decision 042). */
    rejectionReportedByHand: { method: 'POST', path: '/api/v1/inbox/:id/rejection/reported', access: bearer, tags: ['inbox'], idempotent },
    fiscalization: { method: 'GET', path: '/api/v1/inbox/:id/fiscalization', access: bearer, tags: ['inbox', 'fiscalization'] },
    fiscalize: { method: 'POST', path: '/api/v1/inbox/:id/fiscalize', access: bearer, tags: ['inbox', 'fiscalization'] },
    fiscalMessages: { method: 'GET', path: '/api/v1/inbox/:id/fiscalization/messages', access: bearer, tags: ['inbox', 'fiscalization'] },
  },
  delivery: {
    settings: {
      method: 'GET', path: '/api/v1/settings/delivery', access: bearer, tags: ['delivery'],
    },
    saveSettings: {
      method: 'PUT', path: '/api/v1/settings/delivery', access: bearer, tags: ['delivery'],
    },
    test: {
      method: 'POST', path: '/api/v1/settings/delivery/test', access: bearer, tags: ['delivery'],
    },
    send: {
      method: 'POST', path: '/api/v1/invoice/:id/einvoice/send', access: bearer, tags: ['delivery'],
    },
    refresh: {
      method: 'POST', path: '/api/v1/invoice/:id/einvoice/refresh', access: bearer, tags: ['delivery'],
    },
  },
} as const satisfies Record<string, Record<string, Endpoint>>;

export type Endpoints = typeof endpoints;

/** Every endpoint in one list (tests, documentation). */
export function allEndpoints(): { name: string; endpoint: Endpoint }[] {
  return Object.entries(endpoints).flatMap(([group, members]) =>
    Object.entries(members as Record<string, Endpoint>).map(([name, endpoint]) => ({ name: `${group}.${name}`, endpoint })),
  );
}

/** The names of an endpoint's path parameters: `/api/v1/invoice/:id/email` → `id`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * The path of an endpoint with its parameters filled in and the query appended (absent values are
 * left out; the order is the query object's). The one place a path is put together.
 */
export function pathOf(
  endpoint: Pick<Endpoint, 'path'>,
  params: Record<string, string | number> = {},
  query: Record<string, string | number | boolean | null | undefined> = {},
): string {
  const path = endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${endpoint.path}: the parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  const search = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

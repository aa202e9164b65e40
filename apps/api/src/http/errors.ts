import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  type ApiError,
  DEFAULT_LANGUAGE,
  type ErrorCode,
  formatMessageParams,
  formatMoney,
  type Language,
  pickLanguage,
  translate,
} from '@faktura/shared';

export type { ErrorCode };

/**
 * Stable error codes and their HTTP status: the one table that decides statuses. Its keys are the
 * contract's closed list of codes (`ERROR_CODES`), no more and no fewer.
 */
export const STATUS = {
  validation: 400,
  malformed: 400,
  badRequest: 400,
  invalidCredentials: 401,
  unauthorized: 401,
  tokenExpired: 401,
  refreshInvalid: 401,
  crossSite: 403,
  forbidden: 403,
  notFound: 404,
  routeNotFound: 404,
  methodNotAllowed: 405,
  requestTimeout: 408,
  addressNotFound: 404,
  companyNotFound: 404,
  lineItemNotFound: 404,
  addressInUse: 409,
  companyHasInvoices: 409,
  invoiceNotFound: 404,
  quoteNotFound: 404,
  quoteNotEditable: 409,
  quoteStateChange: 409,
  quoteAlreadyConverted: 409,
  quoteDeclined: 409,
  invoiceLocked: 409,
  invoiceCleared: 409,
  invoiceNotNewest: 409,
  invoiceNotIssued: 409,
  invoiceAlreadyIssued: 409,
  invoiceAlreadyCleared: 409,
  invoiceNotCleared: 409,
  billingDateNotToday: 409,
  creditNoteForDraft: 409,
  creditNoteForCreditNote: 409,
  advanceDeducted: 409,
  invoiceFullyCredited: 409,
  reissueNotIssued: 409,
  reissueCreditNote: 409,
  reissueAlreadyDone: 409,
  invoiceHasCreditNotes: 409,
  creditNoteLocked: 409,
  creditNoteSettledWithInvoice: 409,
  paymentForDraft: 409,
  paymentForCreditNote: 409,
  paymentDateInFuture: 400,
  paymentDateBeforeIssue: 400,
  paymentAmountZero: 400,
  paymentCorrectionRequired: 400,
  paymentCorrectionNotNegative: 400,
  paymentCorrectionUnknown: 400,
  paymentCorrectionTooLarge: 400,
  paymentBelowZero: 409,
  paymentOverpaid: 409,
  paymentNotFound: 404,
  paymentReported: 409,
  paymentCorrected: 409,
  paymentBeingReported: 409,
  inboxPaymentCreditNote: 409,
  inboxPaymentRejected: 409,
  inboxPaymentInFuture: 400,
  inboxPaymentBeforeIssue: 400,
  inboxPaymentOverOpen: 409,
  inboxPaymentNotFound: 404,
  inboxAlreadyRejected: 409,
  inboxRejectPaidUnconfirmed: 409,
  inboxRejectionNotFailed: 409,
  inboxRejectionNotByHand: 409,
  inboxRejectionReportedInFuture: 400,
  inboxRejectionReportedBeforeRejection: 400,
  invoiceHasPayments: 409,
  einvoiceDraft: 409,
  einvoiceConsumer: 409,
  fiscalizationNotSelf: 409,
  fiscalizationKeyUnreadable: 409,
  fiscalizationNotRequired: 409,
  receiptNeedsFiscalization: 409,
  receiptOperatorOib: 409,
  receiptNotFiscalizable: 409,
  receiptNumber: 409,
  invoiceFiscalized: 409,
  invoiceSentEInvoice: 409,
  fiscalCertificateNotPkcs12: 400,
  fiscalCertificatePassword: 400,
  fiscalCertificateNoKey: 400,
  fiscalCertificateNoOib: 400,
  fiscalCertificateExpired: 400,
  fiscalCertificateNotYetValid: 400,
  fiscalCertificateWrongEnvironment: 400,
  fiscalCertificateRequired: 400,
  fiscalTrustedCaInvalid: 400,
  deliveryTrustedCaInvalid: 400,
  deliveryPasswordRequired: 400,
  deliveryNotConfigured: 409,
  deliveryPasswordUnreadable: 409,
  deliveryAlreadySent: 409,
  deliveryClientNoEInvoices: 409,
  deliveryNotEInvoice: 409,
  einvoiceOperatorOib: 409,
  issueOperatorOib: 409,
  issuerMissing: 409,
  inboxNoFiles: 400,
  inboxNotXml: 400,
  inboxNestedZip: 400,
  inboxEncoding: 400,
  inboxXmlChar: 400,
  inboxDoctype: 400,
  inboxNotUbl: 400,
  inboxMissingField: 400,
  inboxBadAmount: 400,
  inboxTooLarge: 413,
  inboxZipInvalid: 400,
  inboxZipTooMany: 400,
  inboxZipTooLarge: 413,
  inboxDuplicate: 409,
  inboxNotFound: 404,
  inboxAttachmentNotFound: 404,
  inboxNoPaymentCode: 409,
  inboxFetchUnavailable: 503,
  inboxFetchRefused: 502,
  inboxFetchBusy: 409,
  inboxFetchSomeFailed: 502,
  inboxFiscalIncomplete: 409,
  inboxFiscalOtherRecipient: 409,
  inboxFiscalNotRequired: 409,
  emailTaken: 409,
  preconditionFailed: 412,
  idempotencyKeyInvalid: 400,
  idempotencyKeyReused: 409,
  idempotencyInProgress: 409,
  emailNotConfigured: 409,
  exchangeRateUnavailable: 503,
  reminderNotOverdue: 409,
  payloadTooLarge: 413,
  uriTooLong: 414,
  unsupportedMediaType: 415,
  rangeNotSatisfiable: 416,
  throttled: 429,
  headersTooLarge: 431,
  signInBusy: 429,
  internal: 500,
} as const satisfies Record<ErrorCode, number>;

/**
 * The code for a status that a library (the router, @fastify/static, the body parser, Node's HTTP
 * parser) raises for a client's mistake; any other 4xx answers as a plain bad request.
 */
const CLIENT_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'badRequest',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  405: 'methodNotAllowed',
  408: 'requestTimeout',
  412: 'preconditionFailed',
  413: 'payloadTooLarge',
  414: 'uriTooLong',
  415: 'unsupportedMediaType',
  416: 'rangeNotSatisfiable',
  429: 'throttled',
  431: 'headersTooLarge',
};

/** The error code a client's mistake with this status answers with (400 badRequest for the rest). */
export function codeForClientStatus(status: number): ErrorCode {
  return CLIENT_STATUS[status] ?? 'badRequest';
}

/** Headers a library's error may carry to the client (416 says how long the file is). */
const PASSED_HEADERS = ['content-range', 'allow', 'retry-after'];

export interface AppErrorOptions {
  /** The i18n key of the reason; `errors.<code>` when absent. */
  messageKey?: string;
  params?: Record<string, string | number>;
  /** Amounts in a reason, written as the reader's language writes money. */
  money?: Record<string, { cents: number; currency: string }>;
  /** Words in a reason, by their i18n key, written in the reader's language (a status named, not its code). */
  texts?: Record<string, string>;
  field?: string;
  /** Extra response headers (Retry-After). */
  headers?: Record<string, string>;
  /** Several field problems at once (zod issues found by a service, not by the route schema). */
  issues?: readonly { path: PropertyKey[]; message: string; minimum?: unknown; maximum?: unknown }[];
}

/** The one error type services throw. The reason is translated when the response is written. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly options: AppErrorOptions = {},
  ) {
    super(code);
    this.status = STATUS[code];
  }

  toApiErrors(language: Language): ApiError[] {
    const { issues } = this.options;
    if (!issues?.length) return [this.toApiError(language)];
    return validationErrors(
      language,
      issues.map((issue) => ({
        instancePath: `/${issue.path.map(String).join('/')}`,
        message: issue.message,
        params: { minimum: issue.minimum, maximum: issue.maximum },
      })),
    );
  }

  toApiError(language: Language): ApiError {
    const { messageKey = `errors.${this.code}`, params = {}, money = {}, texts = {}, field } = this.options;
    // a date in a reason is written as the reader's language writes dates (decided by the parameter's
    // name), a number as it writes numbers, an amount as it writes money
    const worded = {
      ...formatMessageParams(params, language),
      ...Object.fromEntries(Object.entries(money).map(([name, { cents, currency }]) => [name, formatMoney(cents, currency, language)])),
      ...Object.fromEntries(Object.entries(texts).map(([name, key]) => [name, translate(language, key)])),
    };
    const reason = translate(language, messageKey, worded);
    // the reason alone: `field` names the input, and whoever shows the reason away from it labels it
    return field ? { reason, code: this.code, field } : { reason, code: this.code };
  }
}

function validationErrors(
  language: Language,
  issues: { instancePath: string; message?: string; params: Record<string, unknown> }[],
): ApiError[] {
  return issues.map((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const key = issue.message?.startsWith('validation.') ? issue.message : 'validation.unknown';
    const params: Record<string, string | number> = {};
    for (const name of ['minimum', 'maximum'] as const) {
      const value = issue.params[name];
      if (typeof value === 'number' || typeof value === 'bigint') params[name] = Number(value);
    }
    // "at most 99,99" in Croatian: the limits as the reader's language writes numbers
    const reason = translate(language, key, formatMessageParams(params, language));
    return field ? { reason, code: 'validation', field } : { reason, code: 'validation' };
  });
}

function send(reply: FastifyReply, status: number, errors: ApiError[], headers: Record<string, string> = {}) {
  return reply.code(status).headers(headers).type('application/json; charset=utf-8').send({ errors });
}

/** The body of an error answer: the envelope, as JSON text, with the reason in `language`. */
export function errorBody(code: ErrorCode, language: Language): string {
  return JSON.stringify({ errors: [new AppError(code).toApiError(language)] });
}

/**
 * Maps every failure to `{ errors: [...] }` with a fitting status; nothing leaks as a bare 500.
 * A client's mistake (any 4xx a library raises) answers with its own status and is logged without
 * a stack trace; only the server's own failures are logged as errors.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const language = request.language;
    if (error instanceof AppError) {
      return send(reply, error.status, error.toApiErrors(language), error.options.headers);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(reply, 400, validationErrors(language, error.validation));
    }
    const simple = (code: ErrorCode, headers: Record<string, string> = {}) =>
      send(reply, STATUS[code], [new AppError(code).toApiError(language)], headers);
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return simple('payloadTooLarge');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return simple('unsupportedMediaType');
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return simple('malformed');
    }
    const status = error.statusCode ?? (error as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      if (status === 400 && !('validation' in error && error.validation)) return simple('malformed');
      request.log.info({ status, code: error.code, message: error.message }, 'client error');
      return simple(codeForClientStatus(status), passedHeaders(error));
    }
    request.log.error({ err: error }, 'unhandled error');
    return simple('internal');
  });
}

function passedHeaders(error: unknown): Record<string, string> {
  const headers = (error as { headers?: Record<string, unknown> }).headers ?? {};
  const passed: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (PASSED_HEADERS.includes(name.toLowerCase()) && typeof value === 'string') passed[name] = value;
  }
  return passed;
}

/**
 * Errors the router raises before any hook runs (a malformed percent-encoding, a path parameter
 * over the length limit): the same envelope, in the language the request asks for.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const language = pickLanguage(request.headers['accept-language']);
  const code: ErrorCode = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'uriTooLong' : 'badRequest';
  request.log.info({ code: error.code }, 'client error');
  void send(reply, STATUS[code], [new AppError(code).toApiError(language)], { 'cache-control': 'no-store' });
}

/**
 * Node's HTTP parser refuses a request before Fastify sees it (headers over the size limit, a
 * request that is not HTTP): answer in the envelope (Croatian, the default language, as the
 * headers could not be read) and close the connection.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ErrorCode =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'headersTooLarge'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'requestTimeout'
        : 'badRequest';
  const status = STATUS[code];
  const body = errorBody(code, DEFAULT_LANGUAGE);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Cache-Control: no-store\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, [new AppError('routeNotFound').toApiError(request.language)]);
}

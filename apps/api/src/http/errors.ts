import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ApiError, type Language, hasText, translate } from '@faktura/shared';

/** Stable error codes and their HTTP status: the one table that decides statuses. */
const STATUS = {
  validation: 400,
  malformed: 400,
  invalidCredentials: 401,
  unauthorized: 401,
  tokenExpired: 401,
  refreshInvalid: 401,
  notFound: 404,
  routeNotFound: 404,
  addressNotFound: 404,
  companyNotFound: 404,
  lineItemNotFound: 404,
  addressInUse: 409,
  companyHasInvoices: 409,
  invoiceNotFound: 404,
  invoiceLocked: 409,
  invoiceCleared: 409,
  invoiceNotNewest: 409,
  invoiceNotIssued: 409,
  invoiceAlreadyIssued: 409,
  invoiceAlreadyCleared: 409,
  invoiceNotCleared: 409,
  billingBeforeLastIssued: 409,
  creditNoteForDraft: 409,
  creditNoteForCreditNote: 409,
  invoiceFullyCredited: 409,
  invoiceHasCreditNotes: 409,
  creditNoteLocked: 409,
  creditNoteSettledWithInvoice: 409,
  einvoiceDraft: 409,
  einvoiceOperatorOib: 409,
  issuerMissing: 409,
  emailTaken: 409,
  emailNotConfigured: 409,
  reminderNotOverdue: 409,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  throttled: 429,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof STATUS;

export interface AppErrorOptions {
  /** The i18n key of the reason; `errors.<code>` when absent. */
  messageKey?: string;
  params?: Record<string, string | number>;
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
    const { messageKey = `errors.${this.code}`, params = {}, field } = this.options;
    const reason = translate(language, messageKey, params);
    const labelled = field ? `${fieldLabel(language, field)}: ${reason}` : reason;
    return field ? { reason: labelled, code: this.code, field } : { reason, code: this.code };
  }
}

/** "contracts.0.paymentDueDays" -> the label of its last named part ("Payment due days"). */
export function fieldLabel(language: Language, field: string): string {
  const named = field.split('.').filter((part) => !/^\d+$/.test(part));
  const last = named[named.length - 1] ?? field;
  return hasText(`fields.${last}`) ? translate(language, `fields.${last}`) : last;
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
    const reason = translate(language, key, params);
    return field
      ? { reason: `${fieldLabel(language, field)}: ${reason}`, code: 'validation', field }
      : { reason, code: 'validation' };
  });
}

function send(reply: FastifyReply, status: number, errors: ApiError[], headers: Record<string, string> = {}) {
  return reply.code(status).headers(headers).type('application/json; charset=utf-8').send({ errors });
}

/** Maps every failure to `{ errors: [...] }` with a fitting status; nothing leaks as a bare 500. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const language = request.language;
    if (error instanceof AppError) {
      return send(reply, error.status, error.toApiErrors(language), error.options.headers);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(reply, 400, validationErrors(language, error.validation));
    }
    const simple = (code: ErrorCode) => send(reply, STATUS[code], [new AppError(code).toApiError(language)]);
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
    if (error.statusCode === 400 && !('validation' in error && error.validation)) return simple('malformed');
    if (error.statusCode === 413) return simple('payloadTooLarge');
    if (error.statusCode === 415) return simple('unsupportedMediaType');
    if (error.statusCode === 429) return simple('throttled');
    request.log.error({ err: error }, 'unhandled error');
    return simple('internal');
  });
}

export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, [new AppError('routeNotFound').toApiError(request.language)]);
}

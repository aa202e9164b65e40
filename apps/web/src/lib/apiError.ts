import type { ApiError, ErrorCode } from '@faktura/shared';
import { i18n } from './i18n';

/** Failures the client names itself: no answer at all, or an answer that is not our API's. */
export type ClientErrorCode = 'network' | 'unexpectedResponse';

/** One reason of a failed call: the server's (its code from the contract's list) or the client's own. */
export type CallError = Omit<ApiError, 'code'> & { code: ErrorCode | ClientErrorCode };

/**
 * A failed API call. `message` is the first reason, which the server already wrote in the
 * operator's language; `errors` keeps all of them (with `field`) for forms that mark inputs.
 * `status` is 0 when no HTTP answer arrived at all (offline, DNS, CORS, aborted proxy).
 */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly errors: CallError[];

  constructor(status: number, errors: CallError[]) {
    super(errors[0]?.reason ?? genericReason());
    this.name = 'ApiRequestError';
    this.status = status;
    this.errors = errors;
  }

  /** The first error's stable code ('invalidCredentials', 'network', ...). */
  get code(): CallError['code'] | undefined {
    return this.errors[0]?.code;
  }
}

/** The translated "something went wrong" text for failures the server did not explain. */
export function genericReason(): string {
  return i18n.t('errors.internal');
}

/** An error for a failure without a usable error body (network down, HTML error page, ...). */
export function unexplainedError(status: number, code: ErrorCode | ClientErrorCode): ApiRequestError {
  return new ApiRequestError(status, [{ reason: genericReason(), code }]);
}

/** The text to show the operator for any thrown value; only our own errors are trusted verbatim. */
export function errorReason(error: unknown): string {
  return error instanceof ApiRequestError ? error.message : genericReason();
}

/** Field-level reasons keyed by field name, for forms that show errors beside their inputs. */
export function fieldErrors(error: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (!(error instanceof ApiRequestError)) return result;
  for (const { field, reason } of error.errors) {
    if (field && !(field in result)) result[field] = reason;
  }
  return result;
}

import type { ApiError, ErrorCode } from '@faktura/shared';
import type { ParseKeys } from 'i18next';
import { i18n } from './i18n';
import { isLoadFailure } from './loadFailure';

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
  /** Seconds the server asked the client to wait (its Retry-After), when it said. */
  readonly retryAfter: number | undefined;

  constructor(status: number, errors: CallError[], retryAfter?: number) {
    super(errors[0] ? labelledReason(errors[0]) : genericReason());
    this.name = 'ApiRequestError';
    this.status = status;
    this.errors = errors;
    this.retryAfter = retryAfter;
  }

  /** The first error's stable code ('invalidCredentials', 'network', ...). */
  get code(): CallError['code'] | undefined {
    return this.errors[0]?.code;
  }
}

/** A Retry-After header in seconds (delay-seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * A reason as shown away from its input (a toast): the server sends the reason alone and names the
 * input in `field` (issue 11), so the field's label is put before it here, in the language on
 * screen: "OIB: OIB nije ispravan". "contracts.0.paymentDueDays" is labelled by its last named part.
 */
export function labelledReason({ reason, field }: Pick<CallError, 'reason' | 'field'>): string {
  if (!field) return reason;
  const named = field.split('.').filter((part) => !/^\d+$/.test(part));
  const key = `fields.${named[named.length - 1] ?? field}`;
  if (!i18n.exists(key)) return reason;
  // checked by exists(); the catalogue's key type cannot know it statically (lint reads the type looser than tsc)
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
  return `${i18n.t(key as ParseKeys)}: ${reason}`;
}

/** The translated "something went wrong" text for failures the server did not explain. */
export function genericReason(): string {
  return i18n.t('errors.internal');
}

/** An error for a failure without a usable error body (network down, HTML error page, ...). */
export function unexplainedError(status: number, code: ErrorCode | ClientErrorCode): ApiRequestError {
  return new ApiRequestError(status, [{ reason: genericReason(), code }]);
}

/**
 * The text to show the operator for any thrown value; only our own errors are trusted verbatim. A part
 * of the app that could not download (code loaded on first use) says so, and how to get past it.
 */
export function errorReason(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message;
  return isLoadFailure(error) ? i18n.t('screenLoad.part') : genericReason();
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

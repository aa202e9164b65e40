import { toNestErrors } from '@hookform/resolvers';
import { issueParams } from '@faktura/shared';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** A field error whose message is an i18n key, with the numbers the text interpolates. */
export interface KeyedFieldError extends FieldError {
  params?: Record<string, string | number>;
}

/**
 * react-hook-form resolver for the shared zod schemas. The stock zodResolver keeps only the issue's
 * message, but our messages are i18n keys whose texts need the issue's minimum/maximum ("at most
 * {{maximum}} characters"), so this one keeps them beside the key. `TValues` is what the inputs hold;
 * the schema decides what a successful submit receives.
 */
export function zodI18nResolver<TValues extends FieldValues, TOutput extends FieldValues>(
  schema: z.ZodType<TOutput>,
): Resolver<TValues, unknown, TOutput> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const flat: Record<string, KeyedFieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      // The first problem of a field is the one worth reading; the rest follow once it is fixed.
      if (path in flat) continue;
      flat[path] = {
        type: issue.code,
        message: issue.message,
        params: issueParams(issue as { minimum?: unknown; maximum?: unknown }),
      };
    }
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}

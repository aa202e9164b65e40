import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiRequestError, errorReason, labelledReason } from '../../lib/apiError';
import { SERVER_ERROR } from './useErrorText';

/**
 * Puts the reasons of an error answer under the inputs they name (400s, and e.g. a 409 `emailTaken`
 * that names the e-mail field). `fieldFor` maps the server's field
 * ("address.zip", "contracts.0.paymentDueDays") to an input shown in the form right now, or null.
 * Returns the reasons that have no input to sit under (other statuses, unknown or hidden fields),
 * which the caller shows as a toast, labelled; an empty list means every reason is visible in the form.
 * Under its input a reason is shown as it came: the server sends it without the field's label.
 */
export function placeServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldFor: (field: string) => FieldPath<T> | null,
): string[] {
  if (!(error instanceof ApiRequestError)) return [errorReason(error)];
  const leftover: string[] = [];
  let focused = false;
  for (const { field, reason } of error.errors) {
    const path = field ? fieldFor(field) : null;
    if (!path) {
      leftover.push(labelledReason({ field, reason }));
      continue;
    }
    // Focus the first marked input, so keyboard and screen-reader users land on the problem.
    setError(path, { type: SERVER_ERROR, message: reason }, { shouldFocus: !focused });
    focused = true;
  }
  return leftover;
}

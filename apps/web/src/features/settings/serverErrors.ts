import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { placeServerErrors } from '../../components/forms/serverErrors';

/** `placeServerErrors` for forms whose inputs are named exactly as the server's fields. */
export function markServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): string[] {
  return placeServerErrors(error, setError, (field) => fields.find((name) => name === field) ?? null);
}

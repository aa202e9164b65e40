import { useCallback } from 'react';
import { useFormContext, useFormState, type FieldPath, type PathValue } from 'react-hook-form';
import type { InvoiceFormValues } from './invoiceFormModel';

/**
 * Sets a value the way a user's edit would: the form becomes dirty, and once a submit has shown
 * errors the field is checked again, so a message disappears as soon as a contract fixes its date.
 */
export function useSetField() {
  const { setValue, control } = useFormContext<InvoiceFormValues>();
  const { isSubmitted } = useFormState({ control });
  return useCallback(
    <N extends FieldPath<InvoiceFormValues>>(name: N, value: PathValue<InvoiceFormValues, N>) =>
      setValue(name, value, { shouldDirty: true, shouldValidate: isSubmitted }),
    [setValue, isSubmitted],
  );
}

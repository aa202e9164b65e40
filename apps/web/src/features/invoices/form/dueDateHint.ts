import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { InvoiceFormValues } from './invoiceFormModel';

/**
 * What to say beside the due date before issuing: that the chosen due date has passed (the invoice
 * would be overdue as soon as it is issued, and the server refuses it). Undefined when there is
 * nothing to say.
 */
export function useDueDateHint(today: string): string | undefined {
  const { t } = useTranslation();
  const paymentDueDate = useWatch<InvoiceFormValues, 'paymentDueDate'>({ name: 'paymentDueDate' });
  if (paymentDueDate && paymentDueDate < today) return t('invoiceForm.dueDatePast');
  return undefined;
}

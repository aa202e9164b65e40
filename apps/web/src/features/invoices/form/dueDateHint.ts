import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractDates, dueDateNotPast } from '@faktura/shared';
import type { InvoiceFormValues } from './invoiceFormModel';

/**
 * What to say beside the due date before issuing: that the contract's own due date had passed and
 * today + its days was proposed instead, or that the chosen due date has passed (the invoice would
 * be overdue as soon as it is issued). Undefined when there is nothing to say.
 */
export function useDueDateHint(today: string): string | undefined {
  const { t } = useTranslation();
  const [contractType, contractDueDays, paymentDueDate] = useWatch<
    InvoiceFormValues,
    ['contractType', 'contractDueDays', 'paymentDueDate']
  >({ name: ['contractType', 'contractDueDays', 'paymentDueDate'] });
  if (paymentDueDate && paymentDueDate < today) return t('invoiceForm.dueDatePast');
  if (!contractType || contractDueDays === null) return undefined;
  const proposal = dueDateNotPast(contractDates(contractType, contractDueDays, today).paymentDueDate, contractDueDays, today);
  if (proposal.passed === null || proposal.paymentDueDate !== paymentDueDate) return undefined;
  return t('invoiceForm.dueDateReplaced', {
    date: proposal.passed,
    days: t('invoiceForm.days', { count: contractDueDays }),
  });
}

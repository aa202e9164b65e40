import { SimpleGrid } from '@mantine/core';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractDates, raiseToBillingDate, type NewInvoiceScreen } from '@faktura/shared';
import { currentLanguage } from '../../../lib/i18n';
import { formatDay } from '../list/format';
import { useErrorText } from '../../../components/forms/useErrorText';
import type { InvoiceFormValues } from './invoiceFormModel';
import { DateField } from './DateField';
import { useDueDateHint } from './dueDateHint';
import { useSetField } from './useSetField';

export type EarliestBillingDate = NewInvoiceScreen['earliestBillingDate'];

/**
 * Billing, delivery and due dates. Billing and delivery cannot lie in the future nor before the
 * earliest date the sequence still takes (said under the field); moving the billing date past the
 * others raises them to it (spec §4) instead of leaving an invoice that cannot be saved.
 */
export function DateFields({ today, earliest }: { today: string; earliest: EarliestBillingDate }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { text } = useErrorText();
  const { control, getValues } = useFormContext<InvoiceFormValues>();
  const setField = useSetField();
  const [billingDate, contractType, contractDueDays] = useWatch({
    control,
    name: ['billingDate', 'contractType', 'contractDueDays'],
  });
  const day = (iso: string) => formatDay(iso, language);
  const why = earliest.lastIssued
    ? t('invoiceForm.earliestLastIssued', { date: day(earliest.date), number: earliest.lastIssued.number })
    : t('invoiceForm.earliestYearLimit', { date: day(earliest.date) });
  // The contract's own date, when it had to give way to the earliest issuable one.
  const proposed =
    contractType && contractDueDays !== null
      ? contractDates(contractType, contractDueDays, today).billingDate
      : null;
  const moved =
    proposed !== null && proposed < earliest.date
      ? `${t('invoiceForm.contractDateMoved', { proposed: day(proposed) })} `
      : '';
  const dueDateHint = useDueDateHint(today);

  function changeBilling(value: string) {
    const raised = raiseToBillingDate({
      billingDate: value,
      deliveryDate: getValues('deliveryDate'),
      paymentDueDate: getValues('paymentDueDate'),
    });
    setField('billingDate', raised.billingDate);
    setField('deliveryDate', raised.deliveryDate);
    setField('paymentDueDate', raised.paymentDueDate);
  }

  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <Controller
        control={control}
        name="billingDate"
        render={({ field, fieldState }) => (
          <DateField
            inputRef={field.ref}
            label={t('fields.billingDate')}
            value={field.value}
            onChange={changeBilling}
            onBlur={field.onBlur}
            description={moved + why}
            minDate={earliest.date}
            maxDate={today}
            error={text(fieldState.error)}
          />
        )}
      />
      <Controller
        control={control}
        name="deliveryDate"
        render={({ field, fieldState }) => (
          <DateField
            inputRef={field.ref}
            label={t('fields.deliveryDate')}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            minDate={billingDate || undefined}
            maxDate={today}
            error={text(fieldState.error)}
          />
        )}
      />
      <Controller
        control={control}
        name="paymentDueDate"
        render={({ field, fieldState }) => (
          <DateField
            inputRef={field.ref}
            label={t('fields.paymentDueDate')}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            minDate={billingDate || undefined}
            description={dueDateHint}
            error={text(fieldState.error)}
          />
        )}
      />
    </SimpleGrid>
  );
}

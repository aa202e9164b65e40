import { SimpleGrid } from '@mantine/core';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { raiseToBillingDate } from '@faktura/shared';
import { useErrorText } from '../../../components/forms/useErrorText';
import type { InvoiceFormValues } from './invoiceFormModel';
import { DateField } from './DateField';
import { useDueDateHint } from './dueDateHint';
import { useSetField } from './useSetField';

/**
 * Billing, delivery and due dates. Billing and delivery cannot lie in the future; moving the billing
 * date past the others raises them to it (spec §4) instead of leaving an invoice that cannot be saved.
 */
export function DateFields({ today }: { today: string }) {
  const { t } = useTranslation();
  const { text } = useErrorText();
  const { control, getValues } = useFormContext<InvoiceFormValues>();
  const setField = useSetField();
  const billingDate = useWatch({ control, name: 'billingDate' });
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

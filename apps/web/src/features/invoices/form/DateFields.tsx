import { SimpleGrid, TextInput } from '@mantine/core';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { formatDay } from '../list/format';
import { useErrorText } from '../../../components/forms/useErrorText';
import type { InvoiceFormValues } from './invoiceFormModel';
import { DateField } from './DateField';
import { useDueDateHint } from './dueDateHint';

/**
 * The invoice's dates (decision 026): the date of issue is not picked — the invoice is dated the day
 * and time it is issued — so it is shown as today; the month of work goes in the date of supply
 * (not after today) and the optional period of supply (ending after today only for rent); the due
 * date is not before today.
 */
export function DateFields({ today }: { today: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { text } = useErrorText();
  const { control } = useFormContext<InvoiceFormValues>();
  const [contractType, periodStart] = useWatch({ control, name: ['contractType', 'servicePeriodStart'] });
  const dueDateHint = useDueDateHint(today);

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t('fields.billingDate')}
          value={t('invoiceForm.issueDateToday', { date: formatDay(today, language) })}
          description={t('invoiceForm.issueDateHelp')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          readOnly
          variant="filled"
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
              minDate={today}
              description={dueDateHint}
              error={text(fieldState.error)}
            />
          )}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Controller
          control={control}
          name="servicePeriodStart"
          render={({ field, fieldState }) => (
            <DateField
              optional
              inputRef={field.ref}
              label={t('fields.servicePeriodStart')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              maxDate={today}
              description={t('invoiceForm.servicePeriodHelp')}
              error={text(fieldState.error)}
            />
          )}
        />
        <Controller
          control={control}
          name="servicePeriodEnd"
          render={({ field, fieldState }) => (
            <DateField
              optional
              inputRef={field.ref}
              label={t('fields.servicePeriodEnd')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              minDate={periodStart || undefined}
              // rent is invoiced for the running month: only its period may end after today
              maxDate={contractType === 'RENT' ? undefined : today}
              error={text(fieldState.error)}
            />
          )}
        />
      </SimpleGrid>
    </>
  );
}

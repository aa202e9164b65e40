import { SimpleGrid, TextInput } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { formatDay } from '../list/format';
import type { InvoiceFormValues } from './invoiceFormModel';
import { FormDateField } from './DateField';
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
        <FormDateField name="deliveryDate" label={t('fields.deliveryDate')} maxDate={today} />
        <FormDateField name="paymentDueDate" label={t('fields.paymentDueDate')} minDate={today} description={dueDateHint} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <FormDateField
          optional
          name="servicePeriodStart"
          label={t('fields.servicePeriodStart')}
          maxDate={today}
          description={t('invoiceForm.servicePeriodHelp')}
        />
        <FormDateField
          optional
          name="servicePeriodEnd"
          label={t('fields.servicePeriodEnd')}
          minDate={periodStart || undefined}
          // rent is invoiced for the running month: only its period may end after today
          maxDate={contractType === 'RENT' ? undefined : today}
        />
      </SimpleGrid>
    </>
  );
}

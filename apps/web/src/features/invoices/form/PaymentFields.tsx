import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { VAT_TREATMENTS } from '@faktura/shared';
import { useErrorText } from '../../../components/forms/useErrorText';
import { invoiceCurrency, type InvoiceFormValues } from './invoiceFormModel';
import { FxRateField } from './FxRateField';
import { ReferenceFields } from './ReferenceFields';

/**
 * Internal number, payment reference, VAT treatment and, for foreign currencies, the euro rate
 * (for USD proposed from HNB's list of `today`, the invoice's date).
 * The VAT treatment follows the client until the operator picks another.
 */
export function PaymentFields({ today }: { today: string }) {
  const { t } = useTranslation();
  const { text, selectText } = useErrorText();
  const { control, register, formState } = useFormContext<InvoiceFormValues>();
  const lines = useWatch({ control, name: 'lineItems' });
  const currency = invoiceCurrency(lines);
  const vatLabel = t('fields.vatTreatment');

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label={t('fields.extraInfo')}
        error={text(formState.errors.extraInfo)}
        {...register('extraInfo')}
      />
      <ReferenceFields />
      <Controller
        control={control}
        name="vatTreatment"
        render={({ field, fieldState }) => (
          <Select
            ref={field.ref}
            label={vatLabel}
            withAsterisk
            data={VAT_TREATMENTS.map((value) => ({ value, label: t(`invoiceForm.vatTreatments.${value}`) }))}
            value={field.value}
            onChange={(value) => value && field.onChange(value)}
            onBlur={field.onBlur}
            allowDeselect={false}
            error={selectText(fieldState.error, vatLabel)}
          />
        )}
      />
      {currency === 'USD' && <FxRateField today={today} />}
      {currency === 'HRK' && (
        <TextInput
          label={t('fields.eurFxRate')}
          value={t('invoiceForm.hrkFixed')}
          readOnly
          variant="filled"
        />
      )}
    </SimpleGrid>
  );
}

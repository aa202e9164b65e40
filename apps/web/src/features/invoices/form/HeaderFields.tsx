import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS } from '@faktura/shared';
import type { InvoiceFormValues } from './invoiceFormModel';

interface HeaderFieldsProps {
  operatorName: string;
  /** The number to show: a preview on a new invoice, a placeholder text on a draft. */
  number: string;
  numberHelp?: string;
}

/**
 * Who issues and under which number: both come from the server and are not the operator's to type.
 * The payment method is the operator's choice, wire transfer unless changed (spec §4 locked it; cash
 * and card invoices are fiscalized with ZKI and JIR, decision 031, which the select then says).
 */
export function HeaderFields({ operatorName, number, numberHelp }: HeaderFieldsProps) {
  const { t } = useTranslation();
  const { control } = useFormContext<InvoiceFormValues>();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <TextInput label={t('invoiceForm.operator')} value={operatorName} readOnly variant="filled" />
      <TextInput
        label={t('invoiceForm.number')}
        value={number}
        description={numberHelp}
        // The help goes below, so the three inputs stay level.
        inputWrapperOrder={['label', 'input', 'description']}
        readOnly
        variant="filled"
      />
      <Controller
        control={control}
        name="paymentMethod"
        render={({ field }) => (
          <Select
            ref={field.ref}
            label={t('fields.paymentMethod')}
            data={PAYMENT_METHODS.map((method) => ({
              value: method,
              label: t(`invoiceForm.paymentMethods.${method}`),
            }))}
            value={field.value}
            onChange={(value) => value && field.onChange(value)}
            onBlur={field.onBlur}
            allowDeselect={false}
            description={field.value === 'CASH' || field.value === 'CARD' ? t('invoiceForm.fiscalizedPayment') : undefined}
            inputWrapperOrder={['label', 'input', 'description']}
          />
        )}
      />
    </SimpleGrid>
  );
}

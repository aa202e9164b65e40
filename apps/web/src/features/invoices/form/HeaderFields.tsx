import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS } from '@faktura/shared';

interface HeaderFieldsProps {
  operatorName: string;
  /** The number to show: a preview on a new invoice, a placeholder text on a draft. */
  number: string;
  numberHelp?: string;
}

/**
 * Who issues and under which number: both come from the server and are not the operator's to type.
 * The payment method is always wire transfer for now (spec §4), shown so the invoice reads complete.
 */
export function HeaderFields({ operatorName, number, numberHelp }: HeaderFieldsProps) {
  const { t } = useTranslation();
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
      <Select
        label={t('fields.paymentMethod')}
        data={PAYMENT_METHODS.map((method) => ({
          value: method,
          label: t(`invoiceForm.paymentMethods.${method}`),
        }))}
        value="WIRE"
        disabled
      />
    </SimpleGrid>
  );
}

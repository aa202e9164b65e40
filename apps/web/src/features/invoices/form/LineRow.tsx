import {
  ActionIcon,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Controller, useFormContext, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { currencySymbol, formatMoney, type VatTreatment } from '@faktura/shared';
import { useErrorText } from '../../../components/forms/useErrorText';
import { DecimalInput } from '../../../components/DecimalInput';
import { currentLanguage } from '../../../lib/i18n';
import { VAT_RATE_CHOICES, type InvoiceFormValues, type LineValues } from './invoiceFormModel';

interface LineRowProps {
  index: number;
  line: LineValues;
  treatment: VatTreatment;
  netCents: number;
  onRemove: () => void;
}

type AmountField = 'quantity' | 'price' | 'discountPercent';

/** One invoice line: its texts, amounts and VAT rate, the line's net amount and a remove button. */
export function LineRow({ index, line, treatment, netCents, onRemove }: LineRowProps) {
  const { t } = useTranslation();
  const { text, selectText } = useErrorText();
  const { control, register } = useFormContext<InvoiceFormValues>();
  const { errors } = useFormState({ control, name: `lineItems.${index}` });
  const lineErrors = errors.lineItems?.[index];
  const language = currentLanguage();
  const name = line.description || t('invoiceForm.lineRow', { number: index + 1 });

  // Amounts are held as typed, the way the language writes them (10,5 in Croatian, 10.5 in
  // English), and read into integer units once (parseLine).
  const amountInput = (field: AmountField, label: string, suffix: string) => (
    <DecimalInput
      label={label}
      withAsterisk={field !== 'discountPercent'}
      suffix={suffix}
      error={text(lineErrors?.[field])}
      {...register(`lineItems.${index}.${field}`)}
    />
  );

  const vatLabel = t('fields.vatRate');
  return (
    <Paper withBorder p="sm" role="group" aria-label={t('invoiceForm.lineRow', { number: index + 1 })}>
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('fields.description')}
            withAsterisk
            error={text(lineErrors?.description ?? lineErrors?.id)}
            {...register(`lineItems.${index}.description`)}
          />
          <TextInput
            label={t('fields.descriptionEn')}
            error={text(lineErrors?.descriptionEn)}
            {...register(`lineItems.${index}.descriptionEn`)}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} verticalSpacing="xs">
          {amountInput('quantity', t('fields.quantity'), t(`units.${line.unit}_short`))}
          {amountInput('price', t('fields.price'), currencySymbol(line.currency))}
          {amountInput('discountPercent', t('fields.discountPercent'), '%')}
          {treatment === 'DOMESTIC' ? (
            <Controller
              control={control}
              name={`lineItems.${index}.vatRateBp`}
              render={({ field, fieldState }) => (
                <Select
                  ref={field.ref}
                  label={vatLabel}
                  data={VAT_RATE_CHOICES.map((bp) => ({
                    value: String(bp),
                    label: t('invoiceForm.vatRateOption', { rate: bp / 100 }),
                  }))}
                  value={String(field.value)}
                  onChange={(value) => {
                    const chosen = VAT_RATE_CHOICES.find((bp) => String(bp) === value);
                    if (chosen !== undefined) field.onChange(chosen);
                  }}
                  onBlur={field.onBlur}
                  allowDeselect={false}
                  error={selectText(fieldState.error, vatLabel)}
                />
              )}
            />
          ) : (
            <div />
          )}
          <Stack gap={2}>
            <Text size="sm" fw={500} ta="right">
              {t('invoiceForm.lineTotal')}
            </Text>
            {/* Level with the inputs' boxes beside it. */}
            <Text fw={600} lh="36px" ta="right">
              {formatMoney(netCents, line.currency, language)}
            </Text>
          </Stack>
          <Group justify="flex-end" align="flex-end">
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              onClick={onRemove}
              aria-label={t('invoiceForm.removeLine', { name })}
              mb={2}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

import {
  ActionIcon,
  Group,
  NumberInput,
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
import { currentLanguage } from '../../../lib/i18n';
import { VAT_RATE_CHOICES, type InvoiceFormValues, type LineValues } from './invoiceFormModel';

interface LineRowProps {
  index: number;
  line: LineValues;
  treatment: VatTreatment;
  netCents: number;
  onRemove: () => void;
}

type NumberField = 'quantity' | 'price' | 'discountPercent';

/** Mantine passes a number being typed ("10," so far) as the text "10."; so far it is 10. */
function toNumber(value: number | string): number | undefined {
  if (value === '') return undefined;
  const number = Number(value);
  return Number.isNaN(number) ? undefined : number;
}

/** One invoice line: its texts, amounts and VAT rate, the line's net amount and a remove button. */
export function LineRow({ index, line, treatment, netCents, onRemove }: LineRowProps) {
  const { t } = useTranslation();
  const { text, selectText } = useErrorText();
  const { control, register } = useFormContext<InvoiceFormValues>();
  const { errors } = useFormState({ control, name: `lineItems.${index}` });
  const lineErrors = errors.lineItems?.[index];
  const language = currentLanguage();
  // Amounts are typed the way the language writes them: 10,5 in Croatian, 10.5 in English.
  const separators =
    language === 'hr'
      ? { decimalSeparator: ',', thousandSeparator: '.' }
      : { decimalSeparator: '.', thousandSeparator: ',' };
  const name = line.description || t('invoiceForm.lineRow', { number: index + 1 });

  const numberInput = (
    field: NumberField,
    label: string,
    options: { scale: number; fixed?: boolean; max?: number; suffix?: string },
  ) => (
    <Controller
      control={control}
      name={`lineItems.${index}.${field}`}
      render={({ field: input, fieldState }) => (
        <NumberInput
          ref={input.ref}
          label={label}
          withAsterisk={field !== 'discountPercent'}
          value={input.value ?? ''}
          onChange={(value) => input.onChange(toNumber(value))}
          onBlur={input.onBlur}
          decimalScale={options.scale}
          fixedDecimalScale={options.fixed}
          {...separators}
          min={0}
          max={options.max}
          allowNegative={false}
          hideControls
          rightSection={
            options.suffix ? (
              <Text size="sm" c="dimmed">
                {options.suffix}
              </Text>
            ) : undefined
          }
          rightSectionWidth={44}
          rightSectionPointerEvents="none"
          error={text(fieldState.error)}
        />
      )}
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
          {numberInput('quantity', t('fields.quantity'), { scale: 3, suffix: t(`units.${line.unit}_short`) })}
          {numberInput('price', t('fields.price'), {
            scale: 2,
            fixed: true,
            suffix: currencySymbol(line.currency),
          })}
          {numberInput('discountPercent', t('fields.discountPercent'), { scale: 2, max: 99.99, suffix: '%' })}
          {treatment === 'DOMESTIC' ? (
            <Controller
              control={control}
              name={`lineItems.${index}.vatRate`}
              render={({ field, fieldState }) => (
                <Select
                  ref={field.ref}
                  label={vatLabel}
                  data={VAT_RATE_CHOICES.map((rate) => ({
                    value: String(rate),
                    label: t('invoiceForm.vatRateOption', { rate }),
                  }))}
                  value={String(field.value)}
                  onChange={(value) => value !== null && field.onChange(Number(value))}
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

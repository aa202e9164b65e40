import { Group, Select, TextInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { REFERENCE_MODELS, type ReferenceModel } from '@faktura/shared';
import { useErrorText } from '../../../components/forms/useErrorText';

/** The fields both the full form and an issued invoice's edit have. */
interface ReferenceValues {
  referenceModel: ReferenceModel;
  referenceNumber: string;
}

const MODEL_OPTIONS = REFERENCE_MODELS.map((model) => ({ value: model, label: model }));

/** The payment reference ("poziv na broj"): model HR00 (no control digit) or HR01, and the number. */
export function ReferenceFields() {
  const { t } = useTranslation();
  const { text, selectText } = useErrorText();
  const { control, register, formState } = useFormContext<ReferenceValues>();
  const modelLabel = t('fields.referenceModel');
  return (
    <Group align="flex-start" wrap="nowrap" gap="xs">
      <Controller
        control={control}
        name="referenceModel"
        render={({ field, fieldState }) => (
          <Select
            ref={field.ref}
            label={modelLabel}
            data={MODEL_OPTIONS}
            value={field.value}
            onChange={(value) => value && field.onChange(value)}
            onBlur={field.onBlur}
            allowDeselect={false}
            w={110}
            error={selectText(fieldState.error, modelLabel)}
          />
        )}
      />
      <TextInput
        label={t('fields.referenceNumber')}
        inputMode="numeric"
        flex={1}
        error={text(formState.errors.referenceNumber)}
        {...register('referenceNumber')}
      />
    </Group>
  );
}

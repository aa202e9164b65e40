import { useMemo, useState } from 'react';
import { Button, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { UNITS, type LineItem } from '@faktura/shared';
import { placeServerErrors } from '../../components/forms/serverErrors';
import { useErrorText } from '../../components/forms/useErrorText';
import { zodI18nResolver } from '../../components/forms/zodI18nResolver';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { KpdSelect } from './KpdSelect';
import { saveLineItem } from './lineItemApi';
import {
  currencyOptions,
  formFieldFor,
  formValues,
  lineItemFormSchema,
  toBody,
  type LineItemDraft,
  type LineItemFormOutput,
  type LineItemFormValues,
} from './lineItemForm';
import { ActionBar } from '../../components/ActionBar';

interface LineItemFormProps {
  item?: LineItemDraft;
  requireEnglish: boolean;
  saving: boolean;
  onSavingChange: (saving: boolean) => void;
  onCancel: () => void;
  onSaved: (item: LineItem) => void;
}

/** The dialog's body. It mounts each time the dialog opens, so it starts from the given item. */
export function LineItemForm({
  item,
  requireEnglish,
  saving,
  onSavingChange,
  onCancel,
  onSaved,
}: LineItemFormProps) {
  const { t } = useTranslation();
  const { text, selectText } = useErrorText();
  const schema = useMemo(() => lineItemFormSchema(requireEnglish), [requireEnglish]);
  // Read once: the form owns the values from here on, whatever the parent re-renders with.
  const [initial] = useState(() => formValues(item));
  const { register, control, handleSubmit, setError, formState } = useForm<
    LineItemFormValues,
    unknown,
    LineItemFormOutput
  >({ defaultValues: initial, resolver: zodI18nResolver<LineItemFormValues, LineItemFormOutput>(schema) });
  const { errors } = formState;
  const currency = useWatch({ control, name: 'currencyCode' });
  const editing = item?.id !== undefined;

  async function submit(values: LineItemFormOutput) {
    onSavingChange(true);
    try {
      const saved = await saveLineItem(toBody(values), item?.id);
      notifySuccess(t(editing ? 'lineItems.updated' : 'lineItems.created', { id: saved.id }));
      onSaved(saved);
    } catch (error) {
      const leftover = placeServerErrors(error, setError, formFieldFor);
      if (leftover.length > 0) notifyFailure(t('lineItems.saveFailed'), leftover);
    } finally {
      onSavingChange(false);
    }
  }

  const unitLabel = t('fields.unit');
  const currencyLabel = t('fields.currencyCode');
  const kpdLabel = t('fields.kpdCode');
  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
      <Stack>
        <TextInput
          label={t('fields.nameHr')}
          withAsterisk
          data-autofocus
          error={text(errors.nameHr)}
          {...register('nameHr')}
        />
        <TextInput
          label={t('fields.nameEn')}
          withAsterisk={requireEnglish && currency !== 'HRK'}
          error={text(errors.nameEn)}
          {...register('nameEn')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('fields.unitPrice')}
            withAsterisk
            inputMode="decimal"
            autoComplete="off"
            error={text(errors.unitPrice)}
            {...register('unitPrice')}
          />
          <Controller
            control={control}
            name="currencyCode"
            render={({ field }) => (
              <Select
                label={currencyLabel}
                withAsterisk
                ref={field.ref}
                data={currencyOptions(initial.currencyCode)}
                value={field.value}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                allowDeselect={false}
                error={selectText(errors.currencyCode, currencyLabel)}
              />
            )}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="unit"
          render={({ field }) => (
            <Select
              label={unitLabel}
              withAsterisk
              ref={field.ref}
              data={UNITS.map((unit) => ({
                value: unit,
                label: t('lineItems.unitOption', {
                  unit: t(`units.${unit}`),
                  short: t(`units.${unit}_short`),
                }),
              }))}
              value={field.value}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              allowDeselect={false}
              error={selectText(errors.unit, unitLabel)}
            />
          )}
        />
        <Controller
          control={control}
          name="kpdCode"
          render={({ field }) => (
            <KpdSelect
              ref={field.ref}
              label={kpdLabel}
              description={t('lineItems.kpdHelp')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={selectText(errors.kpdCode, kpdLabel)}
            />
          )}
        />
        <ActionBar>
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {t('lineItems.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t(editing ? 'lineItems.submitUpdate' : 'lineItems.submitCreate')}
          </Button>
        </ActionBar>
      </Stack>
    </form>
  );
}

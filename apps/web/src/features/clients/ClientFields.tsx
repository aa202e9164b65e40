import { useId, type ReactNode } from 'react';
import { Checkbox, Group, Input, SegmentedControl, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CLIENT_KINDS, taxNumberKind } from '@faktura/shared';
import { useErrorText } from '../../components/forms/useErrorText';
import type { ClientEditableValues } from './clientForm';
import { ContractsField } from './ContractsField';

interface ClientFieldsProps {
  /** The name input (create) or the read-only name (update), given the label the client's kind asks for. */
  name: (label: string) => ReactNode;
  /** The address choice (create) or the read-only address (update). */
  address: ReactNode;
  /**
   * The client's country (null while none is chosen): it names the tax number (OIB, VAT number, tax
   * number), and only a Croatian client can be marked as not receiving e-invoices.
   */
  countryCode: string | null;
}

/**
 * The client form's layout, shared by the create and update dialogs: what differs between them
 * (name and address, editable only when creating) comes in as slots. A business or a private person
 * is asked first (decision 031): a private person is named by first and last name, their OIB is
 * optional, and they never receive e-invoices, so that mark is not offered.
 */
export function ClientFields({ name, address, countryCode }: ClientFieldsProps) {
  const { t } = useTranslation();
  const { text } = useErrorText();
  const kindLabelId = useId();
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ClientEditableValues>();
  const consumer = useWatch({ control, name: 'kind' }) === 'CONSUMER';
  const croatian = countryCode === 'HR';
  // until a country is chosen the number is asked as the OIB, a Croatian client being the usual one
  const taxKind = taxNumberKind(countryCode ?? 'HR');

  return (
    <Stack gap="sm">
      <Controller
        control={control}
        name="kind"
        render={({ field }) => (
          <Input.Wrapper
            label={t('clients.kind')}
            labelElement="div"
            id={kindLabelId}
            description={consumer ? t('clients.consumerHelp') : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            descriptionProps={{ mt: 6 }}
            error={text(errors.kind)}
          >
            <SegmentedControl
              ref={field.ref}
              aria-labelledby={`${kindLabelId}-label`}
              fullWidth
              data={CLIENT_KINDS.map((value) => ({ value, label: t(`clients.kinds.${value}`) }))}
              value={field.value}
              onChange={(value) => field.onChange(value)}
            />
          </Input.Wrapper>
        )}
      />
      <Group grow align="flex-start">
        {name(consumer ? t('clients.consumerName') : t('fields.name'))}
        <TextInput
          label={consumer ? t('clients.consumerPin') : t(`clients.taxNumber.${taxKind}`)}
          {...register('pin')}
          error={text(errors.pin)}
        />
      </Group>
      {address}
      <Group grow align="flex-start">
        <TextInput
          label={t('fields.email')}
          type="email"
          withAsterisk
          autoComplete="email"
          {...register('email')}
          error={text(errors.email)}
        />
        <TextInput
          label={t('fields.phone')}
          type="tel"
          autoComplete="tel"
          {...register('phone')}
          error={text(errors.phone)}
        />
      </Group>
      <TextInput
        label={t('fields.bankAccountNumber')}
        autoComplete="off"
        {...register('bankAccountNumber')}
        error={text(errors.bankAccountNumber)}
      />
      {croatian && !consumer && (
        <Controller
          control={control}
          name="receivesEInvoices"
          render={({ field }) => (
            <Checkbox
              ref={field.ref}
              label={t('clients.notReceivingEInvoices')}
              description={t('clients.notReceivingEInvoicesHelp')}
              checked={!field.value}
              onChange={(event) => field.onChange(!event.currentTarget.checked)}
              onBlur={field.onBlur}
              error={text(errors.receivesEInvoices)}
            />
          )}
        />
      )}
      <ContractsField />
      <Textarea
        label={t('fields.note')}
        autosize
        minRows={2}
        maxRows={6}
        {...register('note')}
        error={text(errors.note)}
      />
    </Stack>
  );
}

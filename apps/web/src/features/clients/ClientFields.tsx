import type { ReactNode } from 'react';
import { Checkbox, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../components/forms/useErrorText';
import type { ClientEditableValues } from './clientForm';
import { ContractsField } from './ContractsField';

interface ClientFieldsProps {
  /** The name input (create) or the read-only name (update). */
  name: ReactNode;
  /** The address choice (create) or the read-only address (update). */
  address: ReactNode;
  /** A Croatian client: only one can be marked as not receiving e-invoices. */
  croatian: boolean;
}

/**
 * The client form's layout, shared by the create and update dialogs: what differs between them
 * (name and address, editable only when creating) comes in as slots.
 */
export function ClientFields({ name, address, croatian }: ClientFieldsProps) {
  const { t } = useTranslation();
  const { text } = useErrorText();
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ClientEditableValues>();

  return (
    <Stack gap="sm">
      <Group grow align="flex-start">
        {name}
        <TextInput label={t('fields.pin')} {...register('pin')} error={text(errors.pin)} />
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
      {croatian && (
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

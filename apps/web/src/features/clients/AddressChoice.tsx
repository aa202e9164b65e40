import { useMemo } from 'react';
import { Checkbox, Fieldset, Select, Stack } from '@mantine/core';
import { type Control, Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../components/forms/useErrorText';
// Clients are built on addresses: the new-client dialog reuses the address book's inputs and list.
import { AddressFields, addressLine, useAddresses } from '../addresses';
import type { ClientCreateValues } from './clientForm';

/** The country of the new client's address (typed in, or picked from the address book), or null while there is none. */
export function useChosenCountry<T>(control: Control<ClientCreateValues, unknown, T>): string | null {
  const [useExisting, countryCode, addressId] = useWatch({ control, name: ['useExistingAddress', 'address.countryCode', 'addressId'] });
  const { data } = useAddresses();
  if (!useExisting) return countryCode || null;
  return data?.find((address) => String(address.id) === addressId)?.countryCode ?? null;
}

/** The new client's address: picked from the address book, or typed in as a new one. */
export function AddressChoice() {
  const { t } = useTranslation();
  const { control } = useFormContext<ClientCreateValues>();
  const useExisting = useWatch({ control, name: 'useExistingAddress' });
  return (
    <Fieldset legend={t('fields.address')} variant="filled">
      <Stack gap="sm">
        <Controller
          control={control}
          name="useExistingAddress"
          render={({ field }) => (
            <Checkbox
              ref={field.ref}
              label={t('clients.useExistingAddress')}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
            />
          )}
        />
        {useExisting ? <ExistingAddressSelect /> : <AddressFields />}
      </Stack>
    </Fieldset>
  );
}

function ExistingAddressSelect() {
  const { t } = useTranslation();
  const { selectText } = useErrorText();
  const { control } = useFormContext<ClientCreateValues>();
  const { data, isLoading } = useAddresses();
  const options = useMemo(
    () => (data ?? []).map((address) => ({ value: String(address.id), label: addressLine(address) })),
    [data],
  );
  return (
    <Controller
      control={control}
      name="addressId"
      render={({ field, fieldState }) => (
        <Select
          ref={field.ref}
          label={t('fields.addressId')}
          withAsterisk
          searchable
          data={options}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          disabled={isLoading}
          nothingFoundMessage={t('clients.noAddressMatch')}
          error={selectText(fieldState.error, t('fields.addressId'))}
        />
      )}
    />
  );
}

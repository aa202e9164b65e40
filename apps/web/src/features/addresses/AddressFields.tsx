import { Group, Stack, TextInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Address } from '@faktura/shared';
import { CountrySelect } from '../../components/CountrySelect';
import { useErrorText } from '../../components/forms/useErrorText';

/** What the address inputs hold while editing (strings; the contract schema trims and nulls them). */
export interface AddressFieldValues {
  address1: string;
  address2: string;
  city: string;
  zip: string;
  state: string;
  countryCode: string;
}

export const ADDRESS_FIELDS = ['address1', 'address2', 'city', 'zip', 'state', 'countryCode'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

export const isAddressField = (field: string): field is AddressField =>
  (ADDRESS_FIELDS as readonly string[]).includes(field);

export const EMPTY_ADDRESS: AddressFieldValues = {
  address1: '',
  address2: '',
  city: '',
  zip: '',
  state: '',
  countryCode: '',
};

export function addressFieldValues(address: Address): AddressFieldValues {
  return {
    address1: address.address1,
    address2: address.address2 ?? '',
    city: address.city,
    zip: address.zip,
    state: address.state ?? '',
    countryCode: address.countryCode,
  };
}

/**
 * The inputs of one address, under `address.*` of the surrounding form (the address dialog and the
 * new-client dialog both keep it there, so server fields like "address.zip" map one to one).
 */
export function AddressFields() {
  const { t } = useTranslation();
  const { text, selectText } = useErrorText();
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<{ address: AddressFieldValues }>();
  const fieldErrors = errors.address;

  return (
    <Stack gap="sm">
      <TextInput
        label={t('fields.address1')}
        withAsterisk
        autoComplete="address-line1"
        {...register('address.address1')}
        error={text(fieldErrors?.address1)}
      />
      <TextInput
        label={t('fields.address2')}
        autoComplete="address-line2"
        {...register('address.address2')}
        error={text(fieldErrors?.address2)}
      />
      <Group grow align="flex-start">
        <TextInput
          label={t('fields.zip')}
          withAsterisk
          autoComplete="postal-code"
          {...register('address.zip')}
          error={text(fieldErrors?.zip)}
        />
        <TextInput
          label={t('fields.city')}
          withAsterisk
          autoComplete="address-level2"
          {...register('address.city')}
          error={text(fieldErrors?.city)}
        />
      </Group>
      <Group grow align="flex-start">
        <TextInput
          label={t('fields.state')}
          autoComplete="address-level1"
          {...register('address.state')}
          error={text(fieldErrors?.state)}
        />
        <Controller
          control={control}
          name="address.countryCode"
          render={({ field, fieldState }) => (
            <CountrySelect
              ref={field.ref}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              withAsterisk
              error={selectText(fieldState.error, t('fields.countryCode'))}
            />
          )}
        />
      </Group>
    </Stack>
  );
}

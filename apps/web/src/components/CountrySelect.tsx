import { forwardRef, useMemo } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n';
import { countryFilter, countryOptions } from './countryOptions';

export interface CountrySelectProps extends Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'searchable' | 'filter'
> {
  /** The ISO code ("HR"); an empty string means none chosen yet. */
  value: string | null | undefined;
  onChange: (code: string) => void;
}

/** A searchable country picker that shows names in the UI language and gives back the ISO code. */
export const CountrySelect = forwardRef<HTMLInputElement, CountrySelectProps>(function CountrySelect(
  { value, onChange, label, ...rest },
  ref,
) {
  const { t } = useTranslation();
  // useTranslation re-renders on a language switch, so the names follow it.
  const language = currentLanguage();
  const data = useMemo(() => countryOptions(language), [language]);
  return (
    <Select
      ref={ref}
      label={label ?? t('fields.countryCode')}
      data={data}
      value={value ? value : null}
      onChange={(code) => onChange(code ?? '')}
      searchable
      filter={countryFilter}
      nothingFoundMessage={t('country.noMatch')}
      maxDropdownHeight={280}
      {...rest}
    />
  );
});

import { forwardRef, useState } from 'react';
import { Select, type ComboboxItem, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { type KpdMatch, endpoints } from '@faktura/shared';
import { useApi } from '../../lib/api';
import { currentLanguage } from '../../lib/i18n';

/** How long typing must pause before the picker asks the server. */
export const KPD_SEARCH_DELAY_MS = 250;

export interface KpdSelectProps extends Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'searchable' | 'filter' | 'searchValue' | 'onSearchChange'
> {
  /** A KPD 2025 code (`62.20.20`) or null for none. */
  value: string | null;
  onChange: (code: string | null) => void;
}

/**
 * A searchable KPD 2025 picker: type a code ("62.20") or words of the name ("savjetovanje softver",
 * accents optional) and choose "62.20.20 — Usluge savjetovanja o sustavima i softveru". The server
 * finds the matches in the UI language, named in the request (`lang`), so a switch asks anew.
 */
export const KpdSelect = forwardRef<HTMLInputElement, KpdSelectProps>(function KpdSelect(
  { value, onChange, ...rest },
  ref,
) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), KPD_SEARCH_DELAY_MS);

  // A code picked from the results is named already; one the form started with is looked up.
  // (in the language it was found in: after a switch the name is asked for again, `lang` being in the key)
  const [picked, setPicked] = useState<{ match: KpdMatch; language: string } | null>(null);
  const known = picked !== null && picked.match.code === value && picked.language === i18n.language;
  // The API searches the list (decision 007); the web never downloads all of it.
  // The chosen code's own entry, to show its name before anything is searched:
  const chosen = useApi(endpoints.kpd.search, value && !known ? { query: { q: value, limit: 1, lang: language } } : null);
  const label = (match: KpdMatch) => t('lineItems.kpdOption', { code: match.code, name: match.name });
  const chosenMatch = known ? picked.match : chosen.data?.find((match) => match.code === value);
  const chosenLabel = value ? (chosenMatch ? label(chosenMatch) : value) : '';

  // After a choice the input shows the chosen label; that is not something to search for.
  const asking = query !== '' && query !== chosenLabel.trim();
  const found = useApi(endpoints.kpd.search, asking ? { query: { q: query, lang: language } } : null, { keepPreviousData: true });

  const data: ComboboxItem[] = (asking ? (found.data ?? []) : []).map((match) => ({
    value: match.code,
    label: label(match),
  }));
  // Mantine shows a value only while it is among the options.
  if (value && !data.some((option) => option.value === value)) data.unshift({ value, label: chosenLabel });

  let nothingFound: string;
  if (!asking) nothingFound = t('lineItems.kpdTypeToSearch');
  else if (found.error) nothingFound = t('lineItems.kpdSearchFailed');
  else if (found.isLoading || query !== search.trim()) nothingFound = t('lineItems.kpdSearching');
  else nothingFound = t('lineItems.kpdNothingFound');

  return (
    <Select
      ref={ref}
      data={data}
      value={value}
      onChange={(code) => {
        const match = found.data?.find((candidate) => candidate.code === code);
        setPicked(match ? { match, language: i18n.language } : null);
        onChange(code);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already chosen the matches, accents aside; Mantine's own filter would not.
      filter={({ options }) => options}
      nothingFoundMessage={nothingFound}
      placeholder={t('lineItems.kpdPlaceholder')}
      clearable
      maxDropdownHeight={300}
      comboboxProps={{ withinPortal: true }}
      {...rest}
    />
  );
});

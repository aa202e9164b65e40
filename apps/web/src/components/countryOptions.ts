import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import { countryCodes, countryName } from '@faktura/shared';

const cache = new Map<string, ComboboxItem[]>();

/** Every country as "Hrvatska (HR)", sorted by name the way the language sorts (Č after C). */
export function countryOptions(language: string): ComboboxItem[] {
  let options = cache.get(language);
  if (!options) {
    const collator = new Intl.Collator(language);
    options = countryCodes()
      .map((code) => ({ code, name: countryName(code, language) }))
      .sort((a, b) => collator.compare(a.name, b.name))
      .map(({ code, name }) => ({ value: code, label: `${name} (${code})` }));
    cache.set(language, options);
  }
  return options;
}

/** Lower case without diacritics, so "njemacka" finds "Njemačka" and "dibuti" finds "Džibuti". */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/đ/gi, 'd')
    .toLowerCase();
}

const isItem = (option: ComboboxParsedItem): option is ComboboxItem => 'value' in option;

/** Matches the typed text anywhere in the name or code, ignoring case and diacritics. */
export const countryFilter: OptionsFilter = ({ options, search }) => {
  const query = foldForSearch(search.trim());
  return options.filter((option) => isItem(option) && foldForSearch(option.label).includes(query));
};

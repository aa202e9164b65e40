import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import { countryCodes, countryName, foldForSearch, rankCountries } from '@faktura/shared';

export { foldForSearch };

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

const isItem = (option: ComboboxParsedItem): option is ComboboxItem => 'value' in option;

/** "Austrija (AT)" → "Austrija": the name as the user's language spells it. */
const nameOf = (option: ComboboxItem) => option.label.slice(0, -(option.value.length + 3));

/**
 * Matches the typed text anywhere in the name or code, ignoring case and diacritics, and lists the
 * best matches first (shared `rankCountries`): "Austr" offers Austrija before Australija.
 */
export const countryFilter: OptionsFilter = ({ options, search }) => {
  const query = foldForSearch(search.trim());
  const matching = options
    .filter(isItem)
    .filter((option) => foldForSearch(option.label).includes(query))
    .map((option) => ({ option, code: option.value, name: nameOf(option) }));
  return rankCountries(search, matching).map(({ option }) => option);
};

import { EU_COUNTRIES } from './country';

/** Lower case without diacritics, so "njemacka" finds "Njemačka" and "dibuti" finds "Džibuti". */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/đ/gi, 'd')
    .toLowerCase();
}

/**
 * How well a country matches what was typed, lower is better: 0 when the text is its ISO code
 * ("de" is Germany before Denmark), 1 when its name in the user's language starts with the text,
 * 2 when a later word of the name or the code starts with it, 3 otherwise (somewhere inside).
 * Diacritics and case are ignored, as are brackets typed around a code ("(AT)").
 */
export function countryMatchTier(search: string, code: string, name: string): number {
  const query = foldForSearch(search).replace(/[()]/g, '').trim();
  if (query === '') return 0;
  const folded = foldForSearch(name);
  const foldedCode = code.toLowerCase();
  if (foldedCode === query) return 0;
  if (folded.startsWith(query)) return 1;
  if (folded.split(/[\s-]+/).some((word) => word.startsWith(query)) || foldedCode.startsWith(query)) return 2;
  return 3;
}

/**
 * Orders matching countries for a search: the better match first (see `countryMatchTier`), then EU
 * members before the rest (a Croatian business invoices Austria far more often than Australia), then
 * the order they came in (alphabetical in the user's language). "Austr" lists Austrija before
 * Australija.
 */
export function rankCountries<T extends { code: string; name: string }>(search: string, countries: readonly T[]): T[] {
  return countries
    .map((country, index) => ({
      country,
      index,
      tier: countryMatchTier(search, country.code, country.name),
      eu: EU_COUNTRIES.has(country.code) ? 0 : 1,
    }))
    .sort((a, b) => a.tier - b.tier || a.eu - b.eu || a.index - b.index)
    .map(({ country }) => country);
}

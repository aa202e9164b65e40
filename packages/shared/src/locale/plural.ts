import type { Language } from '../i18n/types';
import { localeOf } from './dates';

// Made on first use, one per language: building an Intl object loads its locale's data.
const rules: Partial<Record<Language, Intl.PluralRules>> = {};

/**
 * The plural form a count takes in a language, as i18next names it (`one`, `few`, `other`):
 * Croatian 1, 21, 101 → one ("1 dan"); 2–4, 22–24 → few ("2 dana"); 5–20, 25 … → other ("5 dana").
 */
export function pluralCategory(count: number, language: Language): Intl.LDMLPluralRule {
  return (rules[language] ??= new Intl.PluralRules(localeOf(language))).select(count);
}

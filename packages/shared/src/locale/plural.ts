import type { Language } from '../i18n/types';
import { localeOf } from './dates';

const rules = { hr: new Intl.PluralRules(localeOf('hr')), en: new Intl.PluralRules(localeOf('en')) };

/**
 * The plural form a count takes in a language, as i18next names it (`one`, `few`, `other`):
 * Croatian 1, 21, 101 → one ("1 dan"); 2–4, 22–24 → few ("2 dana"); 5–20, 25 … → other ("5 dana").
 */
export function pluralCategory(count: number, language: Language): Intl.LDMLPluralRule {
  return rules[language].select(count);
}

import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@faktura/shared';

// The remembered language, apart from i18next: the boot script (src/boot.ts) reads it too, before any of the app has loaded.

/** Where the operator's language choice is remembered between visits. */
export const LANGUAGE_STORAGE_KEY = 'faktura.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The remembered choice, or Croatian. Storage can throw (privacy modes), which must not stop the app. */
export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

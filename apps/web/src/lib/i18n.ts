import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { catalogues, DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@faktura/shared';

/** Where the operator's language choice is remembered between visits. */
export const LANGUAGE_STORAGE_KEY = 'faktura.language';

function isLanguage(value: unknown): value is Language {
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

/** The language the screens are shown in right now (also sent to the API as Accept-Language). */
export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

/** Switches the screens and remembers the choice; only an explicit choice is stored. */
export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered, but the switch itself still works for this visit.
  }
  await i18n.changeLanguage(language);
}

// Screen readers and the browser's hyphenation/spell-check read <html lang>, so it follows the UI.
i18n.on('languageChanged', (language: string) => {
  document.documentElement.lang = language;
});

// The catalogues are bundled, so initialisation is synchronous: the first render already has texts.
void i18n.use(initReactI18next).init({
  resources: {
    hr: { translation: catalogues.hr },
    en: { translation: catalogues.en },
  },
  lng: storedLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  // React escapes output already; escaping twice would show &amp; and friends.
  interpolation: { escapeValue: false },
  returnNull: false,
});

document.documentElement.lang = currentLanguage();

export { i18n };

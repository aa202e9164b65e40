import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Catalogue, type Language } from '@faktura/shared';

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

/**
 * Switches the screens and remembers the choice; only an explicit choice is stored. The new
 * language's catalogue is downloaded first and only then does anything switch: a catalogue that cannot
 * come (no connection) leaves the language, the screens and the stored choice as they were, and the
 * returned promise rejects (the switch says so), so no screen ever shows keys instead of texts.
 */
export async function setLanguage(language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', await catalogueLoaders[language](), true, true);
  }
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered, but the switch itself still works for this visit.
  }
  await i18n.changeLanguage(language);
}

/**
 * Each catalogue is a chunk of its own (about 30 KiB compressed): a visit loads only the language it
 * shows, the other one when the operator switches to it.
 */
const catalogueLoaders: Record<Language, () => Promise<Catalogue>> = {
  hr: () => import('@faktura/shared/i18n/hr').then((module) => module.hr),
  en: () => import('@faktura/shared/i18n/en').then((module) => module.en),
};

// Screen readers and the browser's hyphenation/spell-check read <html lang>, so it follows the UI.
i18n.on('languageChanged', (language: string) => {
  document.documentElement.lang = language;
});

/**
 * Resolves once the first language's texts are in: main.tsx renders nothing before, so the first
 * render already has its texts and <html lang>.
 */
export const i18nReady: Promise<void> = i18n
  .use(resourcesToBackend((language: string) => (isLanguage(language) ? catalogueLoaders[language]() : Promise.reject(new Error(`no catalogue for ${language}`)))))
  .use(initReactI18next)
  .init({
    lng: storedLanguage(),
    // Both catalogues have the same keys (checked by their types), so there is nothing to fall back
    // to, and a fallback language would only load a second catalogue on every visit.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    // React escapes output already; escaping twice would show &amp; and friends.
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  .then(() => {
    document.documentElement.lang = currentLanguage();
  });

export { i18n };

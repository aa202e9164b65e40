import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@faktura/shared';
import { LANGUAGE_STORAGE_KEY, isLanguage, storedLanguage } from './language';

export { LANGUAGE_STORAGE_KEY, storedLanguage } from './language';

/** The language stored for this visit, which the app starts in. */
const startLanguage = storedLanguage();

/**
 * The language the screens are shown in right now (also sent to the API as Accept-Language); while
 * the first texts still load, the one the app starts in.
 */
export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : startLanguage;
}

/**
 * Each language's texts come in two parts, each a chunk of its own (`first.ts` and `rest.ts` in
 * packages/shared/src/i18n/hr and /en): the first part (the shell, sign-in, errors and form
 * messages, the invoice list and the dashboard; ~6 KiB compressed) loads with the app; the rest
 * (every other screen and dialog) loads with the code of the first screen or dialog that needs it
 * (components/lazy.tsx). A visit loads only the language it shows; the other one when the operator
 * switches to it.
 */
type Texts = Record<string, unknown>;
const textLoaders: Record<Language, { first: () => Promise<Texts>; rest: () => Promise<Texts> }> = {
  hr: {
    first: () => import('@faktura/shared/i18n/hr/first').then((module) => module.hrFirst),
    rest: () => import('@faktura/shared/i18n/hr/rest').then((module) => module.hrRest),
  },
  en: {
    first: () => import('@faktura/shared/i18n/en/first').then((module) => module.enFirst),
    rest: () => import('@faktura/shared/i18n/en/rest').then((module) => module.enRest),
  },
};

/** Whether a screen or dialog beyond the first ones has been opened: a language switch then brings the rest too. */
let restWanted = false;
const restLoads = new Map<Language, Promise<void>>();

/** The rest of a language's texts, downloaded once; a failed download is forgotten, so the next call tries again. */
function loadRest(language: Language): Promise<void> {
  let load = restLoads.get(language);
  if (!load) {
    load = textLoaders[language].rest().then((texts) => {
      i18n.addResourceBundle(language, 'translation', texts, true, false);
    });
    restLoads.set(language, load);
    load.catch(() => restLoads.delete(language));
  }
  return load;
}

/**
 * The texts of every screen and dialog in the language shown; every on-demand screen and dialog
 * but the first ones waits for these beside its code (components/lazy.tsx). Rejects when they cannot
 * download, as the code would.
 */
export function loadScreenTexts(): Promise<void> {
  restWanted = true;
  return loadRest(shownLanguage());
}

/**
 * The language shown, or about to be while the app starts (main.tsx asks for the first screen's code
 * and texts before i18next has even begun loading).
 */
function shownLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : startLanguage;
}

/**
 * A text asked for that is not in (yet): a screen that forgot to load the rest of the texts gets
 * them, and every screen re-renders with them, instead of showing keys for good; said on the console
 * so that the journeys fail on it (e2e/support.ts). A call with a default value expects misses.
 */
function onMissingText(key: string, options: { defaultValue?: unknown } | undefined): void {
  if (options?.defaultValue !== undefined) return;
  const language = shownLanguage();
  console.error(`Faktura: no text for "${key}" in ${language}`);
  if (restLoads.has(language)) return;
  loadScreenTexts().then(
    () => i18n.changeLanguage(language),
    () => undefined,
  );
}

/**
 * Switches the screens and remembers the choice; only an explicit choice is stored. The new
 * language's texts (and, once a later screen was opened, the rest of them) are downloaded first and
 * only then does anything switch: texts that cannot come (no connection) leave the language, the
 * screens and the stored choice as they were, and the returned promise rejects (the switch says so),
 * so no screen ever shows keys instead of texts.
 */
export async function setLanguage(language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', await textLoaders[language].first(), true, false);
  }
  if (restWanted) await loadRest(language);
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

/**
 * Resolves once the first language's texts are in: main.tsx renders nothing before, so the first
 * render already has its texts and <html lang>.
 */
export const i18nReady: Promise<void> = i18n
  .use(resourcesToBackend((language: string) => (isLanguage(language) ? textLoaders[language].first() : Promise.reject(new Error(`no texts for ${language}`)))))
  .use(initReactI18next)
  .init({
    lng: startLanguage,
    // Both catalogues have the same keys (checked by their types), so there is nothing to fall back
    // to, and a fallback language would only load a second catalogue on every visit.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    // React escapes output already; escaping twice would show &amp; and friends.
    interpolation: { escapeValue: false },
    returnNull: false,
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key, _fallback, _update, options) => onMissingText(key, options as { defaultValue?: unknown } | undefined),
  })
  .then(() => {
    document.documentElement.lang = currentLanguage();
  });

export { i18n };

import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from './i18n';

/** A fresh copy of the i18n module, as on a new visit to the app, once its texts are in (as main.tsx waits). */
async function freshVisit() {
  vi.resetModules();
  const module = await import('./i18n');
  await module.i18nReady;
  return module;
}

describe('language on a new visit', () => {
  afterEach(() => {
    document.documentElement.lang = 'hr';
  });

  it('starts in Croatian when nothing was chosen', async () => {
    const { currentLanguage } = await freshVisit();
    expect(currentLanguage()).toBe('hr');
    expect(document.documentElement.lang).toBe('hr');
  });

  it('starts in the language chosen on an earlier visit', async () => {
    const earlier = await freshVisit();
    await earlier.setLanguage('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');

    const { currentLanguage, i18n } = await freshVisit();
    expect(currentLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('nav.invoices')).toBe('Invoices');
  });

  it('ignores a stored value that is not a language of the app', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    const { currentLanguage } = await freshVisit();
    expect(currentLanguage()).toBe('hr');
  });
});

describe('the texts of later screens', () => {
  afterEach(() => {
    document.documentElement.lang = 'hr';
    vi.restoreAllMocks();
  });

  it('come when asked for; a language switch afterwards brings that language\'s too', async () => {
    const { i18n, loadScreenTexts, setLanguage } = await freshVisit();
    // a fresh visit has only the first texts of its language
    for (const language of ['hr', 'en']) i18n.removeResourceBundle(language, 'translation');
    await setLanguage('hr');
    expect(i18n.exists('settings.title')).toBe(false);
    expect(i18n.t('nav.invoices')).toBe('Računi');

    await loadScreenTexts();
    expect(i18n.t('settings.title')).toBe('Postavke');
    await setLanguage('en');
    expect(i18n.t('settings.title')).toBe('Settings');
    expect(i18n.t('nav.invoices')).toBe('Invoices');
  });

  it('a text asked for before it came is said on the console, and the texts then come and re-render the screen', async () => {
    const { i18n, setLanguage } = await freshVisit();
    for (const language of ['hr', 'en']) i18n.removeResourceBundle(language, 'translation');
    await setLanguage('hr');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const rerendered = new Promise((resolve) => i18n.on('languageChanged', resolve));

    expect(i18n.t('settings.title')).toBe('settings.title');
    expect(errors).toHaveBeenCalledWith('Faktura: no text for "settings.title" in hr');
    await rerendered;
    expect(i18n.t('settings.title')).toBe('Postavke');
    // a miss with a default value is expected, and said nowhere
    errors.mockClear();
    expect(i18n.t('fields.noSuchField', { defaultValue: 'noSuchField' })).toBe('noSuchField');
    expect(errors).not.toHaveBeenCalled();
  });
});

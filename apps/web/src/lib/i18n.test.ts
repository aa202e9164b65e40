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

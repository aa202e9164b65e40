import { describe, expect, it } from 'vitest';
import { catalogues, pickLanguage, translate } from './index';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keys(v as object, `${prefix}${k}.`),
  );
}

describe('i18n', () => {
  it('has the same keys in Croatian and English, none empty', () => {
    expect(keys(catalogues.en).sort()).toEqual(keys(catalogues.hr).sort());
    for (const key of keys(catalogues.hr)) {
      expect(translate('hr', key).trim(), key).not.toBe('');
      expect(translate('en', key).trim(), key).not.toBe('');
    }
  });
  it('picks Croatian by default and honours Accept-Language preferences', () => {
    expect(pickLanguage(undefined)).toBe('hr');
    expect(pickLanguage('de-DE,de;q=0.9')).toBe('hr');
    expect(pickLanguage('en-US,en;q=0.9')).toBe('en');
    expect(pickLanguage('de;q=1, en;q=0.5, hr;q=0.8')).toBe('hr');
    expect(pickLanguage('hr;q=0, en')).toBe('en');
  });
  it('interpolates parameters and falls back to the key', () => {
    expect(translate('hr', 'validation.minLength', { minimum: 4 })).toBe('Najmanji broj znakova: 4');
    expect(translate('en', 'errors.throttled', { minutes: 3 })).toBe('Too many failed sign-ins. Try again in 3 min.');
    expect(translate('en', 'no.such.key')).toBe('no.such.key');
  });
});

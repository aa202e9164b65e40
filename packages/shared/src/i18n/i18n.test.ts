import { describe, expect, it } from 'vitest';
import { catalogues, pickLanguage, translate } from './index';
import { hrFirst } from './hr/first';
import { hrRest } from './hr/rest';
import { enFirst } from './en/first';
import { enRest } from './en/rest';

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
  it('comes in two parts per language that share no area, so loading one never overwrites the other', () => {
    for (const [first, rest, whole] of [
      [hrFirst, hrRest, catalogues.hr],
      [enFirst, enRest, catalogues.en],
    ] as const) {
      const shared = Object.keys(first).filter((area) => area in rest);
      expect(shared).toEqual([]);
      expect(keys(first).length + keys(rest).length).toBe(keys(whole).length);
    }
    // the first screens' row actions are in the first part
    expect(keys(hrFirst)).toContain('invoices.previewAria');
    expect(keys(hrRest)).toContain('email.send.title');
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

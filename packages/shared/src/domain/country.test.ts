import { describe, expect, it } from 'vitest';
import { countryName } from '../locale/countries';
import { countryCodes, isCountryCode } from './country';

describe('countries', () => {
  it('lists the ISO 3166 codes and not CLDR groupings', () => {
    const codes = countryCodes();
    expect(codes.length).toBeGreaterThan(240);
    for (const code of ['HR', 'DE', 'US', 'SI', 'BA', 'RS', 'XK']) expect(isCountryCode(code), code).toBe(true);
    for (const code of ['EU', 'UN', 'ZZ', 'YU', 'XX']) expect(isCountryCode(code), code).toBe(false);
  });
  it('names countries in the UI language', () => {
    expect(countryName('HR', 'hr')).toBe('Hrvatska');
    expect(countryName('DE', 'hr')).toBe('Njemačka');
    expect(countryName('HR', 'en')).toBe('Croatia');
  });
});

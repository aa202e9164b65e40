import { describe, expect, it } from 'vitest';
import { countryName } from '../locale/countries';
import { countryCodes } from './country';
import { countryMatchTier, foldForSearch, rankCountries } from './countrySearch';

const ranked = (search: string, language: string) => {
  const query = foldForSearch(search);
  const all = countryCodes().map((code) => ({ code, name: countryName(code, language) }));
  const matching = all.filter((c) => foldForSearch(`${c.name} (${c.code})`).includes(query));
  return rankCountries(search, matching).map((c) => c.code);
};

describe('country search ranking', () => {
  it('puts Austria before Australia for "Austr" in both languages (EU first on an equal match)', () => {
    expect(ranked('Austr', 'hr').slice(0, 2)).toEqual(['AT', 'AU']);
    expect(ranked('austr', 'en').slice(0, 2)).toEqual(['AT', 'AU']);
  });

  it('ranks a name that starts with the text before one that only contains it', () => {
    // "Slo": Slovenija and Slovačka (EU) start with it; nothing else may come before them.
    const hr = ranked('slo', 'hr');
    expect(hr.slice(0, 2).sort()).toEqual(['SI', 'SK']);
    // Guinea and Guinea-Bissau start with it; Equatorial Guinea and Papua New Guinea only have it later.
    expect(ranked('guinea', 'en')).toEqual(['GN', 'GW', 'GQ', 'PG']);
  });

  it('puts the country whose ISO code was typed first', () => {
    expect(ranked('at', 'en')[0]).toBe('AT');
    expect(ranked('de', 'hr')[0]).toBe('DE');
    expect(ranked('(HR)', 'hr')).toEqual(['HR']);
  });

  it('tiers: the code typed, then the start of the name, then a later word, then anywhere inside', () => {
    expect(countryMatchTier('us', 'US', 'Sjedinjene Američke Države')).toBe(0);
    expect(countryMatchTier('Austr', 'AT', 'Austrija')).toBe(1);
    expect(countryMatchTier('ame', 'US', 'Sjedinjene Američke Države')).toBe(2);
    expect(countryMatchTier('stri', 'AT', 'Austrija')).toBe(3);
  });
});

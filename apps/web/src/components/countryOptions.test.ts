import { describe, expect, it } from 'vitest';
import type { ComboboxItem } from '@mantine/core';
import { countryFilter, countryOptions } from './countryOptions';

const labels = (language: string) => countryOptions(language).map((option) => option.label);

describe('country options', () => {
  it('names countries in the language and sorts them the way that language does', () => {
    const hr = labels('hr');
    expect(hr).toContain('Hrvatska (HR)');
    expect(hr).toContain('Njemačka (DE)');
    // Croatian sorts Č after C: Čile comes after Crna Gora, not among the Ch... names.
    expect(hr.indexOf('Čile (CL)')).toBeGreaterThan(hr.indexOf('Crna Gora (ME)'));
    expect(labels('en')).toContain('Germany (DE)');
    expect(countryOptions('hr').every((option) => /^[A-Z]{2}$/.test(option.value))).toBe(true);
  });

  it('finds a country without its diacritics and by code', () => {
    const options = countryOptions('hr');
    const find = (search: string) =>
      (countryFilter({ options, search, limit: Infinity }) as ComboboxItem[]).map((option) => option.value);
    expect(find('njemacka')).toEqual(['DE']);
    expect(find('NJEMAČKA')).toEqual(['DE']);
    expect(find('(HR)')).toEqual(['HR']);
  });
});

describe('country search order', () => {
  const find = (language: string, search: string) =>
    (countryFilter({ options: countryOptions(language), search, limit: Infinity }) as ComboboxItem[]).map(
      (option) => option.label,
    );

  it('offers Austria before Australia for "Austr" in both languages', () => {
    expect(find('hr', 'Austr').slice(0, 2)).toEqual(['Austrija (AT)', 'Australija (AU)']);
    expect(find('en', 'Austr').slice(0, 2)).toEqual(['Austria (AT)', 'Australia (AU)']);
  });

  it('offers the country whose code was typed first', () => {
    expect(find('en', 'de')[0]).toBe('Germany (DE)');
    expect(find('hr', 'at')[0]).toBe('Austrija (AT)');
  });
});

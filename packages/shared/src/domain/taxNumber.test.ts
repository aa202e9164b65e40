import { describe, expect, it } from 'vitest';
import { EU_COUNTRIES } from './country';
import { normalizeTaxNumber, taxNumberKind, taxNumberProblem } from './taxNumber';

describe('taxNumberKind', () => {
  it('is the OIB in Croatia and for any private person, the VAT number in the EU, a tax number elsewhere', () => {
    expect(taxNumberKind('HR')).toBe('OIB');
    expect(taxNumberKind('AT', 'CONSUMER')).toBe('OIB');
    expect(taxNumberKind('AT')).toBe('VAT');
    expect(taxNumberKind('GR')).toBe('VAT');
    expect(taxNumberKind('US')).toBe('TAX');
    expect(taxNumberKind('CH')).toBe('TAX');
  });
});

describe('EU VAT numbers', () => {
  it('are stored upper case, compact and with their prefix', () => {
    expect(normalizeTaxNumber('AT', ' u 1358-5627 ')).toBe('ATU13585627');
    expect(normalizeTaxNumber('AT', 'atu13585627')).toBe('ATU13585627');
    expect(normalizeTaxNumber('GR', '094259216')).toBe('EL094259216');
    expect(normalizeTaxNumber('DE', 'DE 811 907 980')).toBe('DE811907980');
    // outside the EU and in Croatia the number stays as typed
    expect(normalizeTaxNumber('CH', ' CHE-123.456.789 MWST ')).toBe('CHE-123.456.789 MWST');
    expect(normalizeTaxNumber('HR', '12345678903')).toBe('12345678903');
  });

  it.each([
    ['AT', 'ATU13585627'],
    ['AT', 'U13585627'],
    ['BE', '0417497106'],
    ['BE', 'BE1000000000'],
    ['DE', 'DE811907980'],
    ['GR', 'EL094259216'],
    ['ES', 'ESA12345674'],
    ['ES', 'ES12345678Z'],
    ['FR', 'FR40303265045'],
    ['IE', 'IE6388047V'],
    ['IE', 'IE1234567WA'],
    ['NL', 'NL004495445B01'],
    ['RO', 'RO18547290'],
    ['SE', 'SE556188840401'],
    ['CY', 'CY10259033P'],
  ])('accept %s %s', (country, value) => {
    expect(taxNumberProblem(country, value)).toBeNull();
  });

  it.each([
    ['AT', '13585627', 'ATU99999999'],
    ['AT', 'DE811907980', 'ATU99999999'],
    ['DE', '81190798', 'DE999999999'],
    ['ES', 'ES123456789', 'ESX9999999X'],
    ['NL', 'NL004495445', 'NL999999999B99'],
    ['GR', 'GR094259216', 'EL999999999'],
    ['SE', 'SE556188840402', 'SE999999999901'],
  ])('refuse %s %s, naming the form %s', (country, value, format) => {
    expect(taxNumberProblem(country, value)).toEqual({ messageKey: 'validation.euVatFormat', params: { country, format } });
  });

  it('has a rule for every member state but Croatia, and none for anyone else', () => {
    for (const country of EU_COUNTRIES) {
      if (country !== 'HR') expect(taxNumberProblem(country, 'X'), country).not.toBeNull();
    }
    expect(taxNumberProblem('HR', 'X')).toBeNull();
    expect(taxNumberProblem('US', 'X')).toBeNull();
    expect(taxNumberProblem('AT', 'X', 'CONSUMER')).toBeNull();
    expect(taxNumberProblem('AT', '')).toBeNull();
    expect(taxNumberProblem('AT', null)).toBeNull();
  });
});

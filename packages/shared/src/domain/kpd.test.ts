import { describe, expect, it } from 'vitest';
import { foldText, isValidKpdCode, KPD_SEARCH_MAX, KPD_SOURCE, kpdName, searchKpd } from './kpd';
import data from './kpd2025.json';
import { KPD_2025_CODES } from './kpdCodes';

describe('the KPD 2025 list', () => {
  it('holds the 3359 six-digit codes of DZS, the same as the codes-only list, sorted and unique', () => {
    const codes = data.entries.map((entry) => entry[0]);
    expect(codes).toHaveLength(3359);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual(codes);
    expect(KPD_2025_CODES.trim().split(' ')).toEqual(codes.map((code) => code?.replace(/\./g, '')));
    expect(KPD_SOURCE).toMatch(/^Državni zavod za statistiku, KPD 2025/);
  });
});

describe('isValidKpdCode', () => {
  it('accepts six-digit codes of the list, written NN.NN.NN', () => {
    for (const code of ['01.11.11', '62.20.20', '62.10.11', '99.00.00']) expect(isValidKpdCode(code), code).toBe(true);
  });
  it('refuses other levels, other spellings and codes that are not in the list', () => {
    for (const code of ['62', '62.20', '62.20.2', '622020', '62-20-20', ' 62.20.20', '62.20.20.1', '62.20.99', '00.00.00', '']) {
      expect(isValidKpdCode(code), code).toBe(false);
    }
  });
});

describe('kpdName', () => {
  it('names a code in Croatian or English', () => {
    expect(kpdName('62.20.20', 'hr')).toBe('Usluge savjetovanja o sustavima i softveru');
    expect(kpdName('62.20.20', 'en')).toBe('Systems and software consultancy services');
  });
  it('answers null for a code outside the list', () => {
    expect(kpdName('62.20.99', 'hr')).toBeNull();
    expect(kpdName('62', 'en')).toBeNull();
  });
});

describe('searchKpd', () => {
  it('finds by code prefix, with or without the dots, in code order', () => {
    const byDots = searchKpd('62.20', 'hr', 50).map((match) => match.code);
    expect(byDots.length).toBeGreaterThan(0);
    expect(byDots.every((code) => code.startsWith('62.20.'))).toBe(true);
    expect([...byDots].sort()).toEqual(byDots);
    expect(searchKpd('6220', 'hr', 50).map((match) => match.code)).toEqual(byDots);
    expect(searchKpd('62.20.20', 'en')).toEqual([
      { code: '62.20.20', name: 'Systems and software consultancy services' },
    ]);
  });

  it('finds words in the name whatever the accents and case, every word counting', () => {
    const plain = searchKpd('savjetovanja kibernetick', 'hr');
    expect(searchKpd('SAVJETOVANJA kibernetičk', 'hr')).toEqual(plain);
    expect(plain).toEqual([{ code: '62.20.50', name: 'Usluge savjetovanja o kibernetičkoj sigurnosti' }]);
    // đ has no Unicode decomposition and is folded by hand
    expect(foldText('Građevinski RADOVI, čćšž')).toBe('gradevinski radovi, ccsz');
    expect(searchKpd('gradevinski', 'hr').length).toBeGreaterThan(0);
    expect(searchKpd('gradevinski', 'hr')).toEqual(searchKpd('građevinski', 'hr'));
  });

  it('finds words of the levels above a code, after the codes whose own name has them', () => {
    // "Računalno programiranje" names division 62; its six-digit codes say "razvoj aplikacija"
    const found = searchKpd('racunalno programiranje', 'hr', 50).map((match) => match.code);
    expect(found).toContain('62.10.11');
    expect(found.every((code) => code.startsWith('62.'))).toBe(true);
    const software = searchKpd('softver', 'hr', 50);
    const ownName = software.findIndex((match) => !foldText(match.name).includes('softver'));
    const lastOwn = software.map((match) => foldText(match.name).includes('softver')).lastIndexOf(true);
    expect(ownName === -1 || ownName > lastOwn).toBe(true);
  });

  it('searches the names of the language asked for', () => {
    expect(searchKpd('software consultancy', 'en').map((match) => match.code)).toContain('62.20.20');
    expect(searchKpd('software consultancy', 'hr')).toEqual([]);
    expect(searchKpd('savjetovanja softveru', 'hr').map((match) => match.code)).toContain('62.20.20');
  });

  it('mixes a code prefix with words', () => {
    const found = searchKpd('62 savjetovanja', 'hr', 50);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((match) => match.code.startsWith('62.') && foldText(match.name).includes('savjetovanja'))).toBe(true);
  });

  it('ranks names where a word starts with the query before names that only contain it', () => {
    const found = searchKpd('vod', 'hr', 50);
    const first = found[0];
    expect(first && foldText(first.name)).toMatch(/(^|[^a-z])vod/);
  });

  it('keeps to the limit, at most 50, and finds nothing for a blank query or an unknown word', () => {
    expect(searchKpd('01', 'hr', 5)).toHaveLength(5);
    expect(searchKpd('01', 'hr', 1000)).toHaveLength(KPD_SEARCH_MAX);
    expect(searchKpd('   ', 'hr')).toEqual([]);
    expect(searchKpd('', 'en')).toEqual([]);
    expect(searchKpd('xyzzyqq', 'hr')).toEqual([]);
  });
});

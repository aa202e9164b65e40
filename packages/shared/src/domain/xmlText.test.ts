import { describe, expect, it } from 'vitest';
import { isXmlText, replaceNonXmlChars } from './xmlText';

describe('XML 1.0 characters', () => {
  it('accepts tab, line feed, carriage return and every other allowed range', () => {
    expect(isXmlText('Održavanje\t<web> & "API"\r\n')).toBe(true);
    expect(isXmlText('\u0020\uD7FF\uE000\uFFFD')).toBe(true);
    expect(isXmlText('emoji \u{1F600} and the last plane \u{10FFFF}')).toBe(true);
    expect(isXmlText('')).toBe(true);
  });

  it.each([
    ['NUL', '\u0000'],
    ['U+0001', '\u0001'],
    ['U+001F', '\u001F'],
    ['U+FFFE', '\uFFFE'],
    ['U+FFFF', '\uFFFF'],
    ['a lone high surrogate', '\uD83D'],
    ['a lone low surrogate', '\uDE00'],
  ])('refuses %s', (_name, character) => {
    expect(isXmlText(`ab${character}cd`)).toBe(false);
    expect(replaceNonXmlChars(`ab${character}cd`)).toBe('ab\uFFFDcd');
  });

  it('replaces each bad character once and keeps surrogate pairs whole', () => {
    expect(replaceNonXmlChars('\u0000a\u0001\u{1F600}\uFFFF', '?')).toBe('?a?\u{1F600}?');
  });
});

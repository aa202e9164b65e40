import { describe, expect, it } from 'vitest';
import { translate } from '../i18n';
import { pluralCategory } from './plural';

describe("Croatian one/few/other, English one/other (issue 12)", () => {
  it('picks the form a count takes', () => {
    expect([1, 2, 4, 5, 11, 12, 21, 22, 25, 101].map((n) => pluralCategory(n, 'hr'))).toEqual([
      'one', 'few', 'few', 'other', 'other', 'other', 'one', 'few', 'other', 'one',
    ]);
    expect([0, 1, 2, 5].map((n) => pluralCategory(n, 'en'))).toEqual(['other', 'one', 'other', 'other']);
  });

  it("the server's translate uses the forms: never 'within 1 days'", () => {
    const terms = (count: number, language: 'hr' | 'en') =>
      translate(language, 'print.notes.paymentTerms', { count, date: 'X' });
    expect(terms(1, 'en')).toBe('Settlement is due within 1 day after the billing date, by X.');
    expect(terms(30, 'en')).toBe('Settlement is due within 30 days after the billing date, by X.');
    expect(terms(1, 'hr')).toBe('Plaćanje u roku od 1 dana od datuma računa, najkasnije X');
    expect(terms(21, 'hr')).toBe('Plaćanje u roku od 21 dana od datuma računa, najkasnije X');
    expect(translate('hr', 'invoiceForm.days', { count: 1 })).toBe('1 dan');
    expect(translate('hr', 'invoiceForm.days', { count: 3 })).toBe('3 dana');
    expect(translate('hr', 'invoiceForm.days', { count: 15 })).toBe('15 dana');
    expect(translate('en', 'invoiceForm.days', { count: 1 })).toBe('1 day');
  });
});

describe('every count in the catalogues has its plural forms', () => {
  it('no text interpolates {{count}} outside a key_one / _few / _other family', async () => {
    const { catalogues } = await import('../i18n');
    const leaves = (tree: unknown, prefix = ''): [string, string][] =>
      Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) =>
        typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
      );
    for (const language of ['hr', 'en'] as const) {
      const all = new Map(leaves(catalogues[language]));
      for (const [key, text] of all) {
        if (!text.includes('{{count}}')) continue;
        const base = key.replace(/_(one|few|other)$/, '');
        expect(base, `${language} ${key}`).not.toBe(key);
        for (const form of ['one', 'few', 'other']) expect(all.has(`${base}_${form}`), `${language} ${base}_${form}`).toBe(true);
      }
    }
  });

  it('names the invoices a client has in the right form', () => {
    expect(translate('hr', 'errors.companyHasInvoices', { count: 1 })).toBe('Klijenta nije moguće obrisati jer ima 1 račun');
    expect(translate('hr', 'errors.companyHasInvoices', { count: 3 })).toBe('Klijenta nije moguće obrisati jer ima 3 računa');
    expect(translate('en', 'errors.companyHasInvoices', { count: 1 })).toBe('The client cannot be deleted because it has 1 invoice');
  });
});

import { hr } from './hr';
import { en } from './en';
import { pluralCategory } from '../locale/plural';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './types';

export * from './types';

/**
 * The catalogues: one i18next namespace ("translation") per language, assembled from one file per
 * area (common: server and forms; web: shell; records: clients and addresses; settings; invoices: list and dashboard;
 * invoiceForm: new and edit pages; print: the printed invoice; preview: the print preview dialog).
 * Each language is also a module of its own (`hr/index.ts`, `en/index.ts`), in two parts the web app loads
 * apart (`first.ts`: the first screens' texts; `rest.ts`: every other screen's).
 */
export const catalogues = { hr, en } as const;

export type Catalogue = (typeof catalogues)['hr'];

/** Picks hr or en from an Accept-Language header or a stored choice; Croatian by default. */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.trim().toLowerCase().slice(0, 2), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.q > 0 && (LANGUAGES as readonly string[]).includes(entry.lang))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (ranked[0]?.lang as Language | undefined) ?? DEFAULT_LANGUAGE;
}

function lookup(tree: unknown, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** True when the key names a text in the catalogues. */
export function hasText(key: string): boolean {
  return lookup(catalogues.hr, key) !== undefined;
}

/** A key's text in one catalogue; with a numeric `count`, its plural form (`key_one`, `_few`, `_other`), as i18next picks them. */
function lookupIn(language: Language, key: string, count: unknown): string | undefined {
  if (typeof count === 'number') {
    const plural = lookup(catalogues[language], `${key}_${pluralCategory(count, language)}`) ?? lookup(catalogues[language], `${key}_other`);
    if (plural !== undefined) return plural;
  }
  return lookup(catalogues[language], key);
}

/**
 * Translates a key outside React (API error reasons, printouts), with i18next's {{name}}
 * interpolation and plural forms (a numeric `count` picks `key_one` / `_few` / `_other` by the
 * language's rules). Falls back to English, then to the key itself.
 */
export function translate(
  language: Language,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const text = lookupIn(language, key, params.count) ?? lookupIn('en', key, params.count) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}

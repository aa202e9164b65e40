import { common as hrCommon } from './hr/common';
import { web as hrWeb } from './hr/web';
import { records as hrRecords } from './hr/records';
import { settings as hrSettings } from './hr/settings';
import { invoices as hrInvoices } from './hr/invoices';
import { invoiceForm as hrInvoiceForm } from './hr/invoiceForm';
import { print as hrPrint } from './hr/print';
import { preview as hrPreview } from './hr/preview';
import { email as hrEmail } from './hr/email';
import { common as enCommon } from './en/common';
import { web as enWeb } from './en/web';
import { records as enRecords } from './en/records';
import { settings as enSettings } from './en/settings';
import { invoices as enInvoices } from './en/invoices';
import { invoiceForm as enInvoiceForm } from './en/invoiceForm';
import { print as enPrint } from './en/print';
import { preview as enPreview } from './en/preview';
import { email as enEmail } from './en/email';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './types';

export * from './types';

/**
 * The catalogues: one i18next namespace ("translation") per language, assembled from one file per
 * area (common: server and forms; web: shell; records: clients and addresses; settings; invoices: list and dashboard;
 * invoiceForm: new and edit pages; print: the printed invoice; preview: the print preview dialog).
 */
export const catalogues = {
  hr: { ...hrCommon, ...hrWeb, ...hrRecords, ...hrSettings, ...hrInvoices, ...hrInvoiceForm, ...hrPrint, ...hrPreview, ...hrEmail },
  en: { ...enCommon, ...enWeb, ...enRecords, ...enSettings, ...enInvoices, ...enInvoiceForm, ...enPrint, ...enPreview, ...enEmail },
} as const;

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

/**
 * Translates a key outside React (API error reasons, printouts), with i18next's {{name}}
 * interpolation. Falls back to English, then to the key itself.
 */
export function translate(
  language: Language,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const text = lookup(catalogues[language], key) ?? lookup(catalogues.en, key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}

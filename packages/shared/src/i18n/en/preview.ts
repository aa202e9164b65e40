import type { CatalogueOf } from '../types';
import type { preview as hr } from '../hr/preview';

/** English texts of the print preview dialog. */
export const preview: CatalogueOf<typeof hr> = {
  preview: {
    open: 'Preview and print',
    title: 'Invoice preview',
    titleNumber: 'Preview of invoice {{number}}',
    titleCreditNote: 'Preview of credit note {{number}}',
    titleDraft: 'Preview of draft invoice',
    language: 'Invoice language',
    languages: { hr: 'Croatian', en: 'English' },
    print: 'Print',
    download: 'Download PDF',
    downloadFailed: 'PDF not downloaded',
    downloadXml: 'Download e-invoice (XML)',
    downloadXmlFailed: 'E-invoice not downloaded',
    close: 'Close preview',
    loading: 'Loading the invoice…',
    loadFailed: 'The invoice cannot be shown',
    retry: 'Try again',
    sheet: {
      lines: 'Invoice lines',
    },
  },
};

import 'i18next';
import type { Catalogue } from '@faktura/shared';

// Typed keys: t('nav.invoices') compiles, a misspelt key does not.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}

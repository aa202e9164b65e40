import type { CatalogueOf } from '../types';
import type { settings as hr } from '../hr/settings';

export const settings: CatalogueOf<typeof hr> = {
  settings: { title: 'Settings' },
  lineItems: { title: 'Line items' },
  joppd: { title: 'JOPPD number' },
};

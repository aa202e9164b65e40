import { common } from './common';
import { web } from './web';
import { invoices } from './invoices';

/**
 * The English texts every visit loads first: the shell, sign-in, errors and form messages, the invoice
 * list and the dashboard (`@faktura/shared/i18n/en/first`). Every other screen and dialog loads
 * `./rest` with its code (apps/web/src/lib/i18n.ts); the two share no top-level area.
 */
export const enFirst = { ...common, ...web, ...invoices } as const;

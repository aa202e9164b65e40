import { common } from './common';
import { web } from './web';
import { records } from './records';
import { settings } from './settings';
import { invoices } from './invoices';
import { invoiceForm } from './invoiceForm';
import { print } from './print';
import { preview } from './preview';
import { audit } from './audit';
import { email } from './email';

/**
 * The English catalogue, one module of its own so the web app loads only the language it shows
 * (`@faktura/shared/i18n/en`).
 */
export const en = { ...common, ...web, ...records, ...settings, ...invoices, ...invoiceForm, ...print, ...preview, ...audit, ...email } as const;

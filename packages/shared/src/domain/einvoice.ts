import { isValidOib } from './oib';

/**
 * Whether a client receives invoices as Croatian e-invoices (Fiscalization Act, from 2026): a
 * Croatian business identified by its OIB, which is also its electronic address (scheme 9934).
 * Foreign clients and clients without an OIB still get an EN 16931 UBL on request.
 */
export function isEInvoiceRecipient(client: { countryCode: string; pin: string | null }): boolean {
  if (client.countryCode !== 'HR' || !client.pin) return false;
  return isValidOib(client.pin.replace(/^HR/i, ''));
}

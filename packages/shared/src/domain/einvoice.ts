import { isValidOib } from './oib';

/**
 * Whether a client receives invoices as Croatian e-invoices (Fiscalization Act, from 2026): a
 * Croatian business identified by its OIB, which is also its electronic address (scheme 9934).
 * Foreign clients and clients without an OIB still get an EN 16931 UBL on request. A private person
 * (`kind` CONSUMER) never does, OIB or not: their invoices are fiscalized with ZKI and JIR (decision
 * 031). A client without a kind (a snapshot taken before kinds existed) is a business.
 */
export function isEInvoiceRecipient(client: { countryCode: string; pin: string | null; kind?: 'BUSINESS' | 'CONSUMER' | undefined }): boolean {
  if (client.kind === 'CONSUMER') return false;
  if (client.countryCode !== 'HR' || !client.pin) return false;
  return isValidOib(client.pin.replace(/^HR/i, ''));
}

import { z } from 'zod';

/**
 * Every error `code` the API can answer with, a closed list: clients may switch on them. The API's
 * one code→status table (apps/api/src/http/errors.ts) has exactly these keys (checked by its type
 * and by a test), and each has its reason `errors.<code>` in both catalogues.
 */
export const ERROR_CODES = [
  'validation',
  'malformed',
  'badRequest',
  'invalidCredentials',
  'unauthorized',
  'tokenExpired',
  'refreshInvalid',
  'crossSite',
  'forbidden',
  'notFound',
  'routeNotFound',
  'methodNotAllowed',
  'requestTimeout',
  'addressNotFound',
  'companyNotFound',
  'lineItemNotFound',
  'addressInUse',
  'companyHasInvoices',
  'invoiceNotFound',
  'invoiceLocked',
  'invoiceCleared',
  'invoiceNotNewest',
  'invoiceNotIssued',
  'invoiceAlreadyIssued',
  'invoiceAlreadyCleared',
  'invoiceNotCleared',
  'billingDateNotToday',
  'creditNoteForDraft',
  'creditNoteForCreditNote',
  'invoiceFullyCredited',
  'invoiceHasCreditNotes',
  'creditNoteLocked',
  'creditNoteSettledWithInvoice',
  'einvoiceDraft',
  'einvoiceOperatorOib',
  'issuerMissing',
  'emailTaken',
  'preconditionFailed',
  'idempotencyKeyInvalid',
  'idempotencyKeyReused',
  'idempotencyInProgress',
  'emailNotConfigured',
  'reminderNotOverdue',
  'payloadTooLarge',
  'uriTooLong',
  'unsupportedMediaType',
  'rangeNotSatisfiable',
  'throttled',
  'headersTooLarge',
  'signInBusy',
  'internal',
] as const;

export const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = (typeof ERROR_CODES)[number];

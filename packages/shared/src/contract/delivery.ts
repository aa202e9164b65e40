import { z } from 'zod';
import { isValidOib } from '../domain/oib';
import { envelope } from './common';
// the reason types of a rejection, either way (TS-F2 ch. 5): one list, the inbox's
import { rejectionTypeSchema } from './inboxRejection';

/**
 * Delivery of e-invoices through the user's information intermediary (issue 32): Faktura hands the
 * issued document's UBL to the intermediary's API, which delivers it over the national exchange
 * (access points, ZoF čl. 37) and, when the user has chosen so, fiscalizes it.
 * - `provider`: which intermediary's API (one adapter each); `MOJ_ERACUN` first.
 * - `baseUrl`: the API's address (live `https://www.moj-eracun.hr`, demo `https://demo.moj-eracun.hr`,
 *   or a user's own test setup); `trustedCaPem`: PEM certificates trusted instead of the system's CAs.
 * - `username`, `password`, `companyId` (the sender's OIB), `companyBu` (business unit, only when
 *   registered with the intermediary), `softwareId` (what the intermediary assigned to this software).
 *   The password is stored encrypted and never answered: `passwordSet` says whether one is stored;
 *   left out of a save, the stored one stays.
 * - `autoSend`: every e-invoice (and credit note) is sent as it is issued.
 */
export const DELIVERY_PROVIDERS = ['MOJ_ERACUN'] as const;
export const deliveryProviderSchema = z.enum(DELIVERY_PROVIDERS);
export type DeliveryProvider = z.infer<typeof deliveryProviderSchema>;

/** The intermediary's published addresses (moj-eRačun API v2 manual: live and demo). */
export const DELIVERY_DEFAULT_URLS = {
  MOJ_ERACUN: { live: 'https://www.moj-eracun.hr', demo: 'https://demo.moj-eracun.hr' },
} as const satisfies Record<DeliveryProvider, { live: string; demo: string }>;

const httpsBaseUrl = z
  .string()
  .trim()
  .max(500)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && !url.username && !url.password && !url.search && !url.hash;
    } catch {
      return false;
    }
  }, { error: 'validation.httpsUrl' })
  .transform((value) => value.replace(/\/+$/, ''));

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;
/** A credential sent as JSON text: no control characters (tabs, line breaks, NUL). */
const hasControl = (value: string) => [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
const credential = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => value.trim().length > 0, { error: 'validation.required' })
    .refine((value) => !hasControl(value), { error: 'validation.controlChar' });

export const deliverySettingsInputSchema = z.object({
  provider: deliveryProviderSchema,
  baseUrl: httpsBaseUrl,
  username: credential(200).transform((value) => value.trim()),
  /** Left out (or empty): the stored password stays; the first save needs one. */
  password: z
    .string()
    .max(200)
    .refine((value) => !hasControl(value), { error: 'validation.controlChar' })
    .optional()
    .transform((value) => (value ? value : undefined)),
  companyId: z
    .string()
    .trim()
    .min(1)
    .transform((value) => value.replace(/^HR/i, ''))
    .refine(isValidOib, { error: 'validation.oib' }),
  companyBu: z
    .string()
    .trim()
    .max(100)
    .refine((value) => !hasControl(value), { error: 'validation.controlChar' })
    .nullish()
    .transform((value) => (value ? value : null)),
  softwareId: credential(100).transform((value) => value.trim()),
  autoSend: z.boolean(),
  trustedCaPem: z
    .string()
    .trim()
    .max(200_000)
    .refine((value) => value === '' || PEM_CERTIFICATE.test(value), { error: 'validation.pemCertificate' })
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type DeliverySettingsInput = z.input<typeof deliverySettingsInputSchema>;

export const deliverySettingsSchema = z.object({
  /** Saved with a password: sending can be tried. */
  configured: z.boolean(),
  provider: deliveryProviderSchema,
  baseUrl: z.string().nullable(),
  username: z.string().nullable(),
  /** Never the password itself. */
  passwordSet: z.boolean(),
  companyId: z.string().nullable(),
  companyBu: z.string().nullable(),
  softwareId: z.string().nullable(),
  autoSend: z.boolean(),
  trustedCaPem: z.string().nullable(),
  defaults: z.object({ live: z.string(), demo: z.string() }),
  updatedAt: z.string().nullable(),
});
export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;
export const deliverySettingsResponse = envelope(deliverySettingsSchema);

/**
 * "Test connection": the intermediary's ping, then a call that needs the credentials (the outbox
 * query). `problem` names what failed: `unreachable` (no answer: address, network, timeout),
 * `tls` (its certificate is not trusted), `credentials` (it refused the user, password, OIB or
 * software id), `unexpected` (an answer that is not the API's). `reason` says it in the request's
 * language, `detail` is the intermediary's own words when it gave any.
 */
export const DELIVERY_TEST_PROBLEMS = ['unreachable', 'tls', 'credentials', 'unexpected'] as const;
export const deliveryTestResultSchema = z.object({
  ok: z.boolean(),
  reachable: z.boolean(),
  authenticated: z.boolean(),
  problem: z.enum(DELIVERY_TEST_PROBLEMS).nullable(),
  reason: z.string(),
  detail: z.string().nullable(),
});
export type DeliveryTestResult = z.infer<typeof deliveryTestResultSchema>;
export const deliveryTestResponse = envelope(deliveryTestResultSchema);

/**
 * Where an issued document stands with the intermediary (issue 32):
 * `NOT_SENT` (never handed over), `PENDING` (to be handed over: the intermediary could not be
 * reached, tried again by the outbox), `SENT` (the intermediary took it and gave it an id),
 * `DELIVERED` (the buyer's side has it), `REJECTED` (the buyer's side or the exchange refused it,
 * `error` says why), `FAILED` (the intermediary refused to take it, `error` in its own words).
 */
export const DELIVERY_STATUSES = ['NOT_SENT', 'PENDING', 'SENT', 'DELIVERED', 'REJECTED', 'FAILED'] as const;
export const deliveryStatusSchema = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;
/**
 * What the list filters delivery by: a status, NOT_FISCALIZED (the intermediary reports the
 * fiscalization failed) or BUYER_REJECTED (the buyer rejected it, issue 47).
 */
export const DELIVERY_FILTERS = [...DELIVERY_STATUSES, 'NOT_FISCALIZED', 'BUYER_REJECTED'] as const;
export const deliveryFilterSchema = z.enum(DELIVERY_FILTERS);
export type DeliveryFilter = z.infer<typeof deliveryFilterSchema>;


/** A buyer's rejection of an issued e-invoice (issue 47). */
export const buyerRejectionSchema = z.object({
  at: z.string(),
  type: rejectionTypeSchema.nullable(),
  reason: z.string().nullable(),
});
export type BuyerRejection = z.infer<typeof buyerRejectionSchema>;

export const invoiceDeliverySchema = z.object({
  status: deliveryStatusSchema,
  /** The intermediary's id of the document (moj-eRačun's ElectronicId). */
  providerDocumentId: z.string().nullable(),
  /** When the status last changed (ISO). */
  at: z.string().nullable(),
  /** Why it was refused or rejected, or what stopped the last attempt, in the intermediary's words. */
  error: z.string().nullable(),
  /** The intermediary's own status (e.g. `40 Dostavljen`). */
  providerStatus: z.string().nullable(),
  /** Whether the intermediary reports it fiscalized (null: it has not said, or is still trying). */
  fiscalized: z.boolean().nullable(),
  /** Why the Tax Administration refused it, as the intermediary passes it on (when `fiscalized` is false). */
  fiscalizationError: z.string().nullable(),
  /**
   * The buyer has no address in the address book: the intermediary did not deliver it as an e-invoice
   * but reported the supply to the Tax Administration; send the invoice to the buyer by e-mail.
   */
  eReported: z.boolean(),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
});
export type InvoiceDelivery = z.infer<typeof invoiceDeliverySchema>;
export const invoiceDeliveryResponse = envelope(invoiceDeliverySchema);
export const NOT_SENT_DELIVERY: InvoiceDelivery = {
  status: 'NOT_SENT', providerDocumentId: null, at: null, error: null, providerStatus: null, fiscalized: null, fiscalizationError: null, eReported: false, attempts: 0, nextAttemptAt: null,
};

/** POST /api/v1/invoice/{id}/einvoice/send: a document already handed over goes again only with `resend`. */
export const deliverySendInputSchema = z.object({ resend: z.boolean().optional() }).default({});

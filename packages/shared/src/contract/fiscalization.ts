import { z } from 'zod';
import { envelope } from './common';

/**
 * Fiscalization settings (issue 29): whether and how Faktura fiscalizes e-invoices with the Tax
 * Administration, with which certificate, against which service.
 * - `mode`: `SELF` — Faktura signs and sends with the user's own certificate; `INTERMEDIARY` — the
 *   user's information intermediary fiscalizes on their behalf, Faktura sends nothing; `OFF` — not
 *   fiscalized by Faktura (the user does it elsewhere, or need not yet).
 * - `environment`: the Tax Administration's `TEST` (demo certificate) or `PRODUCTION` service; their
 *   official addresses are the defaults, each replaceable (`endpoints`).
 * - `certificate`: the PKCS#12 file (.p12/.pfx) as base64 and its password. Left out, the stored one
 *   stays. The private key is stored encrypted and never leaves the server; only what identifies the
 *   certificate is answered.
 * - `trustedCaPem`: PEM certificates trusted instead of FINA's bundle for the TLS connection and the
 *   answers' signatures (a user's own test setup; the tests' service double). Null: FINA's.
 */
export const FISCAL_MODES = ['SELF', 'INTERMEDIARY', 'OFF'] as const;
export const FISCAL_ENVIRONMENTS = ['TEST', 'PRODUCTION'] as const;
export const fiscalModeSchema = z.enum(FISCAL_MODES);
export const fiscalEnvironmentSchema = z.enum(FISCAL_ENVIRONMENTS);
export type FiscalMode = z.infer<typeof fiscalModeSchema>;
export type FiscalEnvironment = z.infer<typeof fiscalEnvironmentSchema>;

const httpsUrl = z
  .string()
  .trim()
  .max(500)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && !url.username && !url.password;
    } catch {
      return false;
    }
  }, { error: 'validation.httpsUrl' });
const optionalUrl = httpsUrl
  .nullish()
  .or(z.literal('').transform(() => null))
  .transform((value) => value ?? null);

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;

export const fiscalSettingsInputSchema = z.object({
  mode: fiscalModeSchema,
  environment: fiscalEnvironmentSchema,
  certificate: z
    .object({
      p12: z.string().trim().min(1).max(200_000).regex(/^[A-Za-z0-9+/=\s]+$/, { error: 'validation.base64' }),
      password: z.string().max(200),
    })
    .optional(),
  endpoints: z.object({ einvoice: optionalUrl, ereporting: optionalUrl, b2c: optionalUrl }).partial().optional(),
  trustedCaPem: z
    .string()
    .trim()
    .max(200_000)
    .refine((value) => value === '' || PEM_CERTIFICATE.test(value), { error: 'validation.pemCertificate' })
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type FiscalSettingsInput = z.input<typeof fiscalSettingsInputSchema>;

export const fiscalCertificateSchema = z.object({
  subject: z.string(),
  issuer: z.string(),
  /** The OIB in the certificate's subject: whose certificate it is. */
  oib: z.string(),
  serialNumber: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  fingerprint256: z.string(),
  /** A FINA demo certificate (for TEST), a production one, or unknown (another issuer). */
  kind: z.enum(['DEMO', 'PRODUCTION', 'UNKNOWN']),
});
export type FiscalCertificate = z.infer<typeof fiscalCertificateSchema>;

const endpointsSchema = z.object({ einvoice: z.string(), ereporting: z.string(), b2c: z.string() });

export const fiscalSettingsSchema = z.object({
  mode: fiscalModeSchema,
  environment: fiscalEnvironmentSchema,
  certificate: fiscalCertificateSchema.nullable(),
  /** The addresses in force, and the official ones of the chosen environment. */
  endpoints: endpointsSchema,
  defaults: endpointsSchema,
  trustedCaPem: z.string().nullable(),
  /** Whose invoices are fiscalized: the issuer's OIB, and whether the certificate is that OIB's own. */
  issuerOib: z.string().nullable(),
  certificateIsIssuers: z.boolean().nullable(),
  /** Faktura fiscalizes: SELF with a certificate. */
  ready: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type FiscalSettings = z.infer<typeof fiscalSettingsSchema>;
export const fiscalSettingsResponse = envelope(fiscalSettingsSchema);

/**
 * Where an issued document stands with the Tax Administration (issue 29):
 * `NOT_REQUIRED` (no e-invoice: a foreign client, a private person, an issuer outside the VAT system
 * before 2027), `PENDING` (to be sent, or sent again after an outage), `FISCALIZED`, `FAILED` (the
 * service refused it: `error` says why), `BY_INTERMEDIARY` (the user's intermediary does it). Null:
 * Faktura has nothing to say (fiscalization is off, or the document was issued before it was on).
 */
export const FISCAL_STATUSES = ['NOT_REQUIRED', 'PENDING', 'FISCALIZED', 'FAILED', 'BY_INTERMEDIARY'] as const;
export const fiscalStatusSchema = z.enum(FISCAL_STATUSES);
export type FiscalStatus = z.infer<typeof fiscalStatusSchema>;

export const fiscalMessageSchema = z.object({
  id: z.number().int(),
  /** ERACUN, ISPORUKA (a supply without an e-invoice) or NAPLATA (a payment report). */
  kind: z.string(),
  /** The request's own id (efis:id). */
  messageId: z.string(),
  outcome: z.enum(['FISCALIZED', 'RETRY', 'FAILED']),
  /** The service's idZahtjeva. */
  requestId: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorText: z.string().nullable(),
  httpStatus: z.number().int().nullable(),
  sentAt: z.string(),
});
export type FiscalMessage = z.infer<typeof fiscalMessageSchema>;

/**
 * How an issued document is reported at issue: `ERACUN` (fiscalized as an e-invoice,
 * `EvidentirajERacunZahtjev`), `ISPORUKA` (a supply to a Croatian business that cannot receive
 * e-invoices, `EvidentirajIsporukuZaKojuNijeIzdanERacunZahtjev`, ZoF čl. 40, 51) or `RACUN` (an
 * invoice to a private person, or paid in cash or by card: `RacunZahtjev` with ZKI and JIR, ZoF čl. 3,
 * 13-21, decision 031; for a business paying cash or card it replaces the e-invoice, ZoF čl. 39).
 */
export const FISCAL_REPORT_KINDS = ['ERACUN', 'ISPORUKA', 'RACUN'] as const;
export const fiscalReportKindSchema = z.enum(FISCAL_REPORT_KINDS);
export type FiscalReportKind = z.infer<typeof fiscalReportKindSchema>;

/**
 * Where an issued document stands with the Tax Administration, as the invoice's detail carries it
 * (`fiscalization`): the status of its fiscalization record, null when Faktura keeps none (a draft;
 * a document issued while Faktura's fiscalization was off).
 */
export const invoiceFiscalSummarySchema = z.object({
  status: fiscalStatusSchema.nullable(),
  /** Which message reports it (null: Faktura reports nothing about it). */
  kind: fiscalReportKindSchema.nullable(),
  requestId: z.string().nullable(),
  /** When it was fiscalized. */
  at: z.string().nullable(),
  attempts: z.number().int(),
  error: z.object({ code: z.string(), text: z.string().nullable() }).nullable(),
  /** The last day the law allows (5 working days after the date of issue). */
  deadline: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  /**
   * RACUN only (null otherwise): the issuer's protective code (ZKI), computed when the invoice is
   * issued and printed on it, and the JIR the Tax Administration answered (null until it did).
   */
  zki: z.string().nullable(),
  jir: z.string().nullable(),
});
export type InvoiceFiscalSummary = z.infer<typeof invoiceFiscalSummarySchema>;

/** The same, with every message exchanged about the document (`GET /api/v1/invoice/{id}/fiscalization`). */
export const invoiceFiscalizationSchema = invoiceFiscalSummarySchema.extend({
  messages: z.array(fiscalMessageSchema),
});
export type InvoiceFiscalization = z.infer<typeof invoiceFiscalizationSchema>;
export const invoiceFiscalizationResponse = envelope(invoiceFiscalizationSchema);

/** Every message exchanged about a document, exactly as sent and received. */
export const fiscalMessagesResponse = envelope(
  z.array(fiscalMessageSchema.extend({ requestXml: z.string(), responseXml: z.string().nullable() })),
);

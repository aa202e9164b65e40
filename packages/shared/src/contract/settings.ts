import { z } from 'zod';
import { isValidBic } from '../domain/iban';
import { isValidOib } from '../domain/oib';
import { addressInputSchema, addressSchema } from './address';
import { ibanSchema } from './company';
import { emailSchema, envelope, okSchema, optionalText, plainText, requiredText } from './common';

/**
 * The business process an e-invoice declares (ProfileID, HR-BR-34), from the Tax Administration's
 * description of business processes: P1 deliveries against orders under a contract … P12
 * self-billing, P99 a process the buyer defines. The texts are `settings.einvoice.profiles.*`.
 */
export const EINVOICE_PROFILES = ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9', 'P10', 'P11', 'P12', 'P99'] as const;
export const einvoiceProfileSchema = z.enum(EINVOICE_PROFILES);
export type EinvoiceProfile = z.infer<typeof einvoiceProfileSchema>;
export const DEFAULT_EINVOICE_PROFILE: EinvoiceProfile = 'P1';

/** An OIB, with or without the HR prefix of a VAT number; stored as the 11 digits. */
const oibSchema = z
  .string()
  .trim()
  .min(1)
  .transform((value) => value.replace(/^HR/i, ''))
  .refine(isValidOib, { error: 'validation.oib' });

/** The issuing business: what every invoice says about "us" (Settings > General). */
export const issuerInputSchema = z.object({
  name: requiredText(200),
  oib: oibSchema,
  address: addressInputSchema,
  email: emailSchema,
  phone: optionalText(40),
  iban: ibanSchema.refine((value) => value !== null, { error: 'validation.required' }),
  swift: optionalText(11)
    .transform((value) => (value ? value.toUpperCase() : null))
    .refine((value) => value === null || isValidBic(value), { error: 'validation.bic' }),
  /** Outside the VAT system, invoices carry the note of art. 90 of the VAT Act and no VAT. */
  inVatSystem: z.boolean(),
  defaultFootnote: optionalText(1000),
  footerText: optionalText(500),
  /** Printed on invoices in English instead of the two above; empty prints the Croatian text. */
  defaultFootnoteEn: optionalText(1000),
  footerTextEn: optionalText(500),
  /** Left out, the saved choice stays (P1 for a new company). */
  einvoiceProfile: einvoiceProfileSchema.optional(),
  /**
   * A paušalni obrt: keeps the KPR and files PO-SD (decision 029). Left out, the saved choice stays
   * (no for a new company). Never together with `inVatSystem`: only a craftsman outside the VAT
   * system is taxed at a flat rate.
   */
  flatRate: z.boolean().optional(),
}).refine((issuer) => !(issuer.flatRate === true && issuer.inVatSystem), {
  error: 'validation.flatRateInVat',
  path: ['flatRate'],
});
export type IssuerInput = z.input<typeof issuerInputSchema>;

export const issuerSchema = z.object({
  name: z.string(),
  oib: z.string(),
  /** The VAT identifier: HR + OIB. */
  vatNumber: z.string(),
  address: addressSchema.nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  iban: z.string().nullable(),
  swift: z.string().nullable(),
  inVatSystem: z.boolean(),
  defaultFootnote: z.string().nullable(),
  footerText: z.string().nullable(),
  defaultFootnoteEn: z.string().nullable(),
  footerTextEn: z.string().nullable(),
  premisesCode: z.string(),
  deviceCode: z.string(),
  einvoiceProfile: einvoiceProfileSchema,
  /** A paušalni obrt (keeps the KPR, files PO-SD). */
  flatRate: z.boolean(),
});
export type Issuer = z.infer<typeof issuerSchema>;
/** `data` is null until the issuing company has been entered. */
export const issuerResponse = envelope(issuerSchema.nullable());

/**
 * Invoice numbering (Settings > POS): numbers read `sequence/premises/device`, e.g. `7/POSL1/1`.
 * The premises code is alphanumeric, the device code a whole number (Fiscalization Act).
 */
export const posSchema = z.object({
  premisesCode: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .regex(/^[A-Za-z0-9]+$/, { error: 'validation.premisesCode' }),
  deviceCode: z
    .string()
    .trim()
    .min(1)
    .max(6)
    .regex(/^[1-9]\d*$/, { error: 'validation.deviceCode' }),
});
export type Pos = z.infer<typeof posSchema>;
export const posResponse = envelope(posSchema);

/** The signed-in operator's own account. */
export const accountInputSchema = z.object({
  name: requiredText(120),
  email: plainText().trim().min(1).max(254).regex(/^[^\s@]+@[^\s@]+$/, { error: 'validation.email' }),
  /**
   * The operator's own OIB, which e-invoices name as who issued them (HR-BR-37). Optional; missing,
   * null and blank clear it.
   */
  oib: z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(oibSchema.nullable()),
});
export type AccountInput = z.input<typeof accountInputSchema>;
export const accountSchema = z.object({ name: z.string(), email: z.string(), oib: z.string().nullable() });
export type Account = z.infer<typeof accountSchema>;
export const accountResponse = envelope(accountSchema);

export const passwordChangeSchema = z.object({
  currentPassword: z.string().min(1).max(1024),
  newPassword: z.string().min(10).max(1024),
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
export const passwordChangeResponse = envelope(okSchema);

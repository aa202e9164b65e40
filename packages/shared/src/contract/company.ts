import { z } from 'zod';
import { isValidIban, normalizeIban } from '../domain/iban';
import { addressInputSchema, addressSchema } from './address';
import { emailSchema, envelope, idSchema, optionalText, plainText, requiredText } from './common';

export const CONTRACT_TYPES = ['SOW', 'RENT', 'SUBCONTRACT'] as const;
export const contractTypeSchema = z.enum(CONTRACT_TYPES);
export type ContractType = z.infer<typeof contractTypeSchema>;

export const contractInputSchema = z.object({
  id: idSchema.optional(),
  type: contractTypeSchema,
  paymentDueDays: z.number().int().min(0).max(365),
});

export const contractSchema = z.object({
  id: z.number().int(),
  type: contractTypeSchema,
  paymentDueDays: z.number().int(),
});
export type Contract = z.infer<typeof contractSchema>;

/**
 * A client is a business (company, obrt, free profession) or a private person (a consumer): a private
 * person has a name, an address and optionally an OIB, no VAT number, never receives an e-invoice, and
 * every invoice to one is fiscalized with ZKI and JIR (decision 031).
 */
export const CLIENT_KINDS = ['BUSINESS', 'CONSUMER'] as const;
export const clientKindSchema = z.enum(CLIENT_KINDS);
export type ClientKind = z.infer<typeof clientKindSchema>;

/** IBAN as people type it ("HR12 1001 ..."): stored without spaces, upper-case, checked. */
export const ibanSchema = plainText()
  .trim()
  .max(42)
  .nullish()
  .transform((value) => (value ? normalizeIban(value) : null))
  .refine((value) => value === null || isValidIban(value), { error: 'validation.iban' });

/** Tax number: the OIB for Croatian clients (checked on the server once the country is known). */
export const pinSchema = optionalText(32);

const companyEditable = {
  /** Optional: a new client is a business, an update without it keeps what was stored. */
  kind: clientKindSchema.optional(),
  email: emailSchema,
  pin: pinSchema,
  /** Spec §7: the client form sends the tax number as `tin` in one place; it means `pin`. */
  tin: pinSchema.optional(),
  phone: optionalText(40),
  note: optionalText(2000),
  bankAccountNumber: ibanSchema,
  contracts: z.array(contractInputSchema).max(20).default([]),
  /**
   * False: a Croatian business client that cannot receive e-invoices (not in the AMS address book, no
   * information intermediary); an invoice issued to it is then reported to the Tax Administration as a
   * supply without an e-invoice (ZoF čl. 40, 51). Optional: a new client receives them, an update
   * without it keeps what was stored. Only a Croatian client can be marked (a foreign one: refused).
   */
  receivesEInvoices: z.boolean().optional(),
  /**
   * Whether the record is among the clients (the default list, the invoice form's choice). Optional: a
   * new client is one, an update without it keeps what was stored; a supplier's record made from the
   * inbox is not one until this says so (decision 039).
   */
  isClient: z.boolean().optional(),
};

export const companyCreateSchema = z
  .object({
    name: requiredText(200),
    ...companyEditable,
    addressId: idSchema.nullish(),
    address: addressInputSchema.nullish(),
  })
  .refine((c) => Boolean(c.addressId) !== Boolean(c.address), {
    error: 'validation.addressChoice',
    path: ['addressId'],
  });
export type CompanyCreate = z.input<typeof companyCreateSchema>;

export const companyUpdateSchema = z.object(companyEditable);
export type CompanyUpdate = z.input<typeof companyUpdateSchema>;

export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: clientKindSchema,
  email: z.string(),
  pin: z.string().nullable(),
  phone: z.string().nullable(),
  note: z.string().nullable(),
  bankAccountNumber: z.string().nullable(),
  contracts: z.array(contractSchema),
  address: addressSchema,
  addressId: z.number().int(),
  /** The client's VAT identifier: HR + OIB for Croatian clients, the stored tax number otherwise. */
  vatNumber: z.string().nullable(),
  /** False: a Croatian business client that cannot receive e-invoices (see `receivesEInvoices` above). */
  receivesEInvoices: z.boolean(),
  /** Among the clients (see `isClient` above). */
  isClient: z.boolean(),
  /** The supplier of received e-invoices with this OIB (the inbox's `supplier` filter): found or made when one was kept. */
  isSupplier: z.boolean(),
});
export type Company = z.infer<typeof companySchema>;

/**
 * Which records the list answers: the clients (the default: what it always answered), the suppliers
 * of received e-invoices, or all. A party can be both.
 */
export const COMPANY_ROLES = ['client', 'supplier', 'all'] as const;
export const companyListQuerySchema = z.object({ role: z.enum(COMPANY_ROLES).default('client') });
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const companyListResponse = envelope(z.array(companySchema));
export const companyResponse = envelope(companySchema);

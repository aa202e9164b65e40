import { LRUCache } from 'lru-cache';
import { z } from 'zod';

/**
 * What an issued invoice says about its client and its issuer, frozen at the moment of issue and kept
 * as long as the invoice (11 years). The stored JSON has its own versioned shape, built field by field
 * here and parsed (never cast) when read, so renaming a table column can never change or break a
 * legal record. The key names are those the first snapshots were written with (decision 016).
 *
 * A new version adds a schema beside this one and a migration that converts the stored rows; readers
 * keep accepting every version that may still be stored.
 */
export const SNAPSHOT_VERSION = 1;

const text = z.string();
const optionalText = z.string().nullable();

export const partyAddressSchema = z.object({
  address1: text,
  address2: optionalText,
  zip: text,
  city: text,
  state: optionalText,
  country_code: z.string().regex(/^[A-Z]{2}$/),
});

export const clientSnapshotSchema = z.object({
  v: z.literal(SNAPSHOT_VERSION),
  name: text,
  /** OIB of a Croatian client, or a foreign VAT or tax number; null when none was given. */
  pin: optionalText,
  email: optionalText,
  address: partyAddressSchema,
  /**
   * False: a Croatian business client that could not receive e-invoices when the invoice was issued;
   * it is reported as a supply without an e-invoice (decision 030). Absent from snapshots taken before
   * the mark existed: they received them.
   */
  receives_einvoices: z.boolean().optional(),
  /**
   * BUSINESS or CONSUMER (a private person: fiscalized with ZKI and JIR, never an e-invoice; decision
   * 031). Absent from snapshots taken before the kind existed: every client was a business then.
   */
  kind: z.enum(['BUSINESS', 'CONSUMER']).optional(),
});

export const issuerSnapshotSchema = z.object({
  v: z.literal(SNAPSHOT_VERSION),
  name: text,
  oib: text,
  email: optionalText,
  phone: optionalText,
  iban: optionalText,
  swift: optionalText,
  in_vat_system: z.boolean(),
  default_footnote: optionalText,
  footer_text: optionalText,
  /** English variants (absent from snapshots taken before they existed: the Croatian text prints). */
  default_footnote_en: optionalText.optional(),
  footer_text_en: optionalText.optional(),
  address: partyAddressSchema.nullable(),
  /** The e-invoice business process (P1 …). */
  einvoice_profile: text,
  /**
   * The operator who issued it, as the printout and the e-invoice name them (Operater; HR-BR-37):
   * frozen too, so renaming an operator never changes a reprint. The OIB is null when the operator had
   * none yet (an e-invoice then takes the one entered since). Snapshots taken before this existed were
   * given their invoice operator's name by a migration; a reader still accepts one without.
   */
  operator: z.object({ name: text, oib: optionalText }).optional(),
});

export type PartyAddress = z.infer<typeof partyAddressSchema>;
export type ClientSnapshot = z.infer<typeof clientSnapshotSchema>;
export type IssuerSnapshot = z.infer<typeof issuerSnapshotSchema>;

/**
 * What a snapshot is built from: the client as the company module names it (`ClientParty`), the issuer
 * as the issuer module answers it (`Issuer`), their addresses as the address module does (`Address`).
 */
export interface AddressSource {
  address1: string;
  address2: string | null;
  zip: string;
  city: string;
  state: string | null;
  countryCode: string;
}
export interface ClientSource {
  name: string;
  pin: string | null;
  email: string | null;
  receivesEInvoices: boolean;
  kind: 'BUSINESS' | 'CONSUMER';
}
export interface OperatorSource {
  name: string;
  oib: string | null;
}
export interface IssuerSource {
  name: string;
  oib: string;
  email: string | null;
  phone: string | null;
  iban: string | null;
  swift: string | null;
  inVatSystem: boolean;
  defaultFootnote: string | null;
  footerText: string | null;
  defaultFootnoteEn: string | null;
  footerTextEn: string | null;
  address: AddressSource | null;
  einvoiceProfile: string;
}

function partyAddress(address: AddressSource): PartyAddress {
  return {
    address1: address.address1,
    address2: address.address2,
    zip: address.zip,
    city: address.city,
    state: address.state,
    country_code: address.countryCode,
  };
}

/** The client as the invoice names it, from today's data (pure). */
export function buildClientSnapshot(client: ClientSource, address: AddressSource): ClientSnapshot {
  return {
    v: SNAPSHOT_VERSION, name: client.name, pin: client.pin, email: client.email, address: partyAddress(address),
    receives_einvoices: client.receivesEInvoices, kind: client.kind,
  };
}

/** The issuer as the invoice names it, from today's data (pure). */
export function buildIssuerSnapshot(issuer: IssuerSource, operator: OperatorSource): IssuerSnapshot {
  return {
    v: SNAPSHOT_VERSION,
    name: issuer.name,
    oib: issuer.oib,
    email: issuer.email,
    phone: issuer.phone,
    iban: issuer.iban,
    swift: issuer.swift,
    in_vat_system: issuer.inVatSystem,
    default_footnote: issuer.defaultFootnote,
    footer_text: issuer.footerText,
    default_footnote_en: issuer.defaultFootnoteEn,
    footer_text_en: issuer.footerTextEn,
    address: issuer.address ? partyAddress(issuer.address) : null,
    einvoice_profile: issuer.einvoiceProfile,
    operator: { name: operator.name, oib: operator.oib },
  };
}

/** A stored snapshot that does not parse is a damaged legal record: say which invoice and why. */
export class SnapshotError extends Error {
  constructor(kind: 'client' | 'issuer', invoiceId: number, cause: unknown) {
    super(`The ${kind} snapshot of invoice ${invoiceId} does not match its schema`, { cause });
    this.name = 'SnapshotError';
  }
}

/** Freezes a parsed snapshot and everything in it: one parse is shared by every reader of the same text. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * Snapshots parsed before, by their stored text: the invoices of one client carry the same client
 * snapshot until the client's data change, and nearly all of them the same issuer snapshot, so the
 * detail, the printout, the e-invoice and the export mostly read a text parsed already. The key is
 * the whole stored text, so a different text is parsed (and checked) on its own; what is returned is
 * frozen, so no reader can change what another one gets. Bounded: the least recently used go first.
 */
const parsedSnapshots = {
  client: new LRUCache<string, ClientSnapshot>({ max: 500 }),
  issuer: new LRUCache<string, IssuerSnapshot>({ max: 50 }),
};

function parseStored<T extends object>(schema: z.ZodType<T>, kind: 'client' | 'issuer', invoiceId: number, stored: string, cache: LRUCache<string, T>): T {
  const known = cache.get(stored);
  if (known) return known;
  let parsed: T;
  try {
    parsed = schema.parse(JSON.parse(stored));
  } catch (error) {
    throw new SnapshotError(kind, invoiceId, error);
  }
  cache.set(stored, deepFreeze(parsed));
  return parsed;
}

export function parseClientSnapshot(invoiceId: number, stored: string): ClientSnapshot {
  return parseStored(clientSnapshotSchema, 'client', invoiceId, stored, parsedSnapshots.client);
}

export function parseIssuerSnapshot(invoiceId: number, stored: string): IssuerSnapshot {
  return parseStored(issuerSnapshotSchema, 'issuer', invoiceId, stored, parsedSnapshots.issuer);
}

/**
 * Who issued the invoice, as the invoice names them (Operater; HR-BR-37): frozen in its issuer
 * snapshot. A snapshot without one (taken before the operator was kept, and not yet given one by the
 * migration) names the operator as they are called today, with no OIB.
 */
export function issuingOperator(issuer: IssuerSnapshot, todayName: string): OperatorSource {
  return issuer.operator ?? { name: todayName, oib: null };
}

/**
 * The client and operator names a document's page and answer show (issue 31): an issued document's
 * as it names them, from its snapshots, read through their schemas; a draft's (no snapshots yet) as
 * they are called today.
 */
export function namesOf(
  row: {
    id: number;
    client_snapshot: string | null;
    issuer_snapshot: string | null;
    client_name: string;
    operator_name: string;
  },
  /** The row's client snapshot, when the caller has already read it. */
  clientSnapshot?: ClientSnapshot,
): { client: string; operator: string } {
  return {
    client: row.client_snapshot ? (clientSnapshot ?? parseClientSnapshot(row.id, row.client_snapshot)).name : row.client_name,
    operator: row.issuer_snapshot ? issuingOperator(parseIssuerSnapshot(row.id, row.issuer_snapshot), row.operator_name).name : row.operator_name,
  };
}

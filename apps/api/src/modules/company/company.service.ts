import {
  type Address,
  type ClientKind,
  type Company,
  type CompanyRole,
  type LineItem,
  type companyCreateSchema,
  type companyUpdateSchema,
  isValidOib,
  normalizeTaxNumber,
  taxNumberProblem,
} from '@faktura/shared';
import type { z } from 'zod';
import type { Db } from '../../db/connection';
import { AppError } from '../../http/errors';
import { type Actor, changesBetween, record } from '../audit';
import { addressAuditFields, addressById, addressesById, createAddress, discardAddress } from '../address';
import * as lineItemService from '../lineItem';
import * as repo from './company.repository';

/** A new client as the contract's create request reads (the demo seed's clients too). */
export type ClientInput = z.output<typeof companyCreateSchema>;
type CompanyUpdate = z.output<typeof companyUpdateSchema>;

/** HR + OIB for a Croatian business, its own tax number for a foreign one; a private person has none. */
function vatNumber(pin: string | null, countryCode: string, kind: ClientKind): string | null {
  if (!pin || kind === 'CONSUMER') return null;
  return countryCode === 'HR' && !pin.toUpperCase().startsWith('HR') ? `HR${pin}` : pin;
}

async function toCompanies(db: Db, rows: repo.CompanyRow[]): Promise<Company[]> {
  const ids = rows.map((r) => r.id);
  const [contracts, addresses] = await Promise.all([
    repo.contractsOf(db, ids),
    addressesById(db, [...new Set(rows.map((r) => r.address_id))]),
  ]);
  return rows.map((row) => {
    const address = addresses.get(row.address_id);
    if (!address) throw new Error(`company ${row.id} has no address ${row.address_id}`);
    const kind = clientKind(row.kind);
    return {
      id: row.id,
      name: row.name,
      kind,
      email: row.email,
      pin: row.pin,
      phone: row.phone,
      note: row.note,
      bankAccountNumber: row.bank_account_number,
      contracts: contracts
        .filter((c) => c.company_id === row.id)
        .map((c) => ({ id: c.id, type: c.type, paymentDueDays: c.payment_due_days })),
      address,
      addressId: row.address_id,
      vatNumber: vatNumber(row.pin, address.countryCode, kind),
      receivesEInvoices: receivesEInvoices(row),
      isClient: row.is_client !== 0,
      isSupplier: row.supplier_oib !== null,
    };
  });
}

async function getCompanyIn(db: Db, id: number): Promise<Company> {
  const row = await repo.findCompany(db, id);
  if (!row) throw new AppError('companyNotFound');
  const [company] = await toCompanies(db, [row]);
  if (!company) throw new AppError('companyNotFound');
  return company;
}

/** A client as an invoice names it (what its snapshot is built from): name, tax number, e-mail, address. */
export interface ClientParty {
  name: string;
  pin: string | null;
  email: string;
  /** Undefined only if the address row were missing (a foreign key keeps it). */
  address: Address | undefined;
  /** False: a Croatian business client that cannot receive e-invoices (its invoices are reported as supplies without one). */
  receivesEInvoices: boolean;
  /** A business, or a private person (no e-invoice; fiscalized with ZKI and JIR). */
  kind: ClientKind;
}

/** The stored kind as the contract names it (a row holds what the contract allowed). */
const clientKind = (stored: string): ClientKind => (stored === 'CONSUMER' ? 'CONSUMER' : 'BUSINESS');

/**
 * Whether the client receives e-invoices: never a private person (whatever the column holds: it is
 * kept as it was, so a client changed back into a business gets its old mark back).
 */
const receivesEInvoices = (row: Pick<repo.CompanyRow, 'kind' | 'receives_einvoices'>): boolean =>
  clientKind(row.kind) === 'BUSINESS' && row.receives_einvoices !== 0;

/** The client and its address (two reads, no contracts); undefined when there is no such client. */
export async function clientWithAddress(db: Db, id: number): Promise<ClientParty | undefined> {
  const row = await repo.findCompany(db, id);
  if (!row) return undefined;
  return {
    name: row.name, pin: row.pin, email: row.email, address: await addressById(db, row.address_id),
    receivesEInvoices: receivesEInvoices(row), kind: clientKind(row.kind),
  };
}

/**
 * The tax number as stored: a private person's only ever an OIB, kept as its eleven digits (an `HR`
 * typed in front of it, the VAT number's form, is dropped); a business's in another EU member state
 * as its VAT number is written (`ATU12345678`: upper case, compact, prefixed); any other as typed.
 */
function storedPin(pin: string | null, kind: ClientKind, countryCode: string): string | null {
  if (!pin) return pin;
  return kind === 'CONSUMER' ? pin.replace(/^HR/i, '') : normalizeTaxNumber(countryCode, pin, kind);
}

/**
 * The rules of a client's tax number and e-invoice mark (decision 031). A business: a Croatian one's
 * tax number must be a valid OIB; only a Croatian one can be marked as not receiving e-invoices (a
 * foreign one gets no e-invoice in Croatia's sense and is never reported). A private person: the OIB
 * is optional, and when given must be a valid OIB whatever the country (a foreign private person has
 * no other tax number an invoice names); `receivesEInvoices` means nothing for them and is ignored
 * (they never receive one), so a caller that always sends it is not refused. A business in another EU
 * member state: its VAT number must have its country's form (`taxNumberProblem`) — checked only when
 * `checkVat` (a new client, or a changed number), so a client stored before the rule still saves.
 */
function assertClientRules(
  kind: ClientKind,
  pin: string | null,
  countryCode: string,
  receivesEInvoices: boolean | undefined,
  checkVat = true,
): void {
  if (kind === 'CONSUMER') {
    if (pin && !isValidOib(pin)) throw new AppError('validation', { messageKey: 'validation.consumerOib', field: 'pin' });
    return;
  }
  if (pin && countryCode === 'HR' && !isValidOib(pin.replace(/^HR/i, ''))) {
    throw new AppError('validation', { messageKey: 'validation.oib', field: 'pin' });
  }
  const vatProblem = checkVat ? taxNumberProblem(countryCode, pin, kind) : null;
  if (vatProblem) throw new AppError('validation', { ...vatProblem, field: 'pin' });
  if (receivesEInvoices === false && countryCode !== 'HR') {
    throw new AppError('validation', { messageKey: 'validation.einvoiceForeignClient', field: 'receivesEInvoices' });
  }
}

/** The clients (by default), the suppliers of received e-invoices, or all (decision 039). */
export async function listCompanies(db: Db, role: CompanyRole = 'client'): Promise<Company[]> {
  return toCompanies(db, await repo.listCompanies(db, role));
}

export function getCompany(db: Db, id: number): Promise<Company> {
  return getCompanyIn(db, id);
}

/**
 * The client's fields as the audit trail compares them: the row, its address flattened and its
 * contracts (no ids, no timestamps). Empty when there is no such client.
 */
async function auditedClient(db: Db, id: number): Promise<Record<string, unknown>> {
  const row = await repo.findCompany(db, id);
  if (!row) return {};
  const address = await addressById(db, row.address_id);
  const contracts = await repo.contractsOf(db, [id]);
  return {
    name: row.name,
    kind: row.kind,
    email: row.email,
    pin: row.pin,
    phone: row.phone,
    note: row.note,
    bankAccountNumber: row.bank_account_number,
    receivesEInvoices: receivesEInvoices(row),
    // a record that is not a client, or is a supplier, says so (a plain client's entries stay as they were)
    ...(row.is_client === 0 ? { isClient: false } : {}),
    ...(row.supplier_oib !== null ? { supplierOib: row.supplier_oib } : {}),
    ...addressAuditFields(address),
    contracts: contracts.map((c) => ({ type: c.type, paymentDueDays: c.payment_due_days })),
  };
}

/**
 * Creates a client with either an existing address or a new one, and its contracts, in one
 * transaction, and records it in the audit trail (`client.created`, every value from empty).
 */
export async function createCompany(db: Db, input: ClientInput, actor: Actor): Promise<Company> {
  return db.transaction().execute(async (trx) => {
    const id = await addClient(trx, input);
    const company = await getCompanyIn(trx, id);
    await record(trx, actor, { action: 'client.created', details: { clientId: id, changes: changesBetween({}, await auditedClient(trx, id)) } });
    return company;
  });
}

/**
 * Creates a client inside the caller's transaction (createCompany's work, and the demo seed's):
 * its address (a new one, or an existing one by id), the client and its contracts. Answers its id.
 */
export async function addClient(trx: Db, input: ClientInput): Promise<number> {
  const kind = input.kind ?? 'BUSINESS';
  const typed = input.tin ?? input.pin;
  let address: Address | undefined;
  let pin: string | null;
  if (input.address) {
    pin = storedPin(typed, kind, input.address.countryCode);
    assertClientRules(kind, pin, input.address.countryCode, input.receivesEInvoices);
    address = await createAddress(trx, input.address);
  } else {
    address = input.addressId ? await addressById(trx, input.addressId) : undefined;
    if (!address) throw new AppError('validation', { messageKey: 'errors.addressNotFound', field: 'addressId' });
    pin = storedPin(typed, kind, address.countryCode);
    assertClientRules(kind, pin, address.countryCode, input.receivesEInvoices);
  }
  const row = await repo.insertCompany(trx, {
    ...input,
    kind,
    pin,
    // a private person's mark is not stored: the column keeps its default
    receivesEInvoices: kind === 'CONSUMER' ? undefined : input.receivesEInvoices,
    // a new record made here is a client (only the inbox makes a supplier's record that is not one)
    isClient: undefined,
    addressId: address.id,
  });
  await repo.replaceContracts(trx, row.id, input.contracts);
  return row.id;
}

/**
 * Name and address are fixed once a client exists; the rest is editable, its kind too (a business
 * entered as a private person or the other way round): issued invoices and credit notes keep the
 * kind their snapshot froze, so changing it only changes what the next invoices are. What changed is
 * recorded in the audit trail (`client.changed`, old and new values); nothing when nothing changed.
 */
export async function updateCompany(db: Db, id: number, input: CompanyUpdate, actor: Actor): Promise<Company> {
  return db.transaction().execute(async (trx) => {
    const existing = await repo.findCompany(trx, id);
    if (!existing) throw new AppError('companyNotFound');
    const kind = input.kind ?? clientKind(existing.kind);
    const address = await addressById(trx, existing.address_id);
    const countryCode = address?.countryCode ?? '';
    const typed = input.tin ?? input.pin;
    // A number stored before the EU format rule stays as it is when sent back unchanged (so the
    // client's other fields can still be saved); a changed one must have its country's form.
    const unchanged = typed !== null && typed.trim() === existing.pin && kind === clientKind(existing.kind);
    const pin = unchanged ? existing.pin : storedPin(typed, kind, countryCode);
    assertClientRules(kind, pin, countryCode, input.receivesEInvoices, !unchanged);
    const before = await auditedClient(trx, id);
    await repo.updateCompany(trx, id, {
      ...input,
      kind,
      pin,
      // a private person's mark is not stored: what the column held stays
      receivesEInvoices: kind === 'CONSUMER' ? undefined : input.receivesEInvoices,
      // only a supplier's record can stop being a client (a record that is neither would vanish from both lists)
      isClient: input.isClient === false && existing.supplier_oib === null ? undefined : input.isClient,
    });
    await repo.replaceContracts(trx, id, input.contracts);
    const company = await getCompanyIn(trx, id);
    const changes = changesBetween(before, await auditedClient(trx, id));
    if (before.isClient === false && input.isClient === true) changes.isClient = { from: false, to: true };
    if (Object.keys(changes).length > 0) await record(trx, actor, { action: 'client.changed', details: { clientId: id, changes } });
    return company;
  });
}

/**
 * Refuses (409) while the client has invoices: issued invoices must keep their client. A deletion
 * is recorded in the audit trail (`client.deleted`, every value it had, to empty).
 */
export async function deleteCompany(db: Db, id: number, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.findCompany(trx, id))) throw new AppError('companyNotFound');
    const count = await repo.countInvoices(trx, id);
    if (count > 0) throw new AppError('companyHasInvoices', { params: { count } });
    const before = await auditedClient(trx, id);
    await repo.deleteCompany(trx, id);
    const gone = Object.fromEntries(Object.keys(before).map((key) => [key, null]));
    await record(trx, actor, { action: 'client.deleted', details: { clientId: id, changes: changesBetween(before, gone) } });
  });
}

export async function lineItemsOfCompany(db: Db, id: number): Promise<LineItem[]> {
  if (!(await repo.findCompany(db, id))) throw new AppError('companyNotFound');
  const used = await repo.lineItemIdsUsedBy(db, id);
  return lineItemService.getLineItems(
    db,
    used.map((u) => u.id),
  );
}

/**
 * The intermediary found no address for this client in the address book (issue 32): it cannot
 * receive e-invoices, so its next invoices are reported as supplies without an e-invoice and sent
 * by e-mail. Written in the caller's transaction and recorded as a `client.changed` that names where
 * it came from; nothing when the client was already marked.
 */
export async function markNoEInvoices(trx: Db, clientId: number, source: { invoiceId: number; provider: string }): Promise<boolean> {
  const existing = await repo.findCompany(trx, clientId);
  if (!existing || clientKind(existing.kind) !== 'BUSINESS' || existing.receives_einvoices === 0) return false;
  await repo.markNoEInvoices(trx, clientId);
  await record(trx, null, {
    action: 'client.changed',
    invoiceId: source.invoiceId,
    details: { clientId, changes: { receivesEInvoices: { from: true, to: false } }, source: source.provider },
  });
  return true;
}

/** The supplier of a received e-invoice as the document names it. */
export interface SupplierParty {
  name: string;
  oib: string | null;
  email: string | null;
  phone: string | null;
  address: { street: string | null; city: string | null; postcode: string | null; country: string | null };
}

/**
 * The supplier's record, found or made by OIB when a received e-invoice is kept (inside that
 * transaction; decision 039): the record already standing for this OIB; else a business client with
 * it as its tax number, marked as the supplier too and otherwise unchanged (`client.changed`); else a
 * new record with the document's name, address, e-mail and phone, a supplier and not a client
 * (`client.created`). Null for a supplier without a valid OIB (a foreign one): no record is made.
 */
export async function supplierRecord(trx: Db, supplier: SupplierParty, actor: Actor, receivedId: number): Promise<number | null> {
  const oib = supplier.oib?.replace(/^HR/i, '') ?? '';
  if (!isValidOib(oib)) return null;
  for (let attempt = 0; attempt < 3; attempt++) {
    const known = await repo.supplierByOib(trx, oib);
    if (known !== undefined) return known;
    const client = await repo.clientByOib(trx, oib);
    if (client !== undefined) {
      if (await repo.markSupplier(trx, client, oib)) {
        await record(trx, actor, { action: 'client.changed', details: { clientId: client, changes: { isSupplier: { from: false, to: true } }, receivedId } });
        return client;
      }
      continue;
    }
    const { street, city, postcode, country } = supplier.address;
    const address = await createAddress(trx, {
      address1: street ?? '', address2: null, city: city ?? '', zip: postcode ?? '', state: null, countryCode: (country ?? 'HR').toUpperCase(),
    });
    const made = await repo.insertSupplier(trx, { name: supplier.name, oib, email: supplier.email ?? '', phone: supplier.phone, addressId: address.id });
    if (made === undefined) {
      await discardAddress(trx, address.id);
      continue;
    }
    await record(trx, actor, { action: 'client.created', details: { clientId: made, changes: changesBetween({}, await auditedClient(trx, made)), receivedId } });
    return made;
  }
  return (await repo.supplierByOib(trx, oib)) ?? null;
}

/** The record standing for the supplier with this OIB (the received document's page links to it). */
export function supplierIdByOib(db: Db, oib: string): Promise<number | undefined> {
  return repo.supplierByOib(db, oib.replace(/^HR/i, ''));
}

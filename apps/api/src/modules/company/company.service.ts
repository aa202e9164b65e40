import {
  type Address,
  type ClientKind,
  type Company,
  type LineItem,
  type companyCreateSchema,
  type companyUpdateSchema,
  isValidOib,
} from '@faktura/shared';
import type { z } from 'zod';
import type { Db } from '../../db/connection';
import { AppError } from '../../http/errors';
import { type Actor, changesBetween, record } from '../audit';
import { addressAuditFields, addressById, addressesById, createAddress } from '../address';
import * as lineItemService from '../lineItem';
import * as repo from './company.repository';

/** A new client as the contract's create request reads (the demo seed's clients too). */
export type ClientInput = z.output<typeof companyCreateSchema>;
type CompanyUpdate = z.output<typeof companyUpdateSchema>;

function vatNumber(pin: string | null, countryCode: string): string | null {
  if (!pin) return null;
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
    return {
      id: row.id,
      name: row.name,
      kind: clientKind(row.kind),
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
      vatNumber: vatNumber(row.pin, address.countryCode),
      receivesEInvoices: row.receives_einvoices !== 0,
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

/** The client and its address (two reads, no contracts); undefined when there is no such client. */
export async function clientWithAddress(db: Db, id: number): Promise<ClientParty | undefined> {
  const row = await repo.findCompany(db, id);
  if (!row) return undefined;
  return {
    name: row.name, pin: row.pin, email: row.email, address: await addressById(db, row.address_id),
    receivesEInvoices: row.receives_einvoices !== 0, kind: clientKind(row.kind),
  };
}

/**
 * A Croatian client's tax number must be a valid OIB; only a Croatian client can be marked as not
 * receiving e-invoices (a foreign one gets no e-invoice in Croatia's sense and is never reported).
 */
function assertPin(pin: string | null, countryCode: string, receivesEInvoices?: boolean): void {
  if (pin && countryCode === 'HR' && !isValidOib(pin.replace(/^HR/i, ''))) {
    throw new AppError('validation', { messageKey: 'validation.oib', field: 'pin' });
  }
  if (receivesEInvoices === false && countryCode !== 'HR') {
    throw new AppError('validation', { messageKey: 'validation.einvoiceForeignClient', field: 'receivesEInvoices' });
  }
}

export async function listCompanies(db: Db): Promise<Company[]> {
  return toCompanies(db, await repo.listCompanies(db));
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
    receivesEInvoices: row.receives_einvoices !== 0,
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
  const pin = input.tin ?? input.pin;
  let address: Address | undefined;
  if (input.address) {
    assertPin(pin, input.address.countryCode, input.receivesEInvoices);
    address = await createAddress(trx, input.address);
  } else {
    address = input.addressId ? await addressById(trx, input.addressId) : undefined;
    if (!address) throw new AppError('validation', { messageKey: 'errors.addressNotFound', field: 'addressId' });
    assertPin(pin, address.countryCode, input.receivesEInvoices);
  }
  const row = await repo.insertCompany(trx, { ...input, pin, addressId: address.id });
  await repo.replaceContracts(trx, row.id, input.contracts);
  return row.id;
}

/**
 * Name and address are fixed once a client exists; the rest is editable. What changed is recorded
 * in the audit trail (`client.changed`, old and new values); nothing when nothing changed.
 */
export async function updateCompany(db: Db, id: number, input: CompanyUpdate, actor: Actor): Promise<Company> {
  const pin = input.tin ?? input.pin;
  return db.transaction().execute(async (trx) => {
    const existing = await repo.findCompany(trx, id);
    if (!existing) throw new AppError('companyNotFound');
    const address = await addressById(trx, existing.address_id);
    assertPin(pin, address?.countryCode ?? '', input.receivesEInvoices);
    const before = await auditedClient(trx, id);
    await repo.updateCompany(trx, id, { ...input, pin });
    await repo.replaceContracts(trx, id, input.contracts);
    const company = await getCompanyIn(trx, id);
    const changes = changesBetween(before, await auditedClient(trx, id));
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

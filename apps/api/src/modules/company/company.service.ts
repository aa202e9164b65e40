import {
  type Company,
  type LineItem,
  type companyCreateSchema,
  type companyUpdateSchema,
  isValidOib,
} from '@faktura/shared';
import type { z } from 'zod';
import type { Db } from '../../db/connection';
import { AppError } from '../../http/errors';
import * as addressRepo from '../address';
import { toAddress } from '../address';
import * as lineItemService from '../lineItem';
import * as repo from './company.repository';

type CompanyCreate = z.output<typeof companyCreateSchema>;
type CompanyUpdate = z.output<typeof companyUpdateSchema>;

function vatNumber(pin: string | null, countryCode: string): string | null {
  if (!pin) return null;
  return countryCode === 'HR' && !pin.toUpperCase().startsWith('HR') ? `HR${pin}` : pin;
}

async function toCompanies(db: Db, rows: repo.CompanyRow[]): Promise<Company[]> {
  const ids = rows.map((r) => r.id);
  const [contracts, addresses] = await Promise.all([
    repo.contractsOf(db, ids),
    addressRepo.findAddresses(db, [...new Set(rows.map((r) => r.address_id))]),
  ]);
  const addressById = new Map(addresses.map((a) => [a.id, a]));
  return rows.map((row) => {
    const address = addressById.get(row.address_id);
    if (!address) throw new Error(`company ${row.id} has no address ${row.address_id}`);
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      pin: row.pin,
      phone: row.phone,
      note: row.note,
      bankAccountNumber: row.bank_account_number,
      contracts: contracts
        .filter((c) => c.company_id === row.id)
        .map((c) => ({ id: c.id, type: c.type, paymentDueDays: c.payment_due_days })),
      address: toAddress(address),
      addressId: row.address_id,
      vatNumber: vatNumber(row.pin, address.country_code),
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

/** A Croatian client's tax number must be a valid OIB. */
function assertPin(pin: string | null, countryCode: string): void {
  if (pin && countryCode === 'HR' && !isValidOib(pin.replace(/^HR/i, ''))) {
    throw new AppError('validation', { messageKey: 'validation.oib', field: 'pin' });
  }
}

export async function listCompanies(db: Db): Promise<Company[]> {
  return toCompanies(db, await repo.listCompanies(db));
}

export function getCompany(db: Db, id: number): Promise<Company> {
  return getCompanyIn(db, id);
}

/** Creates a client with either an existing address or a new one, and its contracts, in one transaction. */
export async function createCompany(db: Db, input: CompanyCreate): Promise<Company> {
  const pin = input.tin ?? input.pin;
  return db.transaction().execute(async (trx) => {
    let address: addressRepo.AddressRow | undefined;
    if (input.address) {
      assertPin(pin, input.address.countryCode);
      address = await addressRepo.insertAddress(trx, input.address);
    } else {
      address = input.addressId ? await addressRepo.findAddress(trx, input.addressId) : undefined;
      if (!address) throw new AppError('validation', { messageKey: 'errors.addressNotFound', field: 'addressId' });
      assertPin(pin, address.country_code);
    }
    const row = await repo.insertCompany(trx, { ...input, pin, addressId: address.id });
    await repo.replaceContracts(trx, row.id, input.contracts);
    return getCompanyIn(trx, row.id);
  });
}

/** Name and address are fixed once a client exists; the rest is editable. */
export async function updateCompany(db: Db, id: number, input: CompanyUpdate): Promise<Company> {
  const pin = input.tin ?? input.pin;
  return db.transaction().execute(async (trx) => {
    const existing = await repo.findCompany(trx, id);
    if (!existing) throw new AppError('companyNotFound');
    const address = await addressRepo.findAddress(trx, existing.address_id);
    assertPin(pin, address?.country_code ?? '');
    await repo.updateCompany(trx, id, { ...input, pin });
    await repo.replaceContracts(trx, id, input.contracts);
    return getCompanyIn(trx, id);
  });
}

/** Refuses (409) while the client has invoices: issued invoices must keep their client. */
export async function deleteCompany(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.findCompany(trx, id))) throw new AppError('companyNotFound');
    const count = await repo.countInvoices(trx, id);
    if (count > 0) throw new AppError('companyHasInvoices', { params: { count } });
    await repo.deleteCompany(trx, id);
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

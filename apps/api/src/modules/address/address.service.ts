import { type Address, countryName } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { AppError } from '../../http/errors';
import { RESOURCE_LANGUAGE } from '../../http/language';
import * as repo from './address.repository';

/** An address as answers carry it: the country's code, and its Croatian name (spec §Address page). */
function toAddress(row: repo.AddressRow): Address {
  return {
    id: row.id,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    zip: row.zip,
    state: row.state,
    country: countryName(row.country_code, RESOURCE_LANGUAGE),
    countryCode: row.country_code,
  };
}

export async function listAddresses(db: Db): Promise<Address[]> {
  return (await repo.listAddresses(db)).map(toAddress);
}

/** The address, or undefined when there is none (one read): for modules that word their own refusal. */
export async function addressById(db: Db, id: number): Promise<Address | undefined> {
  const row = await repo.findAddress(db, id);
  return row ? toAddress(row) : undefined;
}

/** The addresses among `ids` that exist, by id (one read; none for no ids). */
export async function addressesById(db: Db, ids: readonly number[]): Promise<Map<number, Address>> {
  const rows = await repo.findAddresses(db, [...ids]);
  return new Map(rows.map((row) => [row.id, toAddress(row)]));
}

export async function getAddress(db: Db, id: number): Promise<Address> {
  const row = await repo.findAddress(db, id);
  if (!row) throw new AppError('addressNotFound');
  return toAddress(row);
}

export async function createAddress(db: Db, values: repo.AddressValues): Promise<Address> {
  return toAddress(await repo.insertAddress(db, values));
}

/** Deletes an address just made in the caller's transaction when nothing uses it (a write that lost a race). */
export async function discardAddress(db: Db, id: number): Promise<void> {
  if ((await repo.addressUsers(db, id)).length === 0) await repo.deleteAddress(db, id);
}

export async function updateAddress(
  db: Db,
  id: number,
  values: repo.AddressValues,
): Promise<Address> {
  const row = await repo.updateAddress(db, id, values);
  if (!row) throw new AppError('addressNotFound');
  return toAddress(row);
}

/** Refuses (409) while a client or the issuing company uses the address. */
export async function deleteAddress(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.findAddress(trx, id))) throw new AppError('addressNotFound');
    const users = await repo.addressUsers(trx, id);
    if (users.length > 0) {
      const shown = users.slice(0, 3).join(', ') + (users.length > 3 ? ` (+${users.length - 3})` : '');
      throw new AppError('addressInUse', { params: { names: shown } });
    }
    await repo.deleteAddress(trx, id);
  });
}

/** An address's fields as the audit trail records them before and after a change (null when none). */
export function addressAuditFields(address: Address | undefined) {
  return {
    address1: address?.address1 ?? null,
    address2: address?.address2 ?? null,
    zip: address?.zip ?? null,
    city: address?.city ?? null,
    state: address?.state ?? null,
    countryCode: address?.countryCode ?? null,
  };
}

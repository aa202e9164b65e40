import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection';
import type { AddressTable } from '../../db/schema';
import { nowIso } from '../../db/time';

export type AddressRow = Selectable<AddressTable>;

export interface AddressValues {
  address1: string;
  address2: string | null;
  city: string;
  zip: string;
  state: string | null;
  countryCode: string;
}

const columns = (v: AddressValues) => ({
  address1: v.address1,
  address2: v.address2,
  city: v.city,
  zip: v.zip,
  state: v.state,
  country_code: v.countryCode,
});

export function listAddresses(db: Db): Promise<AddressRow[]> {
  return db.selectFrom('address').selectAll().orderBy('id').execute();
}

export function findAddress(db: Db, id: number): Promise<AddressRow | undefined> {
  return db.selectFrom('address').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findAddresses(db: Db, ids: number[]): Promise<AddressRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('address').selectAll().where('id', 'in', ids).execute();
}

export function insertAddress(db: Db, values: AddressValues): Promise<AddressRow> {
  const now = nowIso();
  return db
    .insertInto('address')
    .values({ ...columns(values), created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateAddress(db: Db, id: number, values: AddressValues): Promise<AddressRow | undefined> {
  return db
    .updateTable('address')
    .set({ ...columns(values), updated_at: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteAddress(db: Db, id: number): Promise<void> {
  await db.deleteFrom('address').where('id', '=', id).execute();
}

/** Names of whoever uses the address: clients, and the issuing company itself. */
export async function addressUsers(db: Db, id: number): Promise<string[]> {
  const clients = await db.selectFrom('company').select('name').where('address_id', '=', id).orderBy('name').execute();
  const issuer = await db.selectFrom('issuer').select('name').where('address_id', '=', id).execute();
  return [...issuer, ...clients].map((row) => row.name);
}

import type { EinvoiceProfile } from '@faktura/shared';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection';
import type { IssuerTable } from '../../db/schema';
import { nowIso } from '../../db/time';

export type IssuerRow = Selectable<IssuerTable>;

/** The issuing business is the single row with id 1. */
export function findIssuer(db: Db): Promise<IssuerRow | undefined> {
  return db.selectFrom('issuer').selectAll().where('id', '=', 1).executeTakeFirst();
}

export type IssuerValues = Omit<IssuerRow, 'id' | 'updated_at' | 'premises_code' | 'device_code' | 'einvoice_profile' | 'flat_rate'> & {
  einvoice_profile?: EinvoiceProfile;
  flat_rate: number;
};

export async function saveIssuer(db: Db, values: IssuerValues): Promise<void> {
  const row = { ...values, updated_at: nowIso() };
  await db
    .insertInto('issuer')
    .values({ id: 1, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}

export async function savePos(db: Db, premisesCode: string, deviceCode: string): Promise<boolean> {
  const result = await db
    .updateTable('issuer')
    .set({ premises_code: premisesCode, device_code: deviceCode, updated_at: nowIso() })
    .where('id', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function addressUsedByClients(db: Db, addressId: number): Promise<boolean> {
  const row = await db.selectFrom('company').select('id').where('address_id', '=', addressId).executeTakeFirst();
  return row !== undefined;
}

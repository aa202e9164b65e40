import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection';
import type { FiscalSettingsTable } from '../../db/schema';
import { nowIso } from '../../db/time';

/** Private to the fiscalization module: other modules go through its index.ts. */
export type FiscalSettingsRow = Selectable<FiscalSettingsTable>;

export function findSettings(db: Db): Promise<FiscalSettingsRow | undefined> {
  return db.selectFrom('fiscal_settings').selectAll().where('id', '=', 1).executeTakeFirst();
}

export async function saveSettings(db: Db, values: Omit<FiscalSettingsRow, 'id' | 'updated_at'>): Promise<void> {
  const row = { ...values, updated_at: nowIso() };
  await db
    .insertInto('fiscal_settings')
    .values({ id: 1, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}

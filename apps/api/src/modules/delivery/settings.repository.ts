import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection';
import type { DeliverySettingsTable } from '../../db/schema';
import { nowIso } from '../../db/time';

/** Private to the delivery module: other modules go through its index.ts. */
export type DeliverySettingsRow = Selectable<DeliverySettingsTable>;

export function findSettings(db: Db): Promise<DeliverySettingsRow | undefined> {
  return db.selectFrom('delivery_settings').selectAll().where('id', '=', 1).executeTakeFirst();
}

export async function saveSettings(db: Db, values: Omit<DeliverySettingsRow, 'id' | 'updated_at' | 'process_checked_at'>): Promise<void> {
  const row = { ...values, updated_at: nowIso() };
  await db
    .insertInto('delivery_settings')
    .values({ id: 1, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}

/** Marks when the windowed process-status query last asked (issue 47). */
export async function processChecked(db: Db, at: string): Promise<void> {
  await db.updateTable('delivery_settings').set({ process_checked_at: at }).where('id', '=', 1).execute();
}

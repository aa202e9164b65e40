import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection';
import type { LineItemTable } from '../../db/schema';
import { nowIso } from '../../db/time';
import type { LineItemValues } from './lineItem.service';

export type LineItemRow = Selectable<LineItemTable>;

const columns = (v: LineItemValues) => ({
  name_hr: v.nameHr,
  name_en: v.nameEn,
  unit_price_cents: v.unitPriceCents,
  currency_code: v.currencyCode,
  unit: v.unit,
  kpd_code: v.kpdCode,
});

export function listLineItems(db: Db, ids?: number[]): Promise<LineItemRow[]> {
  let query = db.selectFrom('line_item').selectAll();
  if (ids) {
    if (ids.length === 0) return Promise.resolve([]);
    query = query.where('id', 'in', ids);
  }
  return query.orderBy('name_hr').orderBy('id').execute();
}

export function findLineItem(db: Db, id: number): Promise<LineItemRow | undefined> {
  return db.selectFrom('line_item').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertLineItem(db: Db, values: LineItemValues): Promise<LineItemRow> {
  const now = nowIso();
  return db
    .insertInto('line_item')
    .values({ ...columns(values), created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateLineItem(db: Db, id: number, values: LineItemValues): Promise<LineItemRow | undefined> {
  return db
    .updateTable('line_item')
    .set({ ...columns(values), updated_at: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Invoice lines keep their own copy of name and price, so deleting a catalogue item changes no invoice. */
export async function deleteLineItem(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('line_item').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

import type { Db } from '../db/connection';
import { takeLock } from '../db/lockOrder';
import type { Insertable } from 'kysely';
import type { IdempotencyKeyTable } from '../db/schema';

/** The SQL of `idempotency_key`; the rules of claiming, replaying and releasing are idempotency.ts's. */

export interface KeyClaim {
  operatorId: number;
  key: string;
  claim: string;
}

/** Forgets keys created before `before`. */
export async function sweep(trx: Db, before: string): Promise<void> {
  await trx.deleteFrom('idempotency_key').where('created_at', '<', before).execute();
}

/** Inserts the key unless this operator already has it; true when inserted. */
export async function insertKey(trx: Db, values: Insertable<IdempotencyKeyTable>): Promise<boolean> {
  const inserted = await trx
    .insertInto('idempotency_key')
    .values(values)
    .onConflict((oc) => oc.columns(['operator_id', 'idem_key']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function findKey(trx: Db, operatorId: number, key: string) {
  return trx
    .selectFrom('idempotency_key')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('idem_key', '=', key)
    .executeTakeFirstOrThrow();
}

/** Moves the key from the claim `previous` to `claimed` until `until`; false when another got it first. */
export async function takeOver(trx: Db, claimed: KeyClaim, previous: string, until: string): Promise<boolean> {
  const taken = await trx
    .updateTable('idempotency_key')
    .set({ claim: claimed.claim, claimed_until: until })
    .where('operator_id', '=', claimed.operatorId)
    .where('idem_key', '=', claimed.key)
    .where('claim', '=', previous)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Stores the answer under the key while this claim holds it; false when the claim was lost (decision 024's order). */
export async function storeAnswer(trx: Db, claimed: KeyClaim, status: number, body: string): Promise<boolean> {
  // with the work, in its ordered write transaction: after the audit head, before the month totals
  takeLock(trx, 'idempotencyKey');
  const stored = await trx
    .updateTable('idempotency_key')
    .set({ response_status: status, response_body: body })
    .where('operator_id', '=', claimed.operatorId)
    .where('idem_key', '=', claimed.key)
    .where('claim', '=', claimed.claim)
    .executeTakeFirst();
  return Number(stored.numUpdatedRows) === 1;
}

/** Lets the key go when this claim holds it and no answer was stored. */
export async function release(db: Db, claimed: KeyClaim): Promise<void> {
  await db
    .deleteFrom('idempotency_key')
    .where('operator_id', '=', claimed.operatorId)
    .where('idem_key', '=', claimed.key)
    .where('claim', '=', claimed.claim)
    .where('response_status', 'is', null)
    .execute();
}

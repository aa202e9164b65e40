import type { Db } from '../../db/connection';
import { nowIso } from '../../db/time';

export function findOperatorByEmail(db: Db, email: string) {
  return db.selectFrom('operator').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findOperatorById(db: Db, id: number) {
  return db.selectFrom('operator').select(['id', 'email', 'name']).where('id', '=', id).executeTakeFirst();
}

/** Who an operator is on an e-invoice: name and OIB (HR-BT-4, HR-BT-5). */
export function findOperatorIdentity(db: Db, id: number) {
  return db.selectFrom('operator').select(['name', 'oib']).where('id', '=', id).executeTakeFirst();
}

export async function insertRefreshToken(
  db: Db,
  row: { operatorId: number; familyId: string; hash: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('refresh_token')
    .values({
      operator_id: row.operatorId,
      family_id: row.familyId,
      token_hash: row.hash,
      expires_at: row.expiresAt,
      created_at: nowIso(),
    })
    .execute();
}

export function findRefreshToken(db: Db, hash: string) {
  return db.selectFrom('refresh_token').selectAll().where('token_hash', '=', hash).executeTakeFirst();
}

/** Marks a token used, only if nobody used it first; true when this call won. */
export async function markRefreshTokenUsed(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('refresh_token')
    .set({ used_at: nowIso() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A sign-in is live while its family has an unrevoked token. */
export async function isFamilyActive(db: Db, familyId: string): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_token')
    .select('id')
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends every sign-in of an operator except one (after a password change, the one that changed it). */
export async function revokeOtherFamilies(db: Db, operatorId: number, keepFamilyId: string): Promise<void> {
  await db
    .updateTable('refresh_token')
    .set({ revoked_at: nowIso() })
    .where('operator_id', '=', operatorId)
    .where('family_id', '!=', keepFamilyId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .updateTable('refresh_token')
    .set({ revoked_at: nowIso() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Drops tokens that expired more than a day ago, so the table does not grow without end. */
export async function deleteExpiredRefreshTokens(db: Db): Promise<void> {
  await db
    .deleteFrom('refresh_token')
    .where('expires_at', '<', new Date(Date.now() - 24 * 3600 * 1000).toISOString())
    .execute();
}

export function findThrottle(db: Db, username: string) {
  return db.selectFrom('login_throttle').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function saveThrottle(
  db: Db,
  row: { username: string; failures: number; window_started_at: string; blocked_until: string | null },
): Promise<void> {
  await db
    .insertInto('login_throttle')
    .values(row)
    .onConflict((oc) =>
      oc.column('username').doUpdateSet({
        failures: row.failures,
        window_started_at: row.window_started_at,
        blocked_until: row.blocked_until,
      }),
    )
    .execute();
}

export async function clearThrottle(db: Db, username: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('username', '=', username).execute();
}

import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import { nowIso } from '../../db/time';

/*
 * The auth module keeps the operators and their sign-ins: every statement on `operator`,
 * `refresh_token` and `login_throttle` is here.
 */

export async function countOperators(db: Db): Promise<number> {
  const row = await db
    .selectFrom('operator')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function listOperators(db: Db) {
  return db.selectFrom('operator').select(['id', 'email', 'name', 'created_at']).orderBy('id').execute();
}

/** Adds an operator (e-mail in lower case); false when the e-mail is taken. */
export async function insertOperator(db: Db, row: { email: string; name: string; passwordHash: string }): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .insertInto('operator')
    .values({ email: row.email.toLowerCase(), name: row.name, password_hash: row.passwordHash, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function setPasswordHash(db: Db, operatorId: number, hash: string): Promise<void> {
  await db.updateTable('operator').set({ password_hash: hash, updated_at: nowIso() }).where('id', '=', operatorId).execute();
}

/** Name, e-mail (lower case) and OIB of an operator's own account. */
export async function updateOperatorAccount(db: Db, operatorId: number, account: { name: string; email: string; oib: string | null }): Promise<void> {
  await db
    .updateTable('operator')
    .set({ name: account.name, email: account.email.toLowerCase(), oib: account.oib, updated_at: nowIso() })
    .where('id', '=', operatorId)
    .execute();
}

export function findOperatorByEmail(db: Db, email: string) {
  return db.selectFrom('operator').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findOperatorById(db: Db, id: number) {
  return db.selectFrom('operator').select(['id', 'email', 'name']).where('id', '=', id).executeTakeFirst();
}

/** Who an operator is on an e-invoice: name and OIB (HR-BT-4, HR-BT-5). */
export function findOperatorIdentity(db: Db, id: number) {
  return db.selectFrom('operator').select(['name', 'email', 'oib']).where('id', '=', id).executeTakeFirst();
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

/** Keeps the sealed successor of a token just rotated (for the grace window). */
export async function setSuccessor(db: Db, id: number, sealed: string): Promise<void> {
  await db.updateTable('refresh_token').set({ successor_sealed: sealed }).where('id', '=', id).execute();
}

/** The operator of a bearer token, when its sign-in is still live: one query for every request. */
export function findSignedInOperator(db: Db, id: number, familyId: string) {
  return db
    .selectFrom('operator')
    .select(['id', 'email', 'name'])
    .where('id', '=', id)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('refresh_token')
          .select('refresh_token.id')
          .where('refresh_token.family_id', '=', familyId)
          .where('refresh_token.revoked_at', 'is', null),
      ),
    )
    .executeTakeFirst();
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

/** Ends every sign-in of an operator (a password reset from the command line). */
export async function revokeAllFamilies(db: Db, operatorId: number): Promise<void> {
  await db
    .updateTable('refresh_token')
    .set({ revoked_at: nowIso() })
    .where('operator_id', '=', operatorId)
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

export type ThrottleScope = 'account' | 'address';

export interface ThrottleCount {
  attempts: number;
  window_started_at: string;
  blocked_until: string | null;
}

export interface ThrottleRule {
  /** Attempts admitted per window; reaching it blocks the subject until `now + blockMs`. */
  limit: number;
  windowMs: number;
  blockMs: number;
}

/**
 * Counts one sign-in attempt and reads the count back, in ONE statement (an upsert with RETURNING),
 * so concurrent attempts, in this process or another, each get a distinct count. A count above the
 * rule's limit means "refused". The window restarts once it has passed (or once a block has ended).
 */
export async function countAttempt(
  db: Db,
  scope: ThrottleScope,
  subject: string,
  rule: ThrottleRule,
  now: Date,
): Promise<ThrottleCount> {
  const at = now.toISOString();
  const windowFloor = new Date(now.getTime() - rule.windowMs).toISOString();
  const blockEnd = new Date(now.getTime() + rule.blockMs).toISOString();
  const fresh = sql<boolean>`((login_throttle.blocked_until is not null and login_throttle.blocked_until <= ${at})
    or (login_throttle.blocked_until is null and login_throttle.window_started_at <= ${windowFloor}))`;
  return db
    .insertInto('login_throttle')
    .values({
      scope,
      subject,
      attempts: 1,
      window_started_at: at,
      blocked_until: rule.limit <= 1 ? blockEnd : null,
    })
    .onConflict((oc) =>
      oc.columns(['scope', 'subject']).doUpdateSet({
        attempts: sql<number>`case when ${fresh} then 1 else login_throttle.attempts + 1 end`,
        window_started_at: sql<string>`case when ${fresh} then ${at} else login_throttle.window_started_at end`,
        blocked_until: sql<string | null>`case
          when ${fresh} then ${rule.limit <= 1 ? blockEnd : null}
          when login_throttle.blocked_until is not null then login_throttle.blocked_until
          when login_throttle.attempts + 1 >= ${rule.limit} then ${blockEnd}
          else null end`,
      }),
    )
    .returning(['attempts', 'window_started_at', 'blocked_until'])
    .executeTakeFirstOrThrow();
}

/**
 * Gives back `count` admitted attempts of a window (one statement): after a success, the attempts
 * admitted up to and including it, or one attempt that was admitted but never used. Refused attempts
 * (above the limit) are dropped too; the block ends because the count is then below the limit.
 * A window that has since restarted is left alone.
 */
export async function releaseAttempts(
  db: Db,
  scope: ThrottleScope,
  subject: string,
  rule: ThrottleRule,
  count: number,
  windowStartedAt: string,
): Promise<void> {
  const admitted = sql<number>`(case when login_throttle.attempts > ${rule.limit} then ${rule.limit} else login_throttle.attempts end)`;
  await db
    .updateTable('login_throttle')
    .set({
      attempts: sql<number>`case when ${admitted} - ${count} < 0 then 0 else ${admitted} - ${count} end`,
      blocked_until: null,
    })
    .where('scope', '=', scope)
    .where('subject', '=', subject)
    .where('window_started_at', '=', windowStartedAt)
    .execute();
}

/** Forgets counts whose window or block is over, so the table does not grow without end. */
export async function deleteStaleThrottles(db: Db, now: Date, windowMs: number): Promise<void> {
  const windowFloor = new Date(now.getTime() - windowMs).toISOString();
  await db
    .deleteFrom('login_throttle')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocked_until', 'is', null), eb('window_started_at', '<=', windowFloor)]),
        eb.and([eb('blocked_until', 'is not', null), eb('blocked_until', '<=', now.toISOString())]),
      ]),
    )
    .execute();
}

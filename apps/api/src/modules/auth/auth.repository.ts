import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiledOnce';
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

/**
 * The operator of a bearer token, when its sign-in is still live: one query for every request, so
 * built and compiled once, the ids bound per call (issue 33 item 2).
 */
export async function findSignedInOperator(db: Db, id: number, familyId: string) {
  const { rows } = await signedInOperator(db, { id, familyId });
  return rows[0];
}

const signedInOperator = compiledOnce((db: Db, { id, familyId }: { id: number; familyId: string }) =>
  db
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
    ),
);

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

export type ThrottleScope = 'account' | 'address' | 'device';

/** What counting an attempt decided: run the password check, wait for a running one, or refuse. */
export type ThrottleVerdict = 'admitted' | 'wait' | 'blocked';

export interface ThrottleCount {
  verdict: ThrottleVerdict;
  failures: number;
  blocked_until: string | null;
}

export interface ThrottleRule {
  /** Failures allowed per window; reaching it blocks the subject until `now + blockMs`. */
  limit: number;
  windowMs: number;
  blockMs: number;
}

/**
 * How long a running attempt holds its place: past this its `running` count is stale (the process
 * checking it died) and read as 0. Far longer than a password check and its wait in the queue.
 */
export const RUNNING_LEASE_MS = 60 * 1000;

/** The window or block has passed: the count starts again (SQL over the stored row). */
function freshWindow(at: string, windowFloor: string) {
  return sql<boolean>`((login_throttle.blocked_until is not null and login_throttle.blocked_until <= ${at})
    or (login_throttle.blocked_until is null and login_throttle.window_started_at <= ${windowFloor}))`;
}

/** Attempts still running, 0 once their lease has passed. */
function liveRunning(at: string) {
  return sql<number>`(case when login_throttle.running_until > ${at} then login_throttle.running else 0 end)`;
}

/**
 * Asks to run one sign-in attempt and reads the verdict back, in ONE statement (an upsert with
 * RETURNING; concurrent statements on the row, in this process or another, run one after the other):
 * - `blocked` while a block set by failures lasts;
 * - `admitted` when the failures of the window plus the attempts still running leave room: the
 *   attempt then holds a place (`running + 1`) until `finishAttempt`;
 * - `wait` otherwise: as many attempts as the allowance has left are running; ask again later.
 * So however many guesses arrive at once, no more run than failures remain before the block.
 * The window restarts once it has passed (or once a block has ended).
 */
export async function countAttempt(
  db: Db,
  key: { scope: ThrottleScope; subject: string; account: string | null },
  rule: ThrottleRule,
  now: Date,
): Promise<ThrottleCount> {
  const at = now.toISOString();
  const windowFloor = new Date(now.getTime() - rule.windowMs).toISOString();
  const leaseEnd = new Date(now.getTime() + RUNNING_LEASE_MS).toISOString();
  const fresh = freshWindow(at, windowFloor);
  const live = liveRunning(at);
  const blocked = sql<boolean>`(login_throttle.blocked_until is not null and login_throttle.blocked_until > ${at})`;
  const room = sql<boolean>`(not ${blocked} and (case when ${fresh} then 0 else login_throttle.failures end) + ${live} < ${rule.limit})`;
  return db
    .insertInto('login_throttle')
    .values({
      scope: key.scope,
      subject: key.subject,
      account: key.account,
      failures: 0,
      window_started_at: at,
      blocked_until: null,
      running: 1,
      running_until: leaseEnd,
      verdict: 'admitted',
    })
    .onConflict((oc) =>
      oc.columns(['scope', 'subject']).doUpdateSet({
        failures: sql<number>`case when ${fresh} then 0 else login_throttle.failures end`,
        window_started_at: sql<string>`case when ${fresh} then ${at} else login_throttle.window_started_at end`,
        blocked_until: sql<string | null>`case when ${fresh} then null else login_throttle.blocked_until end`,
        running: sql<number>`case when ${room} then ${live} + 1 else ${live} end`,
        running_until: sql<string | null>`case when ${room} then ${leaseEnd} else login_throttle.running_until end`,
        verdict: sql<string>`case when ${blocked} then 'blocked' when ${room} then 'admitted' else 'wait' end`,
      }),
    )
    .returning(['verdict', 'failures', 'blocked_until'])
    .executeTakeFirstOrThrow() as Promise<ThrottleCount>;
}

/**
 * Ends an admitted attempt (one statement): its place is given back, and
 * - `failed`: one failure more in the window (a new window if it has passed); reaching the limit
 *   blocks the subject until `now + blockMs`;
 * - `succeeded`: the failures and any block are cleared (an account or device cookie: the old
 *   "success clears the failures"); an address keeps its failures against other accounts;
 * - `unused`: nothing else (the attempt was admitted but never checked).
 */
export async function finishAttempt(
  db: Db,
  key: { scope: ThrottleScope; subject: string },
  rule: ThrottleRule,
  outcome: 'failed' | 'succeeded' | 'unused',
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const windowFloor = new Date(now.getTime() - rule.windowMs).toISOString();
  const blockEnd = new Date(now.getTime() + rule.blockMs).toISOString();
  const fresh = freshWindow(at, windowFloor);
  const live = liveRunning(at);
  const running = sql<number>`case when ${live} > 0 then ${live} - 1 else 0 end`;
  const clears = outcome === 'succeeded' && key.scope !== 'address';
  const set =
    outcome === 'failed'
      ? {
          running,
          failures: sql<number>`case when ${fresh} then 1 else login_throttle.failures + 1 end`,
          window_started_at: sql<string>`case when ${fresh} then ${at} else login_throttle.window_started_at end`,
          blocked_until: sql<string | null>`case
            when ${fresh} then ${rule.limit <= 1 ? blockEnd : null}
            when login_throttle.blocked_until is not null then login_throttle.blocked_until
            when login_throttle.failures + 1 >= ${rule.limit} then ${blockEnd}
            else null end`,
        }
      : clears
        ? { running, failures: 0, blocked_until: null }
        : { running };
  await db.updateTable('login_throttle').set(set).where('scope', '=', key.scope).where('subject', '=', key.subject).execute();
}

/** Forgets counts whose window or block is over and that nothing is running on, so the table does not grow without end. */
export async function deleteStaleThrottles(db: Db, now: Date, windowMs: number): Promise<void> {
  const at = now.toISOString();
  const windowFloor = new Date(now.getTime() - windowMs).toISOString();
  await db
    .deleteFrom('login_throttle')
    .where((eb) =>
      eb.and([
        eb.or([
          eb.and([eb('blocked_until', 'is', null), eb('window_started_at', '<=', windowFloor)]),
          eb.and([eb('blocked_until', 'is not', null), eb('blocked_until', '<=', at)]),
        ]),
        eb.or([eb('running', '=', 0), eb('running_until', 'is', null), eb('running_until', '<=', at)]),
      ]),
    )
    .execute();
}

/** Which throttling counts `operator unlock` lifts: an account's (with its device cookies'), an address's, or all. */
export type UnlockTarget = { account: string } | { address: string } | 'all';

/**
 * Deletes the counts of a target in one statement and answers what they were, so the command line
 * can say what it lifted. Attempts running meanwhile finish against no row, which changes nothing.
 */
export function deleteThrottles(db: Db, target: UnlockTarget) {
  let query = db.deleteFrom('login_throttle');
  if (target !== 'all') {
    query =
      'account' in target
        ? query.where('account', '=', target.account.toLowerCase()).where('scope', 'in', ['account', 'device'])
        : query.where('scope', '=', 'address').where('subject', '=', target.address);
  }
  return query.returning(['scope', 'subject', 'account', 'failures', 'blocked_until']).execute();
}

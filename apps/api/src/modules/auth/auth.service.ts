import type { Profile, Token } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { isoIn } from '../../db/time';
import { AppError } from '../../http/errors';
import * as repo from './auth.repository';
import { decoyHash, verifyPassword } from './password';
import { SignInQueue } from './signInQueue';
import { deviceNonce, issueDeviceCookie } from './deviceCookie';
import { type Admission, admitAttempt, recordFailure, recordSuccess, releaseUnused } from './throttle';
import {
  REFRESH_GRACE_MS,
  REFRESH_TOKEN_TTL_MS,
  hashRefreshToken,
  newFamilyId,
  newRefreshToken,
  openSuccessor,
  sealSuccessor,
  signAccessToken,
  verifyAccessToken,
} from './tokens';

export interface AuthContext {
  db: Db;
  secret: Uint8Array;
  /** Bounds the password checks running at once (one per app; a default one when absent). */
  signInQueue?: SignInQueue;
}

const defaultQueue = new SignInQueue();

export interface SignIn {
  profile: Profile;
  refreshToken: string;
  /** A new device cookie naming the account (decision 025): this browser has now signed in as it. */
  deviceCookie: string;
}

async function startRefreshToken(ctx: Pick<AuthContext, 'db'>, operatorId: number, familyId: string): Promise<string> {
  const { token, hash } = newRefreshToken();
  await repo.insertRefreshToken(ctx.db, { operatorId, familyId, hash, expiresAt: isoIn(REFRESH_TOKEN_TTL_MS) });
  return token;
}

/** Who is signing in: the client's address and the device cookie its browser sent, if any. */
export interface Client {
  address: string;
  deviceCookie: string | undefined;
}

/**
 * Checks the password and starts a new sign-in family. Before the password is hashed the attempt
 * takes its places in the throttling counts (its device cookie's, or the account's and the
 * address's: throttle.ts); a wrong password counts as a failure there, a right one clears them.
 */
export async function login(ctx: AuthContext, username: string, password: string, client: Client): Promise<SignIn> {
  const key = username.trim().toLowerCase();
  // a place in the password-check queue first: a busy server refuses before counting the attempt
  const place = (ctx.signInQueue ?? defaultQueue).reserve();
  let admission: Admission | undefined;
  let operator: Awaited<ReturnType<typeof repo.findOperatorByEmail>>;
  let valid: boolean;
  try {
    const device = deviceNonce(ctx.secret, client.deviceCookie, key);
    admission = await admitAttempt(ctx.db, { account: key, address: client.address, device });
    operator = await repo.findOperatorByEmail(ctx.db, key);
    // verify against a decoy when the user is unknown, so timing does not tell which e-mails exist
    valid = await place.run(async () => verifyPassword(password, operator?.password_hash ?? (await decoyHash())));
  } catch (error) {
    place.cancel();
    if (admission) await releaseUnused(ctx.db, admission);
    throw error;
  }
  if (!operator || !valid) {
    await recordFailure(ctx.db, admission);
    throw new AppError('invalidCredentials');
  }
  await recordSuccess(ctx.db, admission);
  // each sign-in sweeps tokens long expired, so the table does not grow without end
  await repo.deleteExpiredRefreshTokens(ctx.db);
  const familyId = newFamilyId();
  const refreshToken = await startRefreshToken(ctx, operator.id, familyId);
  const token = await signAccessToken(ctx.secret, { operatorId: operator.id, familyId });
  return {
    profile: { username: operator.email, name: operator.name, token },
    refreshToken,
    deviceCookie: issueDeviceCookie(ctx.secret, key),
  };
}

type Rotation = { ok: true; operatorId: number; familyId: string; refreshToken: string } | { ok: false };

/**
 * Rotates a refresh token. Presented again within REFRESH_GRACE_MS of its rotation (two tabs at
 * once, a retried request), it answers with the same successor, as long as that is still unused or
 * itself just rotated. Presented again later, it was copied: the whole sign-in (every token of its
 * family) is revoked. One transaction, so a concurrent second presentation waits for the first and
 * then finds its successor.
 */
export async function refresh(
  ctx: AuthContext,
  presented: string | undefined,
): Promise<{ token: Token; refreshToken: string }> {
  if (!presented) throw new AppError('refreshInvalid');
  const outcome = await ctx.db.transaction().execute((trx) => rotate(trx, presented));
  // thrown only after the commit, so a revocation for reuse stays
  if (!outcome.ok) throw new AppError('refreshInvalid');
  const token = await signAccessToken(ctx.secret, { operatorId: outcome.operatorId, familyId: outcome.familyId });
  return { token, refreshToken: outcome.refreshToken };
}

async function rotate(db: Db, presented: string): Promise<Rotation> {
  const row = await repo.findRefreshToken(db, hashRefreshToken(presented));
  if (!row || row.revoked_at) return { ok: false };
  if (!row.used_at && (await repo.markRefreshTokenUsed(db, row.id))) {
    if (new Date(row.expires_at).getTime() <= Date.now()) return { ok: false };
    const operator = await repo.findOperatorById(db, row.operator_id);
    if (!operator) return { ok: false };
    const refreshToken = await startRefreshToken({ db }, operator.id, row.family_id);
    await repo.setSuccessor(db, row.id, sealSuccessor(presented, refreshToken));
    return { ok: true, operatorId: operator.id, familyId: row.family_id, refreshToken };
  }
  const successor = await graceSuccessor(db, presented);
  if (successor) return { ok: true, operatorId: row.operator_id, familyId: row.family_id, refreshToken: successor };
  await repo.revokeFamily(db, row.family_id);
  return { ok: false };
}

/**
 * The live token a token rotated within the grace window leads to: its successor, or (when that was
 * rotated within the window too) the successor's, a few steps at most.
 */
async function graceSuccessor(db: Db, presented: string): Promise<string | null> {
  let token = presented;
  for (let step = 0; step < 4; step++) {
    // read again: a concurrent rotation of this token has committed by now
    const row = await repo.findRefreshToken(db, hashRefreshToken(token));
    if (!row || row.revoked_at) return null;
    if (!row.used_at) return step === 0 ? null : token;
    const inGrace = Date.now() - new Date(row.used_at).getTime() <= REFRESH_GRACE_MS;
    const next = inGrace && row.successor_sealed ? openSuccessor(token, row.successor_sealed) : null;
    if (!next) return null;
    token = next;
  }
  return null;
}

/** Ends the sign-in the refresh token belongs to. Unknown tokens are ignored: logout always works. */
export async function logout(ctx: AuthContext, presented: string | undefined): Promise<void> {
  if (!presented) return;
  const row = await repo.findRefreshToken(ctx.db, hashRefreshToken(presented));
  if (row) await repo.revokeFamily(ctx.db, row.family_id);
}

export interface Operator {
  id: number;
  email: string;
  name: string;
  /** The sign-in this request belongs to. */
  familyId: string;
}

/** Resolves a bearer token to its operator, or throws 401. */
export async function authenticate(ctx: AuthContext, header: string | undefined): Promise<Operator> {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) throw new AppError('unauthorized');
  const result = await verifyAccessToken(ctx.secret, match[1]);
  if (!result.ok) throw new AppError(result.expired ? 'tokenExpired' : 'unauthorized');
  // logout and reuse detection end the sign-in at once, not when its access token runs out
  const operator = await repo.findSignedInOperator(ctx.db, result.claims.operatorId, result.claims.familyId);
  if (!operator) throw new AppError('unauthorized');
  return { ...operator, familyId: result.claims.familyId };
}

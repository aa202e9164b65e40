import type { Profile, Token } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { isoIn } from '../../db/time';
import { AppError } from '../../http/errors';
import * as repo from './auth.repository';
import { decoyHash, verifyPassword } from './password';
import { SignInQueue } from './signInQueue';
import { admitAttempt, recordSuccess } from './throttle';
import {
  REFRESH_TOKEN_TTL_MS,
  hashRefreshToken,
  newFamilyId,
  newRefreshToken,
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
}

async function startRefreshToken(ctx: AuthContext, operatorId: number, familyId: string): Promise<string> {
  const { token, hash } = newRefreshToken();
  await repo.insertRefreshToken(ctx.db, { operatorId, familyId, hash, expiresAt: isoIn(REFRESH_TOKEN_TTL_MS) });
  return token;
}

/**
 * Checks the password and starts a new sign-in family. The attempt is counted (per account and per
 * client address) before the password is hashed; a wrong password leaves it counted.
 */
export async function login(ctx: AuthContext, username: string, password: string, address: string): Promise<SignIn> {
  const key = username.trim().toLowerCase();
  // a place in the password-check queue first: a busy server refuses before counting the attempt
  const place = (ctx.signInQueue ?? defaultQueue).reserve();
  let admission: Awaited<ReturnType<typeof admitAttempt>>;
  let operator: Awaited<ReturnType<typeof repo.findOperatorByEmail>>;
  try {
    admission = await admitAttempt(ctx.db, key, address);
    operator = await repo.findOperatorByEmail(ctx.db, key);
  } catch (error) {
    place.cancel();
    throw error;
  }
  // verify against a decoy when the user is unknown, so timing does not tell which e-mails exist
  const valid = await place.run(async () => verifyPassword(password, operator?.password_hash ?? (await decoyHash())));
  if (!operator || !valid) throw new AppError('invalidCredentials');
  await recordSuccess(ctx.db, admission);
  // each sign-in sweeps tokens long expired, so the table does not grow without end
  await repo.deleteExpiredRefreshTokens(ctx.db);
  const familyId = newFamilyId();
  const refreshToken = await startRefreshToken(ctx, operator.id, familyId);
  const token = await signAccessToken(ctx.secret, { operatorId: operator.id, familyId });
  return { profile: { username: operator.email, name: operator.name, token }, refreshToken };
}

/**
 * Rotates a refresh token. A token presented a second time means it was copied: the whole sign-in
 * (every token of its family) is revoked.
 */
export async function refresh(
  ctx: AuthContext,
  presented: string | undefined,
): Promise<{ token: Token; refreshToken: string }> {
  if (!presented) throw new AppError('refreshInvalid');
  const row = await repo.findRefreshToken(ctx.db, hashRefreshToken(presented));
  if (!row) throw new AppError('refreshInvalid');
  if (row.revoked_at) throw new AppError('refreshInvalid');
  if (row.used_at || !(await repo.markRefreshTokenUsed(ctx.db, row.id))) {
    await repo.revokeFamily(ctx.db, row.family_id);
    throw new AppError('refreshInvalid');
  }
  if (new Date(row.expires_at).getTime() <= Date.now()) throw new AppError('refreshInvalid');
  const operator = await repo.findOperatorById(ctx.db, row.operator_id);
  if (!operator) throw new AppError('refreshInvalid');
  const refreshToken = await startRefreshToken(ctx, operator.id, row.family_id);
  const token = await signAccessToken(ctx.secret, { operatorId: operator.id, familyId: row.family_id });
  return { token, refreshToken };
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

import type { Db } from '../../db/connection';
import { AppError } from '../../http/errors';
import { type ThrottleRule, type ThrottleScope, countAttempt, deleteStaleThrottles, releaseAttempts } from './auth.repository';

/**
 * Sign-in attempts are counted in the database (so several API processes share the count) BEFORE
 * the password is hashed, per account (the e-mail typed, known or not) and per client address:
 * - an account admits five attempts within fifteen minutes, then is blocked for fifteen minutes;
 * - an address admits twenty (an office behind one address has several operators), likewise.
 * An attempt that finds either blocked is refused with 429 and never reaches the password hash, so
 * a burst of N parallel guesses costs exactly N of the allowance, however it is timed.
 * A successful sign-in gives back the account's attempts up to and including itself (the old
 * "success clears the failures") and only its own attempt of the address, so one valid account
 * cannot be used to wipe an address's failures against other accounts.
 */
export const ACCOUNT_RULE: ThrottleRule = { limit: 5, windowMs: 15 * 60 * 1000, blockMs: 15 * 60 * 1000 };
export const ADDRESS_RULE: ThrottleRule = { limit: 20, windowMs: 15 * 60 * 1000, blockMs: 15 * 60 * 1000 };

interface Ticket {
  scope: ThrottleScope;
  subject: string;
  /** This attempt's place in its window (1 = first). */
  position: number;
  windowStartedAt: string;
}

/** An attempt admitted to the password check. */
export interface Admission {
  account: Ticket;
  address: Ticket;
}

/** 429 with the time left, measured when answering (concurrent attempts may have set the block later than this one started). */
function throttled(blockedUntil: string | null, rule: ThrottleRule): AppError {
  const answeredAt = Date.now();
  const until = blockedUntil ? new Date(blockedUntil).getTime() : answeredAt + rule.blockMs;
  const remainingMs = Math.min(rule.blockMs, Math.max(1000, until - answeredAt));
  return new AppError('throttled', {
    params: { minutes: Math.max(1, Math.ceil(remainingMs / 60_000)) },
    headers: { 'retry-after': String(Math.ceil(remainingMs / 1000)) },
  });
}

/** Counts the attempt against the account and the address; throws 429 when either is used up. */
export async function admitAttempt(db: Db, account: string, address: string, now = new Date()): Promise<Admission> {
  const acc = await countAttempt(db, 'account', account, ACCOUNT_RULE, now);
  if (acc.attempts > ACCOUNT_RULE.limit) throw throttled(acc.blocked_until, ACCOUNT_RULE);
  const addr = await countAttempt(db, 'address', address, ADDRESS_RULE, now);
  if (addr.attempts > ADDRESS_RULE.limit) {
    // the account's attempt was counted but will not be tried: give it back
    await releaseAttempts(db, 'account', account, ACCOUNT_RULE, 1, acc.window_started_at);
    throw throttled(addr.blocked_until, ADDRESS_RULE);
  }
  return {
    account: { scope: 'account', subject: account, position: acc.attempts, windowStartedAt: acc.window_started_at },
    address: { scope: 'address', subject: address, position: addr.attempts, windowStartedAt: addr.window_started_at },
  };
}

/** After a correct password: clears the account's earlier attempts and gives back this one's address attempt. */
export async function recordSuccess(db: Db, admission: Admission, now = new Date()): Promise<void> {
  const { account, address } = admission;
  await releaseAttempts(db, 'account', account.subject, ACCOUNT_RULE, account.position, account.windowStartedAt);
  await releaseAttempts(db, 'address', address.subject, ADDRESS_RULE, 1, address.windowStartedAt);
  await deleteStaleThrottles(db, now, Math.max(ACCOUNT_RULE.windowMs, ADDRESS_RULE.windowMs));
}

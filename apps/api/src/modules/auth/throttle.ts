import type { Db } from '../../db/connection';
import { AppError } from '../../http/errors';
import {
  type ThrottleCount,
  type ThrottleRule,
  type ThrottleScope,
  type UnlockTarget,
  countAttempt,
  deleteStaleThrottles,
  deleteThrottles,
  finishAttempt,
} from './auth.repository';

/**
 * Sign-in throttling (decisions 006 and 025), counted in the database so several API processes share
 * it. FAILURES are counted, when they fail; an attempt still running holds a place instead, so no more
 * guesses run at once than failures remain before the block, and a burst of N guesses costs exactly N.
 * An attempt that finds no place left waits (bounded) for a running one to finish, so concurrent
 * correct sign-ins of one account all get through; one that finds a block is refused with 429.
 *
 * Whom an attempt is judged by (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"):
 * - a browser presenting a valid device cookie for the account typed (it signed in as that account
 *   before) is judged by that cookie's own count only: five failures in fifteen minutes lock that
 *   cookie out for fifteen minutes, and then it is judged like any other browser;
 * - any other browser by the account's count for untrusted clients (five failures per fifteen
 *   minutes, then a block of fifteen minutes) and by its address's (twenty: an office behind one
 *   address has several operators).
 * So a guesser throttled by address or account does not lock out an operator whose browser signed
 * in before. A successful sign-in clears its account's (or cookie's) failures; of the address only its
 * own place is given back, so one valid account cannot wipe an address's failures against others.
 */
export const ACCOUNT_RULE: ThrottleRule = { limit: 5, windowMs: 15 * 60 * 1000, blockMs: 15 * 60 * 1000 };
export const ADDRESS_RULE: ThrottleRule = { limit: 20, windowMs: 15 * 60 * 1000, blockMs: 15 * 60 * 1000 };
export const DEVICE_RULE: ThrottleRule = { limit: 5, windowMs: 15 * 60 * 1000, blockMs: 15 * 60 * 1000 };

const RULES: Record<ThrottleScope, ThrottleRule> = { account: ACCOUNT_RULE, address: ADDRESS_RULE, device: DEVICE_RULE };

/** How long an attempt waits for a place before the server answers "busy, try again". */
export const PLACE_WAIT_MS = 15 * 1000;
/** How often a waiting attempt asks again when no attempt of this process finished meanwhile. */
const POLL_MS = 200;

interface Ticket {
  scope: ThrottleScope;
  subject: string;
}

/** An attempt admitted to the password check: the places it holds. */
export interface Admission {
  tickets: Ticket[];
  /** Judged by a device cookie rather than by account and address. */
  trusted: boolean;
}

/** Who is signing in: the account typed, the client's address, and the nonce of a valid device cookie for that account. */
export interface Attempt {
  account: string;
  address: string;
  device: string | null;
}

// Waiting attempts of this process wake when one of its attempts finishes, so they need not poll
// fast; attempts finished by another process are seen at the next poll.
const sleepers = new Set<() => void>();
function wakeSleepers(): void {
  for (const wake of sleepers) wake();
  sleepers.clear();
}
function nap(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      sleepers.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    sleepers.add(done);
  });
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

/** The places are all taken for longer than an attempt may wait: ask the client to come back shortly. */
function busy(): AppError {
  const seconds = 5;
  return new AppError('signInBusy', { params: { seconds }, headers: { 'retry-after': String(seconds) } });
}

/** Asks for a place in one count until admitted or blocked, waiting while attempts run; `null` when waiting took too long. */
async function takePlace(db: Db, ticket: Ticket, account: string | null, deadline: number): Promise<ThrottleCount | null> {
  for (;;) {
    const count = await countAttempt(db, { ...ticket, account }, RULES[ticket.scope], new Date());
    if (count.verdict !== 'wait') return count;
    const left = deadline - Date.now();
    if (left <= 0) return null;
    await nap(Math.min(left, POLL_MS * (0.75 + Math.random() / 2)));
  }
}

async function release(db: Db, tickets: Ticket[], outcome: 'failed' | 'succeeded' | 'unused'): Promise<void> {
  const now = new Date();
  try {
    for (const ticket of tickets) await finishAttempt(db, ticket, RULES[ticket.scope], outcome, now);
  } finally {
    wakeSleepers();
  }
}

/**
 * Takes the places an attempt needs before its password is hashed: its device cookie's, or else its
 * account's and its address's. Throws 429 `throttled` when a block stands (`signInBusy` when no place
 * came free in time); a place taken and then not used is given back.
 */
export async function admitAttempt(db: Db, attempt: Attempt): Promise<Admission> {
  const deadline = Date.now() + PLACE_WAIT_MS;
  if (attempt.device) {
    const device: Ticket = { scope: 'device', subject: attempt.device };
    const count = await takePlace(db, device, attempt.account, deadline);
    if (!count) throw busy();
    if (count.verdict === 'admitted') return { tickets: [device], trusted: true };
    // this cookie is locked out: from here on it is a browser like any other
  }
  const account: Ticket = { scope: 'account', subject: attempt.account };
  const acc = await takePlace(db, account, attempt.account, deadline);
  if (!acc) throw busy();
  if (acc.verdict === 'blocked') throw throttled(acc.blocked_until, ACCOUNT_RULE);
  const address: Ticket = { scope: 'address', subject: attempt.address };
  let addr: ThrottleCount | null;
  try {
    addr = await takePlace(db, address, null, deadline);
  } catch (error) {
    await release(db, [account], 'unused');
    throw error;
  }
  if (addr?.verdict !== 'admitted') {
    // the account's place was taken but will not be used: give it back
    await release(db, [account], 'unused');
    throw addr ? throttled(addr.blocked_until, ADDRESS_RULE) : busy();
  }
  return { tickets: [account, address], trusted: false };
}

/** After a wrong password (or an unknown account): one failure more for each count the attempt was judged by. */
export function recordFailure(db: Db, admission: Admission): Promise<void> {
  return release(db, admission.tickets, 'failed');
}

/** After a correct password: clears the account's (or device cookie's) failures, gives back the address's place. */
export async function recordSuccess(db: Db, admission: Admission): Promise<void> {
  await release(db, admission.tickets, 'succeeded');
  await deleteStaleThrottles(db, new Date(), Math.max(ACCOUNT_RULE.windowMs, ADDRESS_RULE.windowMs, DEVICE_RULE.windowMs));
}

/** An admitted attempt that was never checked (the check itself failed): its places are given back. */
export function releaseUnused(db: Db, admission: Admission): Promise<void> {
  return release(db, admission.tickets, 'unused');
}

/** One count `unlock` removed: whose it was, and the block it lifted (null when it only held failures). */
export interface LiftedLock {
  scope: ThrottleScope;
  /** The account, the address, or (a device cookie) the account it signed in as. */
  subject: string;
  failures: number;
  blockedUntil: string | null;
}

/** Lifts the throttling of an account (and of its device cookies), of an address, or all of it. */
export async function unlock(db: Db, target: UnlockTarget, now = new Date()): Promise<LiftedLock[]> {
  const rows = await deleteThrottles(db, target);
  return rows
    .filter((row) => row.failures > 0 || (row.blocked_until !== null && row.blocked_until > now.toISOString()))
    .map((row) => ({
      scope: row.scope,
      subject: row.scope === 'device' ? (row.account ?? '') : row.subject,
      failures: row.failures,
      blockedUntil: row.blocked_until !== null && row.blocked_until > now.toISOString() ? row.blocked_until : null,
    }));
}

import type { Db } from '../../db/connection';
import { nowIso } from '../../db/time';
import { AppError } from '../../http/errors';
import { findThrottle, saveThrottle } from './auth.repository';

/**
 * Failed sign-ins are counted per username in the database (so several API processes share the
 * count): five failures within fifteen minutes block that username for fifteen minutes.
 */
export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60 * 1000;
export const BLOCK_MS = 15 * 60 * 1000;

export async function assertNotThrottled(db: Db, username: string, now = new Date()): Promise<void> {
  const row = await findThrottle(db, username);
  if (!row?.blocked_until) return;
  const remainingMs = new Date(row.blocked_until).getTime() - now.getTime();
  if (remainingMs <= 0) return;
  const minutes = Math.max(1, Math.ceil(remainingMs / 60_000));
  throw new AppError('throttled', {
    params: { minutes },
    headers: { 'retry-after': String(Math.ceil(remainingMs / 1000)) },
  });
}

export async function recordFailure(db: Db, username: string, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await findThrottle(trx, username);
    const windowOpen = row && now.getTime() - new Date(row.window_started_at).getTime() < WINDOW_MS;
    const failures = windowOpen ? row.failures + 1 : 1;
    await saveThrottle(trx, {
      username,
      failures,
      window_started_at: windowOpen ? row.window_started_at : nowIso(),
      blocked_until: failures >= MAX_FAILURES ? new Date(now.getTime() + BLOCK_MS).toISOString() : null,
    });
  });
}

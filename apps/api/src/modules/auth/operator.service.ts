import { operatorNameNeeded } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { lockForStartup } from '../../db/dialect';
import * as repo from './auth.repository';
import { generatePassword, hashPassword } from './password';
import { type LiftedLock, unlock } from './throttle';

export interface CreatedOperator {
  email: string;
  name: string;
  /** True when no name was given and it was derived from the e-mail: Settings asks for the full name. */
  nameNeeded: boolean;
  /** Set only when the password was generated here and must be shown once. */
  generatedPassword?: string;
}

/** The operator's OIB as entered today (one read): null when they have none, or there is no such operator. */
export async function operatorOib(db: Db, id: number): Promise<string | null> {
  return (await repo.findOperatorIdentity(db, id))?.oib ?? null;
}

/** A stand-in until the operator enters a full name (Settings asks for it: `operatorNameNeeded`). */
export function nameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? email;
  return local.charAt(0).toUpperCase() + local.slice(1);
}

export type { LiftedLock };

/**
 * Lifts sign-in throttling (`npm run operator -- unlock`): of one account (the account's count and
 * those of its device cookies), of one client address, or every count. Answers what it lifted.
 */
export function unlockSignIns(db: Db, target: { email: string } | { address: string } | 'all'): Promise<LiftedLock[]> {
  if (target === 'all') return unlock(db, 'all');
  return unlock(db, 'email' in target ? { account: target.email.trim().toLowerCase() } : { address: target.address.trim() });
}

export const countOperators = repo.countOperators;
export const listOperators = repo.listOperators;

/** Adds an operator; false when the e-mail is taken (by another process, too). */
export async function addOperator(db: Db, email: string, name: string, password: string): Promise<boolean> {
  return repo.insertOperator(db, { email, name, passwordHash: await hashPassword(password) });
}

/** Sets a new password and ends every sign-in of that operator. */
export async function resetPassword(db: Db, email: string, password: string): Promise<boolean> {
  const hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const operator = await repo.findOperatorByEmail(trx, email);
    if (!operator) return false;
    await repo.setPasswordHash(trx, operator.id, hash);
    await repo.revokeAllFamilies(trx, operator.id);
    return true;
  });
}

/**
 * With no operator in the database, creates the first one: from the configured e-mail, password and
 * full name, or admin@localhost with a generated password. Without a name, one is derived from the
 * e-mail until the operator enters theirs. Returns what was created, or undefined.
 */
export async function ensureFirstOperator(
  db: Db,
  configured: { email: string | undefined; password: string | undefined; name?: string | undefined },
): Promise<CreatedOperator | undefined> {
  if ((await repo.countOperators(db)) > 0) return undefined;
  const email = (configured.email ?? 'admin@localhost').toLowerCase();
  const generatedPassword = configured.password ? undefined : generatePassword();
  const name = configured.name?.trim() || nameFromEmail(email);
  // hashed before the lock is taken: a process starting beside this one waits only for the insert
  const hash = await hashPassword(configured.password ?? generatedPassword ?? '');
  const created = await db.transaction().execute(async (trx) => {
    await lockForStartup(trx, 'faktura.firstOperator');
    if ((await repo.countOperators(trx)) > 0) return false;
    return repo.insertOperator(trx, { email, name, passwordHash: hash });
  });
  if (!created) return undefined;
  const result = { email, name, nameNeeded: operatorNameNeeded(name, email) };
  return generatedPassword ? { ...result, generatedPassword } : result;
}

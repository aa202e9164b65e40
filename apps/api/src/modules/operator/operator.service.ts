import { operatorNameNeeded } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { lockForStartup } from '../../db/dialect';
import { nowIso } from '../../db/time';
import { generatePassword, hashPassword } from '../auth/password';

export interface CreatedOperator {
  email: string;
  name: string;
  /** True when no name was given and it was derived from the e-mail: Settings asks for the full name. */
  nameNeeded: boolean;
  /** Set only when the password was generated here and must be shown once. */
  generatedPassword?: string;
}

/** A stand-in until the operator enters a full name (Settings asks for it: `operatorNameNeeded`). */
export function nameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? email;
  return local.charAt(0).toUpperCase() + local.slice(1);
}

export async function countOperators(db: Db): Promise<number> {
  const row = await db
    .selectFrom('operator')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function listOperators(db: Db) {
  return db.selectFrom('operator').select(['id', 'email', 'name', 'created_at']).orderBy('id').execute();
}

/** Adds an operator; false when the e-mail is taken (by another process, too). */
export async function addOperator(db: Db, email: string, name: string, password: string): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .insertInto('operator')
    .values({ email: email.toLowerCase(), name, password_hash: await hashPassword(password), created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Sets a new password and ends every sign-in of that operator. */
export async function resetPassword(db: Db, email: string, password: string): Promise<boolean> {
  const hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const operator = await trx.selectFrom('operator').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst();
    if (!operator) return false;
    await trx.updateTable('operator').set({ password_hash: hash, updated_at: nowIso() }).where('id', '=', operator.id).execute();
    await trx
      .updateTable('refresh_token')
      .set({ revoked_at: nowIso() })
      .where('operator_id', '=', operator.id)
      .where('revoked_at', 'is', null)
      .execute();
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
  if ((await countOperators(db)) > 0) return undefined;
  const email = (configured.email ?? 'admin@localhost').toLowerCase();
  const generatedPassword = configured.password ? undefined : generatePassword();
  const name = configured.name?.trim() || nameFromEmail(email);
  // hashed before the lock is taken: a process starting beside this one waits only for the insert
  const hash = await hashPassword(configured.password ?? generatedPassword ?? '');
  const created = await db.transaction().execute(async (trx) => {
    await lockForStartup(trx, 'faktura.firstOperator');
    if ((await countOperators(trx)) > 0) return false;
    const now = nowIso();
    await trx.insertInto('operator').values({ email, name, password_hash: hash, created_at: now, updated_at: now }).execute();
    return true;
  });
  if (!created) return undefined;
  const result = { email, name, nameNeeded: operatorNameNeeded(name, email) };
  return generatedPassword ? { ...result, generatedPassword } : result;
}

import type { Account, PasswordChange, accountInputSchema } from '@faktura/shared';
import type { z } from 'zod';
import type { Db } from '../../db/connection';
import { AppError } from '../../http/errors';
import { changesBetween, record } from '../audit';
import * as repo from './auth.repository';
import type { Operator } from './auth.service';
import { hashPassword, verifyPassword } from './password';

type AccountInput = z.output<typeof accountInputSchema>;

/** Name and e-mail as authenticated; the OIB, which only e-invoices need, is read here. */
export async function getAccount(db: Db, operator: Operator): Promise<Account> {
  const row = await repo.findOperatorIdentity(db, operator.id);
  return { name: operator.name, email: operator.email, oib: row?.oib ?? null };
}

/**
 * Changes name, e-mail (the sign-in name) and OIB; another operator's e-mail is refused with 409.
 * The OIB is the operator's own (e-invoices name who issued them) and may be left empty. What
 * changed is recorded in the audit trail (`operator.changed`, old and new values) in the same
 * transaction: every e-invoice names the operator's name and OIB (decision 012).
 */
export async function updateAccount(db: Db, operator: Operator, input: AccountInput): Promise<Account> {
  const email = input.email.toLowerCase();
  return db.transaction().execute(async (trx) => {
    const other = await repo.findOperatorByEmail(trx, email);
    if (other && other.id !== operator.id) throw new AppError('emailTaken', { field: 'email' });
    const before = await repo.findOperatorIdentity(trx, operator.id);
    const after = { name: input.name, email, oib: input.oib };
    await repo.updateOperatorAccount(trx, operator.id, after);
    const changes = changesBetween({ name: before?.name, email: before?.email, oib: before?.oib }, after);
    if (Object.keys(changes).length > 0) {
      await record(trx, operator, { action: 'operator.changed', details: { operatorId: operator.id, changes } });
    }
    return after;
  });
}

/** Needs the current password; ends every other sign-in of this operator, keeps this one. */
export async function changePassword(db: Db, operator: Operator, input: PasswordChange): Promise<void> {
  const row = await repo.findOperatorByEmail(db, operator.email);
  if (!row || !(await verifyPassword(input.currentPassword, row.password_hash))) {
    throw new AppError('validation', { messageKey: 'errors.wrongPassword', field: 'currentPassword' });
  }
  const hash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (trx) => {
    await repo.setPasswordHash(trx, operator.id, hash);
    await repo.revokeOtherFamilies(trx, operator.id, operator.familyId);
  });
}

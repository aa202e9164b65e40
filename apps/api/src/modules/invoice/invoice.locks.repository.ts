import type { Kysely } from 'kysely';
import type { Db } from '../../db/connection';
import { dialectOf } from '../../db/dialect';
import { takeLock } from '../../db/lockOrder';

/**
 * Locks the families of the given documents, the first locks of an invoice write (decision 024):
 * each document's root (the invoice itself, or the invoice a credit note corrects) in ascending id
 * order, then every credit note of those roots. Whoever changes a document holds its root, so once
 * the roots are held no credit note can appear or go under this transaction, and the second statement
 * sees them all. Returns the ids now held. PostgreSQL locks the rows FOR UPDATE (also against a
 * foreign key's share lock, e.g. an e-mail record being written for one of them); SQLite's write
 * transactions are one at a time already, so there it only reads them.
 */
export async function lockFamilies(trx: Db, ids: readonly number[]): Promise<number[]> {
  takeLock(trx, 'documents');
  if (ids.length === 0) return [];
  const forUpdate = dialectOf(trx as unknown as Kysely<unknown>) === 'postgres';
  // a document's root never changes (credited_invoice_id is set once), so reading it unlocked is safe
  const named = await trx.selectFrom('invoice').select(['id', 'credited_invoice_id']).where('id', 'in', [...ids]).execute();
  const roots = [...new Set(named.map((r) => r.credited_invoice_id ?? r.id))].sort((a, b) => a - b);
  if (roots.length === 0) return [];
  const rootQuery = trx.selectFrom('invoice').select('id').where('id', 'in', roots).orderBy('id');
  const lockedRoots = await (forUpdate ? rootQuery.forUpdate() : rootQuery).execute();
  const noteQuery = trx.selectFrom('invoice').select('id').where('credited_invoice_id', 'in', roots).orderBy('id');
  const notes = await (forUpdate ? noteQuery.forUpdate() : noteQuery).execute();
  return [...lockedRoots, ...notes].map((r) => r.id);
}

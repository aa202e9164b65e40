import type { Kysely } from 'kysely';
import type { Db } from './connection';
import { dialectOf } from './dialect';
import { takeLock } from './lockOrder';

/**
 * Reads the head of the audit chain so that this transaction alone may append to it. On PostgreSQL
 * the head row is locked (FOR UPDATE): concurrent writers queue until this transaction ends, so two
 * appends never start from the same head. SQLite's write transactions begin IMMEDIATE and are
 * already one at a time, and it has no FOR UPDATE. In an invoice write the head comes after the
 * documents and the number counter, before the stored answer and the month totals (decision 024).
 */
export async function lockAuditHead(trx: Db): Promise<{ seq: number; hash: string }> {
  takeLock(trx, 'auditHead', false);
  const query = trx.selectFrom('audit_head').select(['seq', 'hash']).where('id', '=', 1);
  const head = await (
    dialectOf(trx as unknown as Kysely<unknown>) === 'postgres' ? query.forUpdate() : query
  ).executeTakeFirst();
  if (!head) throw new Error('the audit chain has no head row (migration 2026_11_24_0401 not applied?)');
  return { seq: Number(head.seq), hash: head.hash };
}

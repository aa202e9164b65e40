import type { Kysely } from 'kysely';
import type { Db } from './connection';
import type { AuditLogTable } from './schema';
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

/**
 * Writes an entry and moves the chain's head to it, in the caller's transaction (after
 * `lockAuditHead`). On PostgreSQL in one statement, the insert a data-modifying WITH of the head's
 * update (run exactly once, before the transaction's next statement): one round trip less for every
 * audited write. SQLite takes no INSERT in a WITH; its statements are no round trips.
 */
export async function appendToChain(trx: Db, row: AuditLogTable): Promise<void> {
  const moveHead = { seq: row.seq, hash: row.hash };
  if (dialectOf(trx as unknown as Kysely<unknown>) === 'postgres') {
    await trx.with('entry', (db) => db.insertInto('audit_log').values(row)).updateTable('audit_head').set(moveHead).where('id', '=', 1).execute();
    return;
  }
  await trx.insertInto('audit_log').values(row).execute();
  await trx.updateTable('audit_head').set(moveHead).where('id', '=', 1).execute();
}

/**
 * What `build` returns, once an audit entry about it is written by `write` in a transaction of its
 * own: a value that fails to build is not recorded, and the caller answers only after the entry is
 * committed (the e-invoice download). On PostgreSQL the transaction's BEGIN goes out before `build`
 * runs, so its round trip passes meanwhile; `write` runs after `build`, so the chain's head is still
 * locked only for the entry's own statements. On SQLite BEGIN IMMEDIATE takes the write lock and is
 * no round trip: the transaction begins after `build`, as without this.
 */
export async function builtThenRecorded<T>(db: Db, build: () => T, write: (trx: Db) => Promise<void>): Promise<T> {
  if (dialectOf(db as unknown as Kysely<unknown>) !== 'postgres') {
    const value = build();
    await db.transaction().execute(write);
    return value;
  }
  let built!: (ok: boolean) => void;
  const ready = new Promise<boolean>((resolve) => (built = resolve));
  const recorded = db.transaction().execute(async (trx) => {
    // rolled back: nothing was built, so nothing is recorded
    if (!(await ready)) throw new Error('not built');
    await write(trx);
  });
  // a failure to begin is the caller's error, awaited below (not an unhandled rejection meanwhile)
  recorded.catch(() => undefined);
  // the pool's connection and the BEGIN go out before `build` holds the thread
  await new Promise<void>((resolve) => setImmediate(resolve));
  let value: T;
  try {
    value = build();
  } catch (error) {
    built(false);
    await recorded.catch(() => undefined);
    throw error;
  }
  built(true);
  await recorded;
  return value;
}

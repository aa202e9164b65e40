import {
  sql,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  PostgresAdapter,
  SqliteAdapter,
} from 'kysely';

/** The two databases we run on. Everything that differs between them stays in this folder. */
export type DialectName = 'sqlite' | 'postgres';

export function dialectOf(db: Kysely<unknown>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * Kysely runs SQLite migrations outside transactions by default; SQLite does support transactional
 * DDL, and we want a failed migration to leave nothing behind.
 */
export class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** An auto-numbered integer primary key `id` in either database. */
export function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DialectName,
): CreateTableBuilder<T, 'id'> {
  return table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
  );
}

/**
 * Serialises one-time work (the demo seed, the first operator) between processes that start
 * together, inside the caller's transaction: PostgreSQL takes a transaction-scoped advisory lock
 * named by `key`; SQLite needs nothing more, as our transactions begin IMMEDIATE (the write lock).
 * Check whether the work is done only after this returns.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database's transaction
export async function lockForStartup(trx: Kysely<any>, key: string): Promise<void> {
  if (dialectOf(trx as Kysely<unknown>) === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

/** Whether a statement failed on a unique index, in either database (a row taken by another writer). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { LRUCache } from 'lru-cache';

/**
 * Kysely's SQLite driver prepares every statement afresh, and preparing (parsing and planning the
 * SQL) costs more than running the small statements an API request makes. This stands between
 * Kysely and better-sqlite3 and keeps the most recently used prepared statements by their SQL text
 * (the values are bound per call, so the text identifies the statement). See decision 009.
 *
 * - A statement still being iterated (a streamed query) is busy and cannot be run again: then a
 *   fresh one is prepared for that call.
 * - SQLite re-prepares a cached statement itself when the schema changed under it (migrations).
 * - The cache is bounded; the least recently used statement is dropped first.
 */
export class StatementCache implements SqliteDatabase {
  private readonly statements: LRUCache<string, SQLite.Statement>;

  constructor(
    private readonly database: SQLite.Database,
    capacity = 500,
  ) {
    this.statements = new LRUCache({ max: capacity });
  }

  prepare(sql: string): SqliteStatement {
    const cached = this.statements.get(sql);
    if (cached && !cached.busy) return cached;
    const statement = this.database.prepare(sql);
    if (!cached) this.statements.set(sql, statement);
    return statement;
  }

  /** How many statements are kept (for tests). */
  get size(): number {
    return this.statements.size;
  }

  close(): void {
    this.statements.clear();
    this.database.close();
  }
}

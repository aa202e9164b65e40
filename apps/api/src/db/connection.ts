import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
} from 'kysely';
import pg from 'pg';
import { ensurePrivateDir, makePrivate } from './dataDir';
import { migrationProvider } from './migrations';
import { type DialectName, TransactionalSqliteAdapter } from './dialect';
import { PreparingClient } from './preparedStatements';
import { StatementCache } from './statementCache';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  dialect: DialectName;
  /** Human-readable location for start-up messages (never includes a password). */
  location: string;
  /**
   * Where to report what fails outside any request (PostgreSQL: a pooled connection that breaks while
   * idle); until called, standard error. `buildApp` passes the server's logger.
   */
  reportTo?: (log: PoolErrorLog) => void;
}

/** What a connection's failure is reported to (the server's logger has this shape). */
export interface PoolErrorLog {
  error: (details: { err: { code: string | undefined; message: string } }, message: string) => void;
}

const stderrLog: PoolErrorLog = {
  error: (details, message) => process.stderr.write(`${message}: ${details.err.code ?? ''} ${details.err.message}\n`),
};

/**
 * Write transactions take SQLite's write lock when they begin (BEGIN IMMEDIATE), so two processes
 * issuing invoices queue up instead of failing when a read lock cannot be upgraded.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class FakturaSqliteDialect extends SqliteDialect {
  constructor(private readonly config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
  }
  override createAdapter() {
    return new TransactionalSqliteAdapter();
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.config);
  }
}

/** int8 (bigint) and numeric come back from pg as strings; our cents fit in a JS number. */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === 20) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format) as unknown;
  }) as typeof pg.types.getTypeParser,
};

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres';
  }
}

export function openSqlite(file: string): DbHandle {
  ensurePrivateDir(path.dirname(file));
  const sqlite = new SQLite(file);
  // the database and its -wal/-shm are the user's alone (decision 023); SQLite gives new -wal/-shm
  // files the database file's mode
  makePrivate(file);
  sqlite.pragma('journal_mode = WAL');
  for (const suffix of ['-wal', '-shm']) makePrivate(file + suffix);
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new FakturaSqliteDialect({ database: new StatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', location: file };
}

export function openPostgres(url: string): DbHandle {
  // the name lets a restore see that servers are still connected (db/backup.ts)
  // the hot screens' statements go prepared, their plans kept per connection (`preparedStatements.ts`)
  const pool = new pg.Pool({ connectionString: url, max: 10, types: pgTypes, application_name: 'faktura', Client: PreparingClient });
  // An idle pooled connection that breaks (PostgreSQL restarted, the backend terminated, the network
  // dropped it) is an 'error' event of the pool, which would end the process if nobody listened. The
  // pool drops that connection and opens another when one is needed: reported, and the server goes on.
  // Only the error's code and message are reported: never the connection string.
  let log = stderrLog;
  pool.on('error', (error: Error & { code?: string }) => {
    log.error({ err: { code: error.code, message: error.message } }, 'an idle PostgreSQL connection failed; the pool drops it');
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    location: redactUrl(url),
    reportTo: (to) => {
      log = to;
    },
  };
}

/** PostgreSQL when a URL is given, otherwise the embedded SQLite file in the data directory. */
export function openDatabase(options: { databaseUrl: string | undefined; dataDir: string }): DbHandle {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openSqlite(path.join(options.dataDir, 'faktura.sqlite'));
}

/** Applies pending migrations, each in a transaction; throws with the failing migration's error. */
export async function migrate(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

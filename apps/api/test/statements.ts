import SQLite from 'better-sqlite3';
import pg from 'pg';

/** A statement as the database driver ran it: its SQL text and its values. */
export interface RecordedStatement {
  sql: string;
  values: unknown[];
}

/**
 * The SQL statements `run` makes, recorded from the database driver itself (better-sqlite3's
 * prepared statements, or pg's `Client.query`): what a request costs in round trips, whatever layer
 * built the statements. Only one recording at a time; nothing else may run meanwhile.
 */
export async function statementsOf(run: () => Promise<unknown>): Promise<RecordedStatement[]> {
  const recorded: RecordedStatement[] = [];
  const restore: (() => void)[] = [];
  const probe = new SQLite(':memory:');
  const sqliteProto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, (...args: unknown[]) => unknown>;
  probe.close();
  for (const method of ['all', 'get', 'run', 'iterate']) {
    const original = sqliteProto[method];
    if (!original) continue;
    sqliteProto[method] = function (this: { source: string }, ...args: unknown[]) {
      recorded.push({ sql: this.source, values: args.flat() });
      return original.apply(this, args);
    };
    restore.push(() => (sqliteProto[method] = original));
  }
  const pgProto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = pgProto.query;
  pgProto.query = function (this: unknown, ...args: unknown[]) {
    const [text, values] = args;
    // `query(text, values)`, or a prepared statement's `query({ name, text, values })`
    const config = typeof text === 'string' ? undefined : (text as { text?: string; values?: unknown } | undefined);
    const sql = typeof text === 'string' ? text : config?.text;
    const given = Array.isArray(values) ? values : config?.values;
    if (sql !== undefined) recorded.push({ sql, values: Array.isArray(given) ? given : [] });
    return query.apply(this, args);
  };
  restore.push(() => (pgProto.query = query));
  try {
    await run();
  } finally {
    for (const undo of restore) undo();
  }
  return recorded;
}

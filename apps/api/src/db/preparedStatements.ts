import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * PostgreSQL plans a statement sent without a name on every call, and the hot screens' statements are
 * large (the invoice detail's header is three branches of six joins each): planning it cost ~2-2.5 ms
 * of PostgreSQL's CPU per call where running it cost ~0.2-0.5 ms (2026-12-01, issue 33). A statement
 * built once (`compiledOnce`: the sign-in check, the list's page and count, the detail's rows and
 * lines, the dashboard's nine) has a text that never changes and is run on every request, so it is sent as a named prepared
 * statement: each pooled connection parses it once, and PostgreSQL keeps its plan (custom plans for the
 * first five calls, then its generic plan when that costs no more: `plan_cache_mode`).
 *
 * - Only texts registered here are named, and only `compiledOnce` registers (one per statement and
 *   shape), so a connection holds a bounded set; every other statement goes as before.
 * - The name is derived from the text, so a text is the same statement on every connection and two
 *   texts never share a name.
 * - SQLite prepares and keeps its statements already (`StatementCache`); this set is read only by
 *   PostgreSQL's connections.
 * - A pooler that hands a session's statements to other sessions (PgBouncer in transaction mode before
 *   1.21) does not keep named statements; Faktura expects a direct connection (or session pooling).
 */
const names = new Map<string, string>();

/** Sends `sql` as a named prepared statement on PostgreSQL from now on. */
export function keepPrepared(sql: string): void {
  if (names.has(sql)) return;
  names.set(sql, `faktura_${createHash('sha256').update(sql).digest('hex').slice(0, 32)}`);
}

/** The name a text is sent under, or undefined when it goes unnamed (for tests). */
export const preparedName = (sql: string): string | undefined => names.get(sql);

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

/**
 * The pool's connection: a text registered by `keepPrepared`, given with its values as Kysely gives
 * every statement (`query(text, values)`), goes as `{ name, text, values }`; anything else as it came.
 * pg's own `query` is looked up on each call, so whatever wraps it (a test's recorder) still sees all.
 */
export class PreparingClient extends pg.Client {}

(PreparingClient.prototype as unknown as { query: Query }).query = function (this: pg.Client, ...args: unknown[]) {
  const query = (pg.Client.prototype as unknown as { query: Query }).query;
  const [text, values] = args;
  const name = args.length === 2 && typeof text === 'string' && Array.isArray(values) ? names.get(text) : undefined;
  return name === undefined ? query.apply(this, args) : query.call(this, { name, text, values });
};

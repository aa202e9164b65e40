import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Db } from './connection';
import { dialectOf } from './dialect';
import { keepPrepared } from './preparedStatements';

/** What a statement compiled once binds per call. */
export type Bound = string | number | boolean | null | undefined;

/** Stands in for a value while the statement is built; its name says which value to bind there. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * The statement's shape: which values are given (`undefined`: not given, `null` as itself) and the
 * booleans. The builder may branch on these only; every other value goes into the statement as a
 * parameter, never into its text.
 */
function shapeOf(values: Record<string, Bound>): string {
  let shape = '';
  for (const key in values) {
    const value = values[key];
    shape += typeof value === 'boolean' ? `${key}=${value};` : value === undefined ? `${key}-;` : value === null ? `${key}0;` : `${key}+;`;
  }
  return shape;
}

function slotted<V extends Record<string, Bound>>(values: V): V {
  const slots: Record<string, unknown> = {};
  for (const key in values) {
    const value = values[key];
    slots[key] = typeof value === 'string' || typeof value === 'number' ? new Slot(key) : value;
  }
  return slots as V;
}

/**
 * The app's shapes built per call because the check failed (tests assert there are none). A
 * statement given a list of its own (`compiledOnce(build, { builtPerCall })`, a test's) reports there
 * instead, so what one test builds per call on purpose never shows in this process-wide list.
 */
const appBuiltPerCall: string[] = [];
export function shapesBuiltPerCall(): readonly string[] {
  return appBuiltPerCall;
}

interface Shape<R> {
  query: CompiledQuery<R>;
  bind: (values: Record<string, Bound>) => unknown[];
}

function compileShape<V extends Record<string, Bound>, R>(
  db: Db,
  build: (db: Db, values: V) => Compilable<R>,
  values: V,
  builtPerCall: string[],
): Shape<R> | null {
  let query: CompiledQuery<R>;
  try {
    query = build(db, slotted(values)).compile();
  } catch {
    // a builder that computed with a value (or put it into the text) may not take a stand-in
    builtPerCall.push(build(db, values).compile().sql);
    return null;
  }
  const bind = (given: Record<string, Bound>) => query.parameters.map((p) => (p instanceof Slot ? given[p.name] : p));
  // once per shape: the statement built with the values themselves is the same text with the same
  // values; a builder that put a value into the text (or branched on it) is built per call instead
  const direct = build(db, values).compile();
  const bound = bind(values);
  const same = direct.sql === query.sql && direct.parameters.length === bound.length && direct.parameters.every((p, i) => Object.is(p, bound[i]));
  if (!same) builtPerCall.push(query.sql);
  // run on every request with a text that never changes: PostgreSQL keeps it prepared, plan and all
  if (same && dialectOf(db as unknown as Kysely<unknown>) === 'postgres') keepPrepared(query.sql);
  return same ? { query, bind } : null;
}

/**
 * A statement built and compiled by Kysely once per database and shape, its values bound per call
 * (issue 33 item 2: building and compiling statements was a quarter of a read's CPU). `build` gets
 * the values, with stand-ins in place of each string and number on the first call of a shape, so it
 * must not compute with them (derive them before) and may branch only on the shape (`shapeOf`): which
 * values are given and the booleans. The first call of a shape also builds with the values
 * themselves and compares; should the two differ, that shape is built per call and listed in
 * `builtPerCall` (by default the app's list, `shapesBuiltPerCall()`).
 */
export function compiledOnce<V extends Record<string, Bound>, R>(
  build: (db: Db, values: V) => Compilable<R>,
  { builtPerCall = appBuiltPerCall }: { builtPerCall?: string[] } = {},
): (db: Db, values: V) => Promise<QueryResult<R>> {
  const compiled = new WeakMap<Db, Map<string, Shape<R> | null>>();
  return (db, values) => {
    let shapes = compiled.get(db);
    if (!shapes) {
      shapes = new Map();
      compiled.set(db, shapes);
    }
    const shape = shapeOf(values);
    let entry = shapes.get(shape);
    if (entry === undefined) {
      entry = compileShape(db, build, values, builtPerCall);
      shapes.set(shape, entry);
    }
    if (entry === null) return db.executeQuery(build(db, values).compile());
    return db.executeQuery<R>({ ...entry.query, parameters: entry.bind(values) });
  };
}

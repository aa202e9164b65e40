import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce, shapesBuiltPerCall } from '../src/db/compiledOnce';
import { type DbHandle, migrate } from '../src/db/connection';
import { preparedName } from '../src/db/preparedStatements';
import { createTestDatabase, dbKind, insertOperator, type TestDatabase } from './harness';

// issue 33 item 2: a statement built and compiled once per shape, its values bound per call
let database: TestDatabase;
let handle: DbHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  handle = database.open();
  await migrate(handle.db);
  await insertOperator(handle.db, 'a@test.hr');
  await insertOperator(handle.db, 'b@test.hr');
});

afterAll(async () => {
  await handle.db.destroy();
  await database.drop();
});

describe('compiledOnce', () => {
  it('builds a shape once and binds each call its own values, every given value where the builder put it', async () => {
    let builds = 0;
    const builtPerCall: string[] = [];
    const byEmail = compiledOnce(
      (db: typeof handle.db, v: { email: string | undefined; other: string; exact: boolean }) => {
        builds++;
        let query = db.selectFrom('operator').select('email').orderBy('email');
        if (v.email !== undefined) query = v.exact ? query.where('email', '=', v.email) : query.where('email', '!=', v.email);
        return query.where('email', '!=', v.other);
      },
      { builtPerCall },
    );
    const emails = async (v: { email: string | undefined; other: string; exact: boolean }) => (await byEmail(handle.db, v)).rows.map((r) => r.email);
    expect(await emails({ email: 'a@test.hr', other: 'x', exact: true })).toEqual(['a@test.hr']);
    // the first call of a shape builds twice: with stand-ins, and with the values to compare
    expect(builds).toBe(2);
    expect(await emails({ email: 'b@test.hr', other: 'x', exact: true })).toEqual(['b@test.hr']);
    expect(await emails({ email: 'b@test.hr', other: 'b@test.hr', exact: true })).toEqual([]);
    expect(builds).toBe(2);
    // another shape: another statement
    expect(await emails({ email: 'b@test.hr', other: 'x', exact: false })).toEqual(['a@test.hr']);
    expect(await emails({ email: undefined, other: 'a@test.hr', exact: false })).toEqual(['b@test.hr']);
    expect(builds).toBe(6);
    expect(await emails({ email: undefined, other: 'b@test.hr', exact: false })).toEqual(['a@test.hr']);
    expect(builds).toBe(6);
    expect(builtPerCall).toEqual([]);
  });

  it('builds per call a shape whose builder put a value into the text, and answers right', async () => {
    // a list of its own: the process-wide one is the app's (statementCount.test.ts asserts it empty,
    // possibly in the same worker after this file)
    const builtPerCall: string[] = [];
    const appBefore = [...shapesBuiltPerCall()];
    const literal = compiledOnce(
      (db: typeof handle.db, v: { email: string }) => db.selectFrom('operator').select('email').where('email', '=', sql.lit(v.email)),
      { builtPerCall },
    );
    expect((await literal(handle.db, { email: 'a@test.hr' })).rows).toEqual([{ email: 'a@test.hr' }]);
    expect((await literal(handle.db, { email: 'b@test.hr' })).rows).toEqual([{ email: 'b@test.hr' }]);
    expect(builtPerCall).toHaveLength(1);
    expect(builtPerCall[0]).toContain("'a@test.hr'");
    expect(shapesBuiltPerCall()).toEqual(appBefore);
  });

  it('on PostgreSQL, sends a shape as a statement prepared once per connection, its plan kept; a text built per call goes unnamed', async () => {
    const byEmail = compiledOnce((db: typeof handle.db, v: { email: string }) => db.selectFrom('operator').select('email').where('email', '=', v.email), { builtPerCall: [] });
    const literal = compiledOnce((db: typeof handle.db, v: { email: string }) => db.selectFrom('operator').select('email').where('email', '=', sql.lit(v.email)), { builtPerCall: [] });
    const text = handle.db.selectFrom('operator').select('email').where('email', '=', 'x').compile().sql;
    await handle.db.connection().execute(async (connection) => {
      // the same connection throughout: a prepared statement belongs to the connection that parsed it
      for (let i = 0; i < 8; i++) {
        const email = i % 2 ? 'a@test.hr' : 'b@test.hr';
        expect((await byEmail(connection, { email })).rows).toEqual([{ email }]);
        expect((await literal(connection, { email })).rows).toEqual([{ email }]);
      }
      if (dbKind !== 'postgres') {
        expect(preparedName(text)).toBeUndefined();
        return;
      }
      const name = preparedName(text);
      expect(name).toMatch(/^faktura_[0-9a-f]{32}$/);
      const prepared = await sql<{ name: string; statement: string; plans: number }>`
        select name, statement, generic_plans + custom_plans as plans from pg_prepared_statements
        where name = ${name} or statement like '%@test.hr%'`.execute(connection);
      // the statement compiled once, parsed once and planned for each of its eight runs or kept; not the literal one
      expect(prepared.rows).toEqual([{ name, statement: text, plans: 8 }]);
    });
  });
});

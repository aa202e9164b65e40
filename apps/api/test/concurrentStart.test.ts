import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate, openDatabase } from '../src/db/connection';
import { seedDemo } from '../src/db/seed';
import { ensureFirstOperator } from '../src/modules/auth/operator.service';
import { type TestDatabase, createTestDatabase, dbKind } from './harness';
import { type ServerProcess, removeServerBuild, startServer, stopServer } from './serverProcess';

/**
 * Issue 10, item 11: two processes started together with FAKTURA_DEMO=1 on an empty database both
 * come up, with one first operator and one demo between them.
 */
let testDb: TestDatabase;
let dataDir: string;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-start-'));
});
afterAll(async () => {
  for (const server of servers) await stopServer(server);
  await testDb.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await removeServerBuild();
});

// PostgreSQL only: in one process, two SQLite connections wait for each other's write lock
// synchronously (better-sqlite3) and never interleave; SQLite is covered by the two processes below.
it.skipIf(dbKind === 'sqlite')('seeds the demo and creates the first operator once when two processes race for it', async () => {
  const other = await createTestDatabase();
  const first = other.open();
  const second = other.open();
  try {
    await migrate(first.db);
    // both look at the empty database before either has written: the race of two starting processes
    const seeded = await Promise.all([seedDemo(first.db), seedDemo(second.db), seedDemo(first.db), seedDemo(second.db)]);
    expect(seeded.filter(Boolean)).toHaveLength(1);
    expect(await first.db.selectFrom('company').select('id').execute()).toHaveLength(5);
    const none = { email: undefined, password: undefined };
    const created = await Promise.all([ensureFirstOperator(first.db, none), ensureFirstOperator(second.db, none)]);
    expect(created.filter(Boolean)).toHaveLength(1);
    expect(await first.db.selectFrom('operator').select('email').execute()).toEqual([{ email: 'admin@localhost' }]);
  } finally {
    await first.db.destroy();
    await second.db.destroy();
    await other.drop();
  }
});

it('starts two servers at once on an empty database: both serve, one operator, one demo', { timeout: 60_000 }, async () => {
  // on SQLite both share one data directory (the database file); on PostgreSQL, one empty database
  const env = {
    FAKTURA_DATA_DIR: dataDir,
    FAKTURA_DEMO: '1',
    FAKTURA_SECRET: 'concurrent-start-secret-concurrent-start',
    ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
  };
  servers.push(...(await Promise.all([startServer(env), startServer(env)])));
  await Promise.all(servers.map((server) => server.ready));
  for (const server of servers) {
    const health = await fetch(`${server.url}/api/v1/health`);
    expect(health.status, server.output()).toBe(200);
  }
  const outputs = servers.map((server) => server.output());
  expect(outputs.filter((text) => text.includes('Demo data was added'))).toHaveLength(1);
  expect(outputs.filter((text) => text.includes('First start: an operator was created'))).toHaveLength(1);

  const { db } = openDatabase({ databaseUrl: testDb.url, dataDir });
  try {
    expect(await db.selectFrom('operator').select('email').execute()).toEqual([{ email: 'admin@localhost' }]);
    expect(await db.selectFrom('issuer').select('id').execute()).toHaveLength(1);
    expect(await db.selectFrom('company').select('id').execute()).toHaveLength(5);
    expect(await db.selectFrom('line_item').select('id').execute()).toHaveLength(6);
    // and one draft to the demo's private person, by the one that seeded
    expect(await db.selectFrom('invoice').select('state').execute()).toEqual([{ state: 'DRAFT' }]);
  } finally {
    await db.destroy();
  }
});

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { errorBodySchema } from '@faktura/shared';
import { type AppOptions, buildApp, REDACT } from '../src/app';
import { loadConfig } from '../src/config';
import { type Db, type DbHandle, migrate, openPostgres, openSqlite } from '../src/db/connection';
import { nowIso } from '../src/db/time';
import { hashPassword } from '../src/modules/auth/password';

export const OPERATOR = { email: 'operator@test.hr', password: 'correct horse battery', name: 'Ana Operater' };
export const dbKind = (process.env.FAKTURA_TEST_DB ?? 'sqlite') as 'sqlite' | 'postgres';

/** A fresh database of the kind this run tests: a temp SQLite file or a new PostgreSQL database. */
export interface TestDatabase {
  open: () => DbHandle;
  /** The PostgreSQL database's URL (undefined on SQLite). */
  url?: string;
  /** What a command-line tool needs to open this database: DATABASE_URL, or the SQLite file's FAKTURA_DATA_DIR. */
  env: Record<string, string>;
  drop: () => Promise<void>;
  /** Whether it was made from the run's migrated template (`migrated: true`), so needs no migrating. */
  migrated: boolean;
}

/**
 * An empty database, or with `migrated: true` a copy of the run's migrated template
 * (`globalSetup.ts`: every migration run once per run, not once per test file). Without a template
 * (a project without that set-up) it is empty and `migrated` is false: the caller migrates.
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  if (dbKind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('FAKTURA_TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `faktura_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const template = options.migrated ? inject('postgresTemplate') : undefined;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    return {
      url: dbUrl.toString(),
      env: { DATABASE_URL: dbUrl.toString() },
      open: () => openPostgres(dbUrl.toString()),
      drop: () => dropDatabase(url, name),
      migrated: Boolean(template),
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-test-'));
  const template = options.migrated ? inject('sqliteTemplate') : undefined;
  if (template) fs.copyFileSync(template, path.join(dir, 'faktura.sqlite'));
  return {
    migrated: Boolean(template),
    env: { FAKTURA_DATA_DIR: dir },
    open: () => openSqlite(path.join(dir, 'faktura.sqlite')),
    drop: () => Promise.resolve(fs.rmSync(dir, { recursive: true, force: true })),
  };
}

/**
 * Drops a test database once the pools that used it have finished closing. Forcing at once would
 * kill connections that are still saying goodbye, which pg reports as unhandled errors.
 */
async function dropDatabase(url: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name}`);
        return;
      } catch (error) {
        // 55006: the database is still being accessed; its connections are closing
        if ((error as { code?: string }).code !== '55006') throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** Inserts an operator with a cheap hash (tests sign in often; production uses N = 2^17). */
export async function insertOperator(db: Db, email = OPERATOR.email, password = OPERATOR.password, name = OPERATOR.name) {
  const now = nowIso();
  return db
    .insertInto('operator')
    .values({ email, name, password_hash: await hashPassword(password, 10), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export interface Harness {
  app: FastifyInstance;
  db: Db;
  logs: string[];
  secret: Uint8Array;
  /** Environment for a command-line tool (`npm run operator`) to use this harness's database. */
  databaseEnv: Record<string, string>;
  request: (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options?: {
      body?: unknown;
      token?: string | null;
      lang?: string;
      cookie?: string;
      headers?: Record<string, string>;
      /** The client's address (request.ip); 127.0.0.1 when absent. */
      remoteAddress?: string;
    },
  ) => Promise<LightMyRequestResponse>;
  /** Signs in as the test operator and returns the access token and refresh cookie. */
  login: () => Promise<{ token: string; refresh: string }>;
  /** A second app on the same database, as a second API process would be. */
  /** `env` adds configuration variables for that process (e.g. FAKTURA_TRUST_PROXY). */
  sibling: (env?: Record<string, string>, extra?: Pick<AppOptions, 'smtpTrust' | 'signInQueue' | 'exchangeRates'>) => Promise<Harness>;
  close: () => Promise<void>;
}

export const SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret!');

async function startApp(
  databaseEnv: Record<string, string>,
  database: DbHandle,
  dataDir: string,
  reopen: () => DbHandle,
  siblings: Harness[],
  env: Record<string, string> = {},
  extra: Pick<AppOptions, 'smtpTrust' | 'signInQueue' | 'exchangeRates'> = {},
): Promise<Harness> {
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(chunk.toString());
      callback();
    },
  });
  // no test reaches HNB: its list is read from a closed local port unless a test starts its double
  const config = { ...loadConfig({ FAKTURA_HNB_URL: 'https://127.0.0.1:9/tecajn-eur/v3', ...env, FAKTURA_DATA_DIR: dataDir }), webDir: path.join(dataDir, 'no-web') };
  const app = await buildApp({ config, database, secret: SECRET, logger: { level: 'info', stream, redact: REDACT }, ...extra });
  const harness: Harness = {
    app,
    db: database.db,
    logs,
    secret: SECRET,
    databaseEnv,
    request: (method, url, options = {}) => {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.lang) headers['accept-language'] = options.lang;
      if (options.cookie) headers.cookie = options.cookie;
      const payload = options.body === undefined ? {} : { payload: options.body as object };
      const remote = options.remoteAddress ? { remoteAddress: options.remoteAddress } : {};
      return app.inject({ method, url, headers, ...payload, ...remote }).then(checkedErrorBody);
    },
    login: async () => {
      const res = await harness.request('POST', '/api/v1/login', {
        body: { username: OPERATOR.email, password: OPERATOR.password },
      });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
      const body = res.json<{ data: { token: { cryptogram: string } } }>();
      const cookie = res.cookies.find((c) => c.name === 'faktura_refresh');
      if (!cookie) throw new Error('no refresh cookie');
      return { token: body.data.token.cryptogram, refresh: `faktura_refresh=${cookie.value}` };
    },
    sibling: async (siblingEnv, siblingExtra) => {
      const other = await startApp(databaseEnv, reopen(), dataDir, reopen, siblings, siblingEnv, siblingExtra ?? extra);
      siblings.push(other);
      return other;
    },
    close: () => app.close(),
  };
  return harness;
}

/** Builds the app on a fresh database with one operator. `close()` also drops the database. */
/** `extra` passes app options (the e-mail tests trust their SMTP server's self-signed certificate). */
export async function createHarness(extra: Pick<AppOptions, 'smtpTrust' | 'signInQueue' | 'exchangeRates'> = {}): Promise<Harness> {
  const testDb = await createTestDatabase({ migrated: true });
  const database = testDb.open();
  if (!testDb.migrated) await migrate(database.db);
  await insertOperator(database.db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-data-'));
  const siblings: Harness[] = [];
  const harness = await startApp(testDb.env, database, dataDir, () => testDb.open(), siblings, {}, extra);
  const closeApp = harness.close;
  harness.close = async () => {
    for (const other of siblings) await other.close();
    await closeApp();
    await testDb.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return harness;
}

/** A harness signed in as the test operator, for suites that only call the API with a token. */
export async function signedInHarness(): Promise<{ h: Harness; token: string }> {
  const h = await createHarness();
  const { token } = await h.login();
  return { h, token };
}

/**
 * Every refusal any test provokes must be the contract's error body, its code one of the closed
 * list (`ERROR_CODES`): a code the server sends that is not in the contract fails the test.
 */
export function checkedErrorBody(res: LightMyRequestResponse): LightMyRequestResponse {
  if (res.statusCode < 400 || !/json/.test(String(res.headers['content-type'] ?? ''))) return res;
  const parsed = errorBodySchema.safeParse(res.json());
  if (!parsed.success) {
    throw new Error(`${res.statusCode} answered an error body outside the contract: ${res.body}\n${parsed.error.message}`);
  }
  return res;
}

export function errorsOf(res: LightMyRequestResponse) {
  return res.json<{ errors: { reason: string; code: string; field?: string }[] }>().errors;
}

export function dataOf<T>(res: LightMyRequestResponse): T {
  return res.json<{ data: T }>().data;
}

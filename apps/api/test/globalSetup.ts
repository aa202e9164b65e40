import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate, openPostgres, openSqlite } from '../src/db/connection';
import { WINDOW_MS, clockShiftFor } from './testClock';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated SQLite file each harness copies (api-sqlite), or '' when there is none. */
    sqliteTemplate: string;
    /** A migrated PostgreSQL database each harness's database is created from (api-postgres), or ''. */
    postgresTemplate: string;
    /** How far the run's clock is set back, near midnight in Zagreb (testClock.ts); 0 at other hours. */
    clockShiftMs: number;
  }
}

/**
 * Runs the migrations once per Vitest run and project, into a template: a SQLite file that each
 * harness copies, or a PostgreSQL database that each harness's database is created from
 * (`CREATE DATABASE … TEMPLATE …`). A harness's database is then what `migrate` would have made of an
 * empty one, without running every migration again for each test file. The tests of the migrations
 * themselves (startup, backup, …) still migrate empty databases of their own.
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.FAKTURA_TEST_DB;
  project.provide('sqliteTemplate', '');
  project.provide('postgresTemplate', '');
  // FAKTURA_TEST_CLOCK_SHIFT_MS sets it at any hour, to check that the tests keep to one clock
  const forced = process.env.FAKTURA_TEST_CLOCK_SHIFT_MS;
  const shift = forced ? Number(forced) : clockShiftFor(new Date());
  project.provide('clockShiftMs', shift);
  if (shift > 0) {
    const why = forced ? 'FAKTURA_TEST_CLOCK_SHIFT_MS is set' : `the run begins less than ${WINDOW_MS / 60_000} min before midnight in Zagreb`;
    console.log(`${project.name}: ${why}; its clock is set back ${Math.round(shift / 60_000)} min, so that it sees one day (apps/api/test/testClock.ts)`);
  }
  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    const name = `faktura_template_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${name}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${name}`;
    const handle = openPostgres(templateUrl.toString());
    try {
      await migrate(handle.db);
    } finally {
      // CREATE DATABASE … TEMPLATE refuses a template anyone is connected to
      await handle.db.destroy();
    }
    project.provide('postgresTemplate', name);
    return () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-template-'));
  const file = path.join(dir, 'faktura.sqlite');
  const handle = openSqlite(file);
  try {
    await migrate(handle.db);
  } finally {
    // closing checkpoints the WAL into the file: the copy is the whole database
    await handle.db.destroy();
  }
  project.provide('sqliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { PRIVATE_FILE_MODE, ensurePrivateDir, makePrivate } from './dataDir';
import { holdRestoreLock } from './dataLock';
import { migrationProvider } from './migrations';

/**
 * Backups and restores of either database (decision 006).
 * - SQLite: an online copy through SQLite's backup API (one step, so one consistent snapshot while
 *   the server keeps writing), made self-contained (rollback journal, no -wal), then checked with
 *   `PRAGMA integrity_check` before it gets its final name.
 * - PostgreSQL: `pg_dump --format=custom`, checked by reading it back with `pg_restore`.
 * File names carry the UTC date and time: `faktura-2026-11-23T14-15-02Z.sqlite` / `.dump`.
 */
export interface BackupTarget {
  databaseUrl: string | undefined;
  dataDir: string;
}

export class BackupError extends Error {}

export const SQLITE_NAME = 'faktura.sqlite';
const NAME = /^faktura-(\d{4}-\d{2}-\d{2})T(\d{2}-\d{2}-\d{2})Z(?:-(\d+))?\.(sqlite|dump)$/;

export interface BackupInfo {
  file: string;
  /** The schema version: the migrations applied in the backed-up database. */
  migrations: string[];
  /** How many invoices it holds (SQLite only; a dump is not opened). */
  invoices?: number;
}

export function backupStamp(now: Date): string {
  return now.toISOString().slice(0, 19).replace(/:/g, '-') + 'Z';
}

/** The backups in a directory (by our naming), oldest first. */
export function listBackups(dir: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .map((name) => ({ name, match: NAME.exec(name) }))
    .filter((entry): entry is { name: string; match: RegExpExecArray } => entry.match !== null)
    .sort((a, b) => {
      const keyA = `${a.match[1]}T${a.match[2]}-${(a.match[3] ?? '0').padStart(4, '0')}`;
      const keyB = `${b.match[1]}T${b.match[2]}-${(b.match[3] ?? '0').padStart(4, '0')}`;
      return keyA < keyB ? -1 : keyA > keyB ? 1 : 0;
    })
    .map((entry) => path.join(dir, entry.name));
}

/** Whether a backup of the given UTC day (`yyyy-MM-dd`) is in the directory. */
export function hasBackupOn(dir: string, day: string): boolean {
  return listBackups(dir).some((file) => NAME.exec(path.basename(file))?.[1] === day);
}

/** Deletes all but the newest `keep` backups; returns the deleted files. */
export function pruneBackups(dir: string, keep: number): string[] {
  const all = listBackups(dir);
  const doomed = all.slice(0, Math.max(0, all.length - keep));
  for (const file of doomed) fs.rmSync(file, { force: true });
  return doomed;
}

/** The migrations this code knows; a backup with any other is from a newer Faktura. */
export async function knownMigrations(): Promise<string[]> {
  return Object.keys(await migrationProvider.getMigrations()).sort();
}

function assertNotNewer(applied: string[], known: string[]): void {
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new BackupError(
      `The backup comes from a newer version of Faktura: its schema has ${unknown.join(', ')}, which this version does not know. Update Faktura first, then restore.`,
    );
  }
}

function fsyncPath(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function removeSqliteFiles(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(file + suffix, { force: true });
}

/** Gives a checked temporary file its final, unique name (hard link: never overwrites). */
function placeBackup(tmp: string, dir: string, extension: 'sqlite' | 'dump', now: Date, prefix = 'faktura'): string {
  fs.chmodSync(tmp, PRIVATE_FILE_MODE); // a backup holds every client and invoice
  const base = `${prefix}-${backupStamp(now)}`;
  for (let n = 1; ; n++) {
    const file = path.join(dir, `${base}${n === 1 ? '' : `-${n}`}.${extension}`);
    try {
      fs.linkSync(tmp, file);
      fs.rmSync(tmp, { force: true });
      fsyncPath(dir);
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

function tempPath(dir: string, label: string): string {
  return path.join(dir, `.${label}-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.partial`);
}

// ---------------------------------------------------------------------------------------------
// SQLite

/**
 * Opens an SQLite file, optionally makes it self-contained (rollback journal: no -wal beside it),
 * and checks it: integrity_check must say "ok" and it must be a Faktura database.
 */
export function checkSqliteFile(file: string, makeStandalone: boolean): { migrations: string[]; invoices: number } {
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${file} cannot be opened: ${(error as Error).message}`);
  }
  try {
    if (makeStandalone) db.pragma('journal_mode = DELETE');
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    const problems = rows.map((row) => row.integrity_check).filter((text) => text !== 'ok');
    if (rows.length === 0 || problems.length > 0) {
      throw new BackupError(`${file} failed the integrity check: ${problems.slice(0, 5).join('; ')}`);
    }
    const tables = new Set(
      (db.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[]),
    );
    if (!tables.has('kysely_migration') || !tables.has('invoice')) {
      throw new BackupError(`${file} is not a Faktura database (it has no migration table or no invoices table)`);
    }
    const migrations = db.prepare('select name from kysely_migration order by name').pluck().all() as string[];
    const invoices = Number(db.prepare('select count(*) from invoice').pluck().get());
    return { migrations, invoices };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a usable SQLite database: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}

export async function backupSqlite(source: string, outDir: string, now = new Date()): Promise<BackupInfo> {
  if (!fs.existsSync(source)) throw new BackupError(`There is no database at ${source}`);
  ensurePrivateDir(outDir);
  const tmp = tempPath(outDir, 'faktura-backup');
  try {
    const db = new SQLite(source, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      // after the first (empty) step, copy every remaining page in one step: one read transaction,
      // so the copy is one consistent snapshot however busy the server is
      await db.backup(tmp, { progress: () => 0x7fffffff });
    } finally {
      db.close();
    }
    const checked = checkSqliteFile(tmp, true);
    fsyncPath(tmp);
    return { file: placeBackup(tmp, outDir, 'sqlite', now), ...checked };
  } finally {
    removeSqliteFiles(tmp);
  }
}

/**
 * Puts an SQLite backup in place of the data directory's database. Refuses while a server holds the
 * directory, when the file is damaged or not Faktura's, or when it is newer than this code. The
 * current database is kept beside it (renamed, with its -wal, which belongs to it), and the stale
 * -shm is removed, so no leftover of the old database can be applied to the restored one.
 * Returns what it did, one sentence a line.
 */
export async function restoreSqlite(dataDir: string, backupFile: string, now = new Date()): Promise<string[]> {
  const source = path.resolve(backupFile);
  if (!fs.existsSync(source)) throw new BackupError(`No such file: ${source}`);
  ensurePrivateDir(dataDir);
  const lock = holdRestoreLock(dataDir);
  try {
    const live = path.join(dataDir, SQLITE_NAME);
    const stamp = backupStamp(now);
    const incoming = `${live}.restoring-${stamp}`;
    const done: string[] = [];
    fs.copyFileSync(source, incoming, fs.constants.COPYFILE_EXCL);
    // a copy keeps the source's mode: the live database is the user's alone whatever the backup's was
    fs.chmodSync(incoming, PRIVATE_FILE_MODE);
    let checked: { migrations: string[]; invoices: number };
    try {
      checked = checkSqliteFile(incoming, true);
      assertNotNewer(checked.migrations, await knownMigrations());
      fsyncPath(incoming);
    } catch (error) {
      removeSqliteFiles(incoming);
      throw error;
    }
    done.push(`Checked ${source}: integrity ok, ${checked.invoices} invoices, schema ${checked.migrations.at(-1) ?? '(empty)'}.`);

    const aside = `${live}.before-restore-${stamp}`;
    if (fs.existsSync(live)) {
      fs.renameSync(live, aside);
      makePrivate(aside); // a database from before decision 023 may be 0644
      done.push(`Kept the previous database as ${aside}.`);
    }
    for (const suffix of ['-wal', '-journal']) {
      if (fs.existsSync(live + suffix)) {
        // it belongs to the previous database: beside it, that database stays whole; beside the
        // restored one, SQLite would replay it into the wrong file ("database disk image is malformed")
        fs.renameSync(live + suffix, aside + suffix);
        makePrivate(aside + suffix);
        done.push(`Moved the previous database's ${SQLITE_NAME}${suffix} along with it (${aside}${suffix}).`);
      }
    }
    if (fs.existsSync(`${live}-shm`)) {
      fs.rmSync(`${live}-shm`, { force: true });
      done.push(`Removed the stale ${SQLITE_NAME}-shm.`);
    }
    fs.renameSync(incoming, live);
    fsyncPath(dataDir);
    done.push(`Restored the backup as ${live}.`);
    const pending = (await knownMigrations()).filter((name) => !checked.migrations.includes(name));
    if (pending.length > 0) done.push(`The backup's schema is older; the server brings it up to date when it starts (${pending.join(', ')}).`);
    return done;
  } finally {
    lock.release();
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

/** The URL without its password, which goes to the client programs in PGPASSWORD instead of argv. */
function pgConnection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env, PGAPPNAME: 'faktura-backup' };
  if (parsed.password) {
    env.PGPASSWORD = decodeURIComponent(parsed.password);
    parsed.password = '';
  }
  return { url: parsed.toString(), env };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return reject(new BackupError(`${command} was not found: install the PostgreSQL client programs (apt-get install postgresql-client)`));
      }
      reject(new BackupError(`${command} failed: ${(stderr || error.message).trim()}`));
    });
  });
}

/** Reads the applied migrations out of a pg_dump archive (which also proves pg_restore can read it). */
export async function dumpMigrations(file: string): Promise<string[]> {
  const env = { ...process.env };
  await run('pg_restore', ['--list', file], env).catch((error: unknown) => {
    throw new BackupError(`${file} is not a readable pg_dump archive: ${(error as Error).message}`);
  });
  const text = await run('pg_restore', ['--data-only', '--table=kysely_migration', '--file=-', file], env);
  const lines = text.split('\n');
  const start = lines.findIndex((line) => /^COPY \S*kysely_migration /.test(line));
  if (start < 0) throw new BackupError(`${file} is not a Faktura backup (it has no migration table)`);
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line === '\\.') break;
    const name = line.split('\t')[0];
    if (name) names.push(name);
  }
  return names.sort();
}

export async function backupPostgres(databaseUrl: string, outDir: string, now = new Date(), prefix = 'faktura'): Promise<BackupInfo> {
  ensurePrivateDir(outDir);
  const tmp = tempPath(outDir, 'faktura-backup');
  const { url, env } = pgConnection(databaseUrl);
  try {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${tmp}`, `--dbname=${url}`], env);
    const migrations = await dumpMigrations(tmp);
    fsyncPath(tmp);
    return { file: placeBackup(tmp, outDir, 'dump', now, prefix), migrations };
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/**
 * Drops every table of the current schema, and Faktura's own trigger functions (`faktura_…`, the
 * received originals' guard, `retentionGuard.ts`): the restore recreates them all, in the same
 * transaction. Dropping a table fires no row trigger, so the guard does not stand in the way.
 */
const DROP_ALL_TABLES = `DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() LOOP
    EXECUTE format('DROP TABLE IF EXISTS %I.%I CASCADE', current_schema(), r.tablename);
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS signature FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
           WHERE n.nspname = current_schema() AND p.proname LIKE 'faktura\\_%' LOOP
    EXECUTE format('DROP FUNCTION IF EXISTS %s CASCADE', r.signature);
  END LOOP;
END $$;
`;

/**
 * Restores a pg_dump archive into the DATABASE_URL database, in ONE transaction (psql
 * --single-transaction: drop what is there, recreate, load). Refuses while Faktura servers are
 * connected to it, and refuses a database that already has tables unless `force`, in which case a
 * dump of its current contents is written to `backupDir` first.
 */
export async function restorePostgres(
  target: { databaseUrl: string; dataDir: string; backupDir: string },
  backupFile: string,
  options: { force: boolean },
  now = new Date(),
): Promise<string[]> {
  const source = path.resolve(backupFile);
  if (!fs.existsSync(source)) throw new BackupError(`No such file: ${source}`);
  ensurePrivateDir(target.dataDir);
  const lock = holdRestoreLock(target.dataDir);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-restore-'));
  try {
    const done: string[] = [];
    const migrations = await dumpMigrations(source);
    assertNotNewer(migrations, await knownMigrations());
    done.push(`Checked ${source}: a readable pg_dump archive, schema ${migrations.at(-1) ?? '(empty)'}.`);

    const client = new pg.Client({ connectionString: target.databaseUrl, application_name: 'faktura-restore' });
    await client.connect();
    let tables: string[];
    try {
      const servers = await client.query<{ n: string }>(
        "select count(*) as n from pg_stat_activity where datname = current_database() and application_name = 'faktura' and pid <> pg_backend_pid()",
      );
      const connected = Number(servers.rows[0]?.n ?? 0);
      if (connected > 0) {
        throw new BackupError(`${connected} connection(s) of a running Faktura are open on this database: stop every server first.`);
      }
      const result = await client.query<{ tablename: string }>(
        'select tablename from pg_tables where schemaname = current_schema() order by tablename',
      );
      tables = result.rows.map((row) => row.tablename);
    } finally {
      await client.end();
    }

    if (tables.length > 0) {
      if (!options.force) {
        throw new BackupError(
          `The database already has ${tables.length} tables (${tables.slice(0, 4).join(', ')}${tables.length > 4 ? ', ...' : ''}). ` +
            'Restoring replaces all of it: run again with --force (a dump of the current contents is written first).',
        );
      }
      const safety = await backupPostgres(target.databaseUrl, target.backupDir, now, 'faktura-before-restore');
      done.push(`Kept the previous contents as ${safety.file}.`);
    }

    const script = path.join(work, 'restore.sql');
    const drop = path.join(work, 'drop.sql');
    fs.writeFileSync(drop, DROP_ALL_TABLES, { mode: 0o600 });
    await run('pg_restore', ['--no-owner', '--no-privileges', `--file=${script}`, source], { ...process.env });
    const { url, env } = pgConnection(target.databaseUrl);
    await run('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '-f', drop, '-f', script, `--dbname=${url}`], env);
    done.push(`Restored the backup into ${new URL(url).pathname.slice(1)} in one transaction${tables.length > 0 ? ' (replacing its tables)' : ''}.`);
    const pending = (await knownMigrations()).filter((name) => !migrations.includes(name));
    if (pending.length > 0) done.push(`The backup's schema is older; the server brings it up to date when it starts (${pending.join(', ')}).`);
    return done;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    lock.release();
  }
}

// ---------------------------------------------------------------------------------------------

/** A backup of whichever database the configuration names. */
export function makeBackup(target: BackupTarget, outDir: string, now = new Date()): Promise<BackupInfo> {
  return target.databaseUrl
    ? backupPostgres(target.databaseUrl, outDir, now)
    : backupSqlite(path.join(target.dataDir, SQLITE_NAME), outDir, now);
}

/** What a file is, by its first bytes. */
export function backupKind(file: string): 'sqlite' | 'pg_dump' | 'unknown' {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(16);
    fs.readSync(fd, head, 0, 16, 0);
    if (head.toString('latin1') === 'SQLite format 3\0') return 'sqlite';
    if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'pg_dump';
    return 'unknown';
  } finally {
    fs.closeSync(fd);
  }
}

/** Restores into whichever database the configuration names, after checking the file is of its kind. */
export function restoreBackup(
  target: BackupTarget & { backupDir: string },
  file: string,
  options: { force: boolean },
): Promise<string[]> {
  if (!fs.existsSync(file)) return Promise.reject(new BackupError(`No such file: ${path.resolve(file)}`));
  const kind = backupKind(file);
  if (target.databaseUrl) {
    if (kind !== 'pg_dump') {
      return Promise.reject(new BackupError(`${file} is not a pg_dump archive, and DATABASE_URL names a PostgreSQL database`));
    }
    return restorePostgres({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, backupDir: target.backupDir }, file, options);
  }
  if (kind !== 'sqlite') {
    return Promise.reject(
      new BackupError(`${file} is not an SQLite database${kind === 'pg_dump' ? ' (it is a pg_dump archive: set DATABASE_URL to restore it into PostgreSQL)' : ''}`),
    );
  }
  return restoreSqlite(target.dataDir, file);
}

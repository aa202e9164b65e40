import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BackupError,
  backupPostgres,
  backupSqlite,
  knownMigrations,
  listBackups,
  pruneBackups,
  restoreBackup,
  restorePostgres,
  restoreSqlite,
} from '../src/db/backup';
import { scheduleBackups } from '../src/db/backupSchedule';
import { type Db, migrate, openSqlite } from '../src/db/connection';
import { DataDirBusyError, holdRestoreLock, holdServerLock, liveServers } from '../src/db/dataLock';
import { seedDemo } from '../src/db/seed';
import { isRetentionGuard } from '../src/db/retentionGuard';
import { nowIso } from '../src/db/time';
import { verifyOriginals } from '../src/modules/inbox';
import { createHash } from 'node:crypto';
import { createTestDatabase, dbKind, insertOperator } from './harness';

const apiDir = path.resolve(import.meta.dirname, '..');
const betterSqlite = createRequire(path.join(apiDir, 'package.json')).resolve('better-sqlite3');

/** Invoices (drafts) tagged in extra_info, each with two lines, one transaction each. */
async function addInvoices(db: Db, tags: string[]): Promise<void> {
  const client = await db.selectFrom('company').select('id').executeTakeFirstOrThrow();
  const operator = await db.selectFrom('operator').select('id').executeTakeFirstOrThrow();
  for (const tag of tags) {
    await db.transaction().execute(async (trx) => {
      const now = nowIso();
      const { id } = await trx
        .insertInto('invoice')
        .values({
          client_id: client.id, operator_id: operator.id, state: 'DRAFT', payment_method: 'WIRE',
          billing_date: '2026-11-20', delivery_date: '2026-11-20', payment_due_date: '2026-12-05',
          currency_code: 'EUR', vat_treatment: 'DOMESTIC', subtotal_cents: 10000, vat_cents: 2500,
          total_cents: 12500, extra_info: tag, created_at: now, updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const position of [1, 2]) {
        await trx
          .insertInto('invoice_line')
          .values({
            invoice_id: id, position, description: `${tag} line ${position}`, quantity_milli: 1000, unit: 'HOURLY',
            unit_price_cents: 5000, currency_code: 'EUR', discount_bp: 0, vat_rate_bp: 2500, line_total_cents: 5000,
          })
          .execute();
      }
    });
  }
}

/**
 * A received e-invoice's original as Faktura keeps it (issue 46): XML text with every byte value
 * after it, so a backup that altered a single byte (an encoding, a text column) would show.
 */
const RECEIVED_BYTES = Buffer.concat([Buffer.from('<?xml version="1.0" encoding="UTF-8"?><Invoice>račun</Invoice>', 'utf8'), Buffer.from(Array.from({ length: 256 }, (_, i) => i))]);

async function addReceived(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('received_document')
      .values({
        source: 'IMPORT', provider: null, provider_document_id: null, document_type: 'INVOICE', type_code: '380', number: 'R-1',
        issue_date: '2026-11-20', issue_year: 2026, due_date: null, currency: 'EUR', supplier_key: '12345678903', supplier_oib: '12345678903',
        supplier_name: 'Dobavljač d.o.o.', buyer_oib: null, net_cents: 10000, vat_cents: 2500, total_cents: 12500, payable_cents: 12500,
        paid_cents: 0, state: 'RECEIVED', fiscal_status: 'PENDING', fiscal_deadline: '2026-11-27', validation_status: 'PENDING',
        validation_report: null, validated_at: null, flags: '[]', search_text: 'r-1 dobavljač', file_name: 'r-1.xml',
        sha256: createHash('sha256').update(RECEIVED_BYTES).digest('hex'), byte_size: RECEIVED_BYTES.length,
        received_at: nowIso(), received_on: '2026-11-20', retained_until: '2037-12-31',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('received_document_file').values({ document_id: id, bytes: RECEIVED_BYTES }).execute();
  });
}

/** The received originals came back byte for byte, and `npm run audit -- verify` would find them intact. */
async function expectReceivedIntact(db: Db): Promise<void> {
  const kept = await db.selectFrom('received_document_file').select('bytes').execute();
  expect(kept.map((row) => Buffer.from(row.bytes).equals(RECEIVED_BYTES))).toEqual([true]);
  expect(await verifyOriginals(db)).toEqual({ intact: 1, broken: [] });
  // the database's retention guard came back with them: the original cannot be deleted
  const deleted = await db.deleteFrom('received_document_file').execute().then(() => null, (error: unknown) => error);
  expect(isRetentionGuard(deleted), String(deleted)).toBe(true);
}

/** A Faktura database with an operator, the demo clients, the given invoices and one received e-invoice. */
async function prepare(db: Db, tags: string[]): Promise<void> {
  await migrate(db);
  await insertOperator(db);
  await seedDemo(db);
  await addInvoices(db, tags);
  await addReceived(db);
}

/** Opens an SQLite file the way the server does and reads its invoices; integrity must be ok. */
function readSqlite(file: string): { integrity: string; tags: string[] } {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    db.pragma('journal_mode = WAL');
    const integrity = (db.pragma('integrity_check', { simple: true }) as string) ?? '';
    const tags = db.prepare('select extra_info from invoice order by id').pluck().all() as string[];
    return { integrity, tags };
  } finally {
    db.close();
  }
}

/** Runs a node script in a child process with better-sqlite3 at hand. */
function nodeScript(source: string, args: string[]) {
  return spawn(process.execPath, ['-e', source, betterSqlite, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
}

const INSERT_SQL = `insert into invoice (client_id, operator_id, state, payment_method, billing_date, delivery_date,
  payment_due_date, currency_code, vat_treatment, subtotal_cents, vat_cents, total_cents, extra_info, created_at, updated_at)
  select (select min(id) from company), (select min(id) from operator), 'DRAFT', 'WIRE', '2026-11-21', '2026-11-21',
  '2026-12-06', 'EUR', 'DOMESTIC', 10000, 2500, 12500, ?, '2026-11-21T10:00:00.000Z', '2026-11-21T10:00:00.000Z'`;
const LINE_SQL = `insert into invoice_line (invoice_id, position, description, quantity_milli, unit, unit_price_cents,
  currency_code, discount_bp, vat_rate_bp, line_total_cents) values (?, ?, 'line', 1000, 'h', 5000, 'EUR', 0, 2500, 5000)`;

/**
 * Another process writing invoices (each with two lines, one transaction each) until the file
 * argv[3] exists (a minute at most, should the test never say stop); prints how many it wrote.
 */
const WRITER = `
const fs = require('node:fs');
const Database = require(process.argv[1]);
const db = new Database(process.argv[2]);
db.pragma('journal_mode = WAL'); db.pragma('busy_timeout = 5000'); db.pragma('foreign_keys = ON');
const invoice = db.prepare(${JSON.stringify(INSERT_SQL)});
const line = db.prepare(${JSON.stringify(LINE_SQL)});
const write = db.transaction((i) => { const id = invoice.run('live ' + i).lastInsertRowid; line.run(id, 1); line.run(id, 2); });
const end = Date.now() + 60000;
let i = 0;
while (!fs.existsSync(process.argv[3]) && Date.now() < end) write(i++);
db.close();
console.log(i);
`;

/** Another process that writes invoices and then dies without closing: its -wal stays behind. */
const CRASHER = `
const Database = require(process.argv[1]);
const db = new Database(process.argv[2]);
db.pragma('journal_mode = WAL'); db.pragma('wal_autocheckpoint = 0'); db.pragma('foreign_keys = ON');
const invoice = db.prepare(${JSON.stringify(INSERT_SQL)});
const line = db.prepare(${JSON.stringify(LINE_SQL)});
for (let i = 0; i < 5; i++) db.transaction(() => { const id = invoice.run('after backup ' + i).lastInsertRowid; line.run(id, 1); line.run(id, 2); })();
process.kill(process.pid, 'SIGKILL');
`;

function finished(child: ReturnType<typeof spawn>): Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
}

/** The backup CLI as `npm run backup` / `npm run restore` runs it. */
function cli(args: string[], env: Record<string, string>) {
  const result = spawnSync(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', path.join(apiDir, 'src/cli/backup.ts'), ...args],
    { cwd: path.resolve(apiDir, '../..'), env: { ...process.env, DATABASE_URL: '', ...env }, encoding: 'utf8' },
  );
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

if (dbKind === 'sqlite') {
  describe('SQLite backups', () => {
    let dataDir: string;
    let live: string;
    let backups: string;
    beforeEach(() => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-backup-'));
      live = path.join(dataDir, 'faktura.sqlite');
      backups = path.join(dataDir, 'backups');
    });
    afterEach(() => {
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    async function database(tags: string[]): Promise<void> {
      const { db } = openSqlite(live);
      try {
        await prepare(db, tags);
      } finally {
        await db.destroy();
      }
    }

    it('copies a database that another process is writing: consistent, integrity ok, whole transactions only', async () => {
      await database(['before']);
      // the server's own connection stays open, as it would
      const server = openSqlite(live);
      const invoices = async () => Number((await server.db.selectFrom('invoice').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const stop = path.join(dataDir, 'writer.stop');
      const writer = nodeScript(WRITER, [live, stop]);
      const written = finished(writer);
      const copies = [];
      let result: Awaited<typeof written>;
      try {
        // each copy is taken while the writer writes, once it has committed more than the last copy
        // holds (however long the machine takes to start it): not after fixed pauses
        let seen = await invoices();
        for (let i = 0; i < 3; i++) {
          await vi.waitFor(async () => expect(await invoices()).toBeGreaterThan(seen), { timeout: 20_000, interval: 20 });
          const copy = await backupSqlite(live, backups);
          copies.push(copy);
          expect(copy.invoices).toBeGreaterThan(seen);
          seen = copy.invoices ?? seen;
        }
        fs.writeFileSync(stop, '');
        result = await written;
      } finally {
        writer.kill();
        await server.db.destroy();
      }
      expect(result.code, result.stderr).toBe(0);
      expect(Number(result.stdout)).toBeGreaterThan(0);

      const counts = [];
      for (const copy of copies) {
        expect(path.basename(copy.file)).toMatch(/^faktura-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z(-\d+)?\.sqlite$/);
        expect(fs.statSync(copy.file).mode & 0o777).toBe(0o600);
        // self-contained: nothing beside it
        expect(fs.existsSync(`${copy.file}-wal`)).toBe(false);
        const db = new SQLite(copy.file, { readonly: true });
        try {
          expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
          expect(db.pragma('journal_mode', { simple: true })).toBe('delete');
          // every invoice arrived with both of its lines: no transaction was cut in half
          const torn = db.prepare('select count(*) from invoice where (select count(*) from invoice_line l where l.invoice_id = invoice.id) <> 2').pluck().get();
          expect(torn).toBe(0);
          const count = Number(db.prepare('select count(*) from invoice').pluck().get());
          expect(count).toBe(copy.invoices);
          counts.push(count);
          expect(db.prepare('select name from kysely_migration order by name').pluck().all()).toEqual(await knownMigrations());
        } finally {
          db.close();
        }
      }
      // taken while the writer ran: they saw more and more of its work
      expect(counts[1]).toBeGreaterThan(counts[0]!);
      expect(counts[2]).toBeGreaterThan(counts[1]!);
      expect(listBackups(backups)).toEqual(copies.map((c) => c.file));
    });

    it('restores over a crashed server\'s stale -wal: exactly the backup\'s invoices, and the old database kept whole', async () => {
      await database(['one', 'two', 'three']);
      const backup = await backupSqlite(live, backups);
      // the server goes on, then dies without a checkpoint: its -wal holds the newer invoices
      const crash = await finished(nodeScript(CRASHER, [live]));
      expect(crash.signal).toBe('SIGKILL');
      expect(fs.statSync(`${live}-wal`).size).toBeGreaterThan(0);

      // what the README used to say: copy the backup over the database file, with the -wal still there
      const naiveDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-naive-'));
      try {
        fs.copyFileSync(backup.file, path.join(naiveDir, 'faktura.sqlite'));
        fs.copyFileSync(`${live}-wal`, path.join(naiveDir, 'faktura.sqlite-wal'));
        let naive: { integrity: string; tags: string[] } | string;
        try {
          naive = readSqlite(path.join(naiveDir, 'faktura.sqlite'));
        } catch (error) {
          naive = (error as Error).message;
        }
        // the stale log is replayed into the restored file: not the backup any more (or not a database)
        expect(naive).not.toEqual({ integrity: 'ok', tags: ['one', 'two', 'three'] });
      } finally {
        fs.rmSync(naiveDir, { recursive: true, force: true });
      }

      const done = await restoreSqlite(dataDir, backup.file);
      expect(done.join('\n')).toMatch(/Kept the previous database as .*before-restore-/);
      expect(done.join('\n')).toMatch(/faktura\.sqlite-wal/);
      expect(done.join('\n')).toMatch(/Removed the stale faktura\.sqlite-shm/);
      expect(fs.existsSync(`${live}-wal`)).toBe(false);
      expect(fs.existsSync(`${live}-shm`)).toBe(false);
      expect(readSqlite(live)).toEqual({ integrity: 'ok', tags: ['one', 'two', 'three'] });

      // nothing was lost: the previous database, with its own -wal beside it, still has everything
      const aside = fs.readdirSync(dataDir).find((name) => /^faktura\.sqlite\.before-restore-[^-]+.*Z$/.test(name));
      expect(aside).toBeDefined();
      const old = readSqlite(path.join(dataDir, aside!));
      expect(old.integrity).toBe('ok');
      expect(old.tags).toEqual(['one', 'two', 'three', ...[0, 1, 2, 3, 4].map((i) => `after backup ${i}`)]);

      // and the server starts on it: migrations have nothing to do, invoices can be added
      const { db } = openSqlite(live);
      try {
        expect(await migrate(db)).toEqual([]);
        await expectReceivedIntact(db);
        await addInvoices(db, ['four']);
        expect((await db.selectFrom('invoice').select('extra_info').execute()).map((r) => r.extra_info)).toEqual(['one', 'two', 'three', 'four']);
      } finally {
        await db.destroy();
      }
    });

    it('refuses while a server holds the data directory, and a server cannot start during a restore', async () => {
      await database(['kept']);
      const backup = await backupSqlite(live, backups);
      const before = fs.readFileSync(live);
      const server = holdServerLock(dataDir);
      try {
        expect(liveServers(dataDir).map((s) => s.pid)).toEqual([process.pid]);
        const refused = restoreSqlite(dataDir, backup.file);
        await expect(refused).rejects.toBeInstanceOf(DataDirBusyError);
        await expect(restoreSqlite(dataDir, backup.file)).rejects.toThrow(new RegExp(`Faktura is running .*\\n.*process ${process.pid}`));
        // nothing was touched
        expect(fs.readFileSync(live).equals(before)).toBe(true);
        expect(fs.readdirSync(dataDir).filter((n) => n.includes('before-restore') || n.includes('restoring'))).toEqual([]);
      } finally {
        server.release();
      }

      // the CLI says so too, and exits 1
      const again = holdServerLock(dataDir);
      try {
        const res = cli(['restore', backup.file], { FAKTURA_DATA_DIR: dataDir });
        expect(res.code).toBe(1);
        expect(res.stderr).toMatch(/^Refused: Faktura is running on this data directory/);
      } finally {
        again.release();
      }

      const restoring = holdRestoreLock(dataDir);
      try {
        expect(() => holdServerLock(dataDir)).toThrow(/A restore is running/);
      } finally {
        restoring.release();
      }

      // a lock left by a server that died (kill -9) does not block: it is recognised and removed
      const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
      const stale = path.join(dataDir, 'locks', `server-${dead}.json`);
      fs.writeFileSync(stale, JSON.stringify({ pid: dead, host: os.hostname(), startedAt: nowIso() }));
      expect((await restoreSqlite(dataDir, backup.file)).at(-1)).toMatch(/Restored the backup as/);
      expect(fs.existsSync(stale)).toBe(false);
    });

    it('refuses a backup newer than the code, a damaged file and a database that is not Faktura\'s', async () => {
      await database(['current']);
      const backup = await backupSqlite(live, backups);
      const before = fs.readFileSync(live);

      const newer = path.join(dataDir, 'newer.sqlite');
      fs.copyFileSync(backup.file, newer);
      const edit = new SQLite(newer);
      edit.prepare("insert into kysely_migration (name, timestamp) values ('2099_01_01_0001_future', '2099-01-01T00:00:00.000Z')").run();
      edit.close();
      await expect(restoreSqlite(dataDir, newer)).rejects.toThrow(/newer version of Faktura.*2099_01_01_0001_future/);

      const damaged = path.join(dataDir, 'damaged.sqlite');
      const bytes = fs.readFileSync(backup.file);
      bytes.fill(0x5a, 4096 * 2, 4096 * 6);
      fs.writeFileSync(damaged, bytes);
      await expect(restoreSqlite(dataDir, damaged)).rejects.toBeInstanceOf(BackupError);

      const foreign = path.join(dataDir, 'foreign.sqlite');
      const other = new SQLite(foreign);
      other.exec('create table notes (text text)');
      other.close();
      await expect(restoreSqlite(dataDir, foreign)).rejects.toThrow(/not a Faktura database/);

      const text = path.join(dataDir, 'notes.txt');
      fs.writeFileSync(text, 'hello');
      await expect(restoreBackup({ databaseUrl: undefined, dataDir, backupDir: backups }, text, { force: false })).rejects.toThrow(/not an SQLite database/);

      // every refusal left the database as it was, with nothing beside it
      expect(fs.readFileSync(live).equals(before)).toBe(true);
      expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('faktura.sqlite.'))).toEqual([]);
    });

    it('keeps the newest N backups, and the server makes the day\'s backup shortly after start', async () => {
      await database(['x']);
      const day = (offset: number) => new Date(Date.now() - offset * 24 * 3600 * 1000);
      for (const offset of [5, 4, 3, 2, 1]) await backupSqlite(live, backups, day(offset));
      fs.writeFileSync(path.join(backups, 'README.txt'), 'not a backup');
      const all = listBackups(backups);
      expect(all).toHaveLength(5);
      expect(pruneBackups(backups, 3)).toEqual(all.slice(0, 2));
      expect(listBackups(backups)).toEqual(all.slice(2));
      expect(fs.existsSync(path.join(backups, 'README.txt'))).toBe(true);

      const logs: string[] = [];
      const log = { info: (_: object, message: string) => logs.push(message), error: (_: object, message: string) => logs.push(message) };
      const schedule = scheduleBackups({ target: { databaseUrl: undefined, dataDir }, dir: backups, keep: 2, log, firstDelayMs: 50 });
      try {
        for (let i = 0; i < 100 && logs.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
        expect(logs).toEqual(['daily backup written and checked']);
        const kept = listBackups(backups);
        expect(kept).toHaveLength(2);
        expect(kept[0]).toBe(all[4]); // yesterday's
        expect(path.basename(kept[1]!)).toContain(new Date().toISOString().slice(0, 10));
        // one a day: a later check finds today's and writes nothing
        expect(await schedule.check()).toBeUndefined();
        expect(listBackups(backups)).toEqual(kept);
      } finally {
        await schedule.stop();
      }

      const off = scheduleBackups({ target: { databaseUrl: undefined, dataDir }, dir: path.join(dataDir, 'none'), keep: 0, log, firstDelayMs: 1 });
      expect(await off.check()).toBeUndefined();
      await off.stop();
      expect(fs.existsSync(path.join(dataDir, 'none'))).toBe(false);
    });

    it('npm run backup prints the checked file last; --out chooses the directory', async () => {
      await database(['cli']);
      const out = path.join(dataDir, 'elsewhere');
      const res = cli(['backup', '--out', out], { FAKTURA_DATA_DIR: dataDir });
      expect(res.code, res.stderr).toBe(0);
      const lines = res.stdout.trim().split('\n');
      expect(lines[0]).toMatch(/^Backup written and checked \(schema \S+, 1 invoices\)\.$/);
      const file = lines.at(-1)!;
      expect(path.dirname(file)).toBe(out);
      expect(readSqlite(file)).toEqual({ integrity: 'ok', tags: ['cli'] });
    });
  });
}

if (dbKind === 'postgres' || !process.env.TEST_DATABASE_URL) {
  const reason = 'TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/postgres)';
  const pgDescribe = process.env.TEST_DATABASE_URL ? describe : describe.skip;
  if (!process.env.TEST_DATABASE_URL) console.log(`PostgreSQL backup and restore skipped: ${reason}`);

  pgDescribe(`PostgreSQL backups${process.env.TEST_DATABASE_URL ? '' : ` (skipped: ${reason})`}`, () => {
    it('round trip: pg_dump, refuse a database with data unless --force, keep its contents, restore exactly', async () => {
      const source = await createTestDatabase();
      const empty = await createTestDatabase();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-pg-backup-'));
      const backups = path.join(dataDir, 'backups');
      try {
        const url = source.url!;
        const handle = source.open();
        await prepare(handle.db, ['one', 'two', 'three']);
        const backup = await backupPostgres(url, backups);
        expect(path.basename(backup.file)).toMatch(/^faktura-.*Z\.dump$/);
        expect(backup.migrations).toEqual(await knownMigrations());
        await addInvoices(handle.db, ['after backup']);

        // a running server (its connections are named 'faktura') blocks the restore
        await expect(restorePostgres({ databaseUrl: url, dataDir, backupDir: backups }, backup.file, { force: true })).rejects.toThrow(
          /running Faktura are open on this database/,
        );
        await handle.db.destroy();

        // the database has data: refused without --force, untouched
        await expect(restorePostgres({ databaseUrl: url, dataDir, backupDir: backups }, backup.file, { force: false })).rejects.toThrow(/--force/);
        const check = source.open();
        expect((await check.db.selectFrom('invoice').select('extra_info').orderBy('id').execute()).map((r) => r.extra_info)).toEqual([
          'one', 'two', 'three', 'after backup',
        ]);
        await check.db.destroy();

        const done = await restoreBackup({ databaseUrl: url, dataDir, backupDir: backups }, backup.file, { force: true });
        expect(done.join('\n')).toMatch(/Kept the previous contents as .*faktura-before-restore-.*\.dump/);
        const after = source.open();
        try {
          expect((await after.db.selectFrom('invoice').select('extra_info').orderBy('id').execute()).map((r) => r.extra_info)).toEqual([
            'one', 'two', 'three',
          ]);
          expect(await migrate(after.db)).toEqual([]);
          await expectReceivedIntact(after.db);
          // identity sequences came back too: new rows get fresh ids
          await addInvoices(after.db, ['four']);
          expect(await after.db.selectFrom('invoice_line').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).toEqual({ n: 8 });
        } finally {
          await after.db.destroy();
        }
        // the safety dump holds what was there before
        const safety = fs.readdirSync(backups).find((name) => name.startsWith('faktura-before-restore-'));
        expect(safety).toBeDefined();
        expect(listBackups(backups)).toEqual([backup.file]); // retention never counts (or deletes) it

        // an empty database takes the backup without --force
        await restorePostgres({ databaseUrl: empty.url!, dataDir, backupDir: backups }, backup.file, { force: false });
        const fresh = empty.open();
        try {
          expect((await fresh.db.selectFrom('invoice').select('extra_info').orderBy('id').execute()).map((r) => r.extra_info)).toEqual([
            'one', 'two', 'three',
          ]);
        } finally {
          await fresh.db.destroy();
        }

        // a dump from a newer Faktura is refused
        const newerHandle = empty.open();
        await sql`insert into kysely_migration (name, timestamp) values (${'2099_01_01_0001_future'}, ${nowIso()})`.execute(newerHandle.db);
        await newerHandle.db.destroy();
        const newer = await backupPostgres(empty.url!, path.join(dataDir, 'newer'));
        await expect(restorePostgres({ databaseUrl: url, dataDir, backupDir: backups }, newer.file, { force: true })).rejects.toThrow(/newer version of Faktura/);
        // an SQLite file is not taken for a dump
        const notDump = path.join(dataDir, 'x.sqlite');
        fs.writeFileSync(notDump, 'SQLite format 3\0 and more');
        await expect(restoreBackup({ databaseUrl: url, dataDir, backupDir: backups }, notDump, { force: true })).rejects.toThrow(/not a pg_dump archive/);
      } finally {
        await source.drop();
        await empty.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}

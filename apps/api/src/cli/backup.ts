import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { usePrivateUmask } from '../db/dataDir';
import { BackupError, makeBackup, pruneBackups, restoreBackup } from '../db/backup';
import { DataDirBusyError } from '../db/dataLock';

const USAGE = `Usage:
  npm run backup [-- --out <directory>]
      A consistent copy of the database, made while the server runs, checked, written to
      $FAKTURA_DATA_DIR/backups (or FAKTURA_BACKUP_DIR, or --out). Prints the file's path last.
  npm run restore -- <file> [--force]
      Puts a backup back. Stop the server first. SQLite: the current database is kept beside it.
      PostgreSQL: a database that already has tables is replaced only with --force, after a dump
      of its current contents is written to the backup directory.
Uses the same configuration (DATABASE_URL, FAKTURA_DATA_DIR) as the server.`;

async function run(): Promise<number> {
  usePrivateUmask(); // what it creates in the data directory is the user's alone (decision 023)
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { out: { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean' } },
  });
  const [command, file, ...extra] = positionals;
  const known = (command === 'backup' && !file) || (command === 'restore' && file && extra.length === 0);
  if (values.help || !known) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();

  if (command === 'backup') {
    const dir = values.out ? path.resolve(values.out) : config.backupDir;
    const backup = await makeBackup(config, dir);
    const invoices = backup.invoices === undefined ? '' : `, ${backup.invoices} invoices`;
    console.log(`Backup written and checked (schema ${backup.migrations.at(-1) ?? '(empty)'}${invoices}).`);
    if (dir === config.backupDir && config.backupKeep > 0) {
      for (const removed of pruneBackups(dir, config.backupKeep)) console.log(`Removed an old backup (keeping ${config.backupKeep}): ${removed}`);
    }
    console.log(backup.file);
    return 0;
  }

  const done = await restoreBackup(config, file ?? '', { force: values.force ?? false });
  for (const line of done) console.log(line);
  console.log('Done. Start the server again.');
  return 0;
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof BackupError || error instanceof DataDirBusyError) {
      console.error(`Refused: ${error.message}`);
    } else {
      console.error(error instanceof Error ? error.message : error);
    }
    process.exit(1);
  },
);

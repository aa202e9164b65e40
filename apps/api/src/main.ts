import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { scheduleBackups } from './db/backupSchedule';
import { migrate, openDatabase } from './db/connection';
import { ensurePrivateDir, usePrivateUmask, wideEntryWarning, widerThanPrivate } from './db/dataDir';
import { DataDirBusyError, holdServerLock } from './db/dataLock';
import { seedDemo, seedDemoDraft } from './db/seed';
import { watchStalls } from './http/stallWatch';
import { loadSecret } from './modules/auth';
import { ensureFirstOperator } from './modules/auth';

/** Starts Faktura: migrate, make sure someone can sign in, serve. */
async function main(): Promise<void> {
  // before anything is created: the data directory and every file in it are the user's alone
  usePrivateUmask();
  const config = loadConfig();
  ensurePrivateDir(config.dataDir);
  // restores refuse while this is held; a restore in progress stops this start
  const lock = holdServerLock(config.dataDir);
  const database = openDatabase(config);
  await migrate(database.db);
  const secret = loadSecret(config.secret, config.dataDir);
  const created = await ensureFirstOperator(database.db, {
    email: config.adminEmail,
    password: config.adminPassword,
    name: config.adminName,
  });
  const seeded = config.demo ? await seedDemo(database.db) : false;
  if (seeded) await seedDemoDraft(database.db);

  const app = await buildApp({ config, database, secret, fiscalizationWorker: true });
  for (const entry of widerThanPrivate([config.dataDir, config.backupDir])) app.log.warn({ path: entry.path, mode: entry.mode }, wideEntryWarning(entry));
  if (database.dialect === 'postgres' && !config.secret) {
    app.log.warn('FAKTURA_SECRET is not set: fine for one process, but every process sharing this database needs the same secret');
  }
  const backups = scheduleBackups({ target: config, dir: config.backupDir, keep: config.backupKeep, log: app.log });
  // a hold of the whole process (a disk stalled on fsync) is said in the log, not only seen as slow answers
  const stopStallWatch = watchStalls(app.log);
  app.addHook('onClose', async () => {
    stopStallWatch();
    await backups.stop();
    lock.release();
  });
  await app.listen({ port: config.port, host: config.host });

  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost === '127.0.0.1' ? 'localhost' : shownHost}:${config.port}`;
  const lines = ['', `Faktura is running at ${url}`, `Database: ${database.dialect} (${database.location})`];
  if (seeded) lines.push('Demo data was added to the empty database.');
  lines.push(
    config.backupKeep > 0
      ? `Backups: daily into ${config.backupDir} (the newest ${config.backupKeep} are kept); copy them off this machine.`
      : 'Backups: automatic backups are off (FAKTURA_BACKUP_KEEP=0); make them with npm run backup.',
  );
  if (created?.generatedPassword) {
    lines.push(
      '',
      'First start: an operator was created. Sign in with',
      `  e-mail:   ${created.email}`,
      `  password: ${created.generatedPassword}`,
      'This password is shown only now. Change it with:',
      `  npm run operator -- reset-password --email ${created.email}`,
    );
  } else if (created) {
    lines.push('', `First start: sign in as ${created.email} with FAKTURA_ADMIN_PASSWORD.`);
  }
  if (created?.nameNeeded) {
    lines.push(`Invoices print the operator's full name: enter yours in Settings (or set FAKTURA_ADMIN_NAME before the first start).`);
  }
  if (!created) {
    lines.push('Sign in with your operator account (forgot the password? npm run operator -- reset-password --email <e-mail>).');
  }
  console.log(lines.join('\n') + '\n');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // An answer under way when the signal came is finished, but the browser keeps its connection
    // alive (Fastify's keep-alive lasts 72 s) and the server would wait for it: each connection is
    // closed as soon as it is idle, so the process ends moments after its last answer.
    const idle = setInterval(() => app.server.closeIdleConnections(), 50);
    app.close().then(
      () => {
        clearInterval(idle);
        process.exit(0);
      },
      (error: unknown) => {
        clearInterval(idle);
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirBusyError) {
    console.error(error.message);
  } else {
    console.error('Faktura could not start:', error);
  }
  process.exit(1);
});

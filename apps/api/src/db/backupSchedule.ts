import { type BackupTarget, hasBackupOn, makeBackup, pruneBackups } from './backup';

export interface BackupLog {
  info: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
}

export interface BackupScheduleOptions {
  target: BackupTarget;
  dir: string;
  /** Backups to keep; 0 means no automatic backups. */
  keep: number;
  log: BackupLog;
  /** The first check, shortly after start (1 minute). */
  firstDelayMs?: number;
  /** Later checks (hourly): a backup is made when the directory has none of the current UTC day. */
  everyMs?: number;
  now?: () => Date;
}

export interface BackupSchedule {
  /** Makes today's backup if there is none yet; resolves to its path, or undefined when none was due. */
  check: () => Promise<string | undefined>;
  /** Stops the timers and waits for a backup that is being written. */
  stop: () => Promise<void>;
}

/**
 * The server's automatic daily backup: a timer in the server process checks shortly after start and
 * then every hour whether today's backup exists, writes it when it does not, and keeps the newest
 * `keep`. Failures are logged and tried again at the next check; they never stop the server.
 */
export function scheduleBackups(options: BackupScheduleOptions): BackupSchedule {
  const { target, dir, keep, log, firstDelayMs = 60_000, everyMs = 3_600_000, now = () => new Date() } = options;
  let running: Promise<string | undefined> | undefined;
  let stopped = false;

  const once = async (): Promise<string | undefined> => {
    const at = now();
    if (hasBackupOn(dir, at.toISOString().slice(0, 10))) return undefined;
    const backup = await makeBackup(target, dir, at);
    const removed = pruneBackups(dir, keep);
    log.info({ file: backup.file, removed }, 'daily backup written and checked');
    return backup.file;
  };
  const check = (): Promise<string | undefined> => {
    if (keep <= 0 || stopped) return Promise.resolve(undefined);
    // one backup at a time; the finally runs after the assignment, even when nothing was due
    running ??= once().finally(() => {
      running = undefined;
    });
    return running;
  };
  const tick = () => {
    check().catch((error: unknown) => log.error({ err: error }, 'daily backup failed; trying again at the next check'));
  };

  const first = keep > 0 ? setTimeout(tick, firstDelayMs) : undefined;
  const every = keep > 0 ? setInterval(tick, everyMs) : undefined;
  first?.unref();
  every?.unref();

  return {
    check,
    stop: async () => {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running?.catch(() => undefined);
    },
  };
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensurePrivateDir } from './dataDir';

/**
 * Who is using a data directory. Each running server leaves `locks/server-<pid>.json` there (several
 * servers may share one directory, as they may share one database); a restore holds
 * `locks/restore.json`. Each side writes its own file first and then looks for the other's, so a
 * server starting during a restore (or a restore starting under a server) always notices.
 * A file whose process is gone (a crash, a kill -9) is stale and is cleaned up by whoever finds it.
 */
export interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
  file: string;
}

export class DataDirBusyError extends Error {}

const lockDir = (dataDir: string) => path.join(dataDir, 'locks');
const RESTORE_FILE = 'restore.json';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return undefined;
    return { pid: parsed.pid, host: parsed.host, startedAt: String(parsed.startedAt ?? ''), file };
  } catch {
    return undefined;
  }
}

/** A holder on this machine whose process has ended is stale; one on another machine cannot be checked. */
function liveOrRemove(holder: LockHolder | undefined, file: string): LockHolder | undefined {
  if (holder && (holder.host !== os.hostname() || isAlive(holder.pid))) return holder;
  fs.rmSync(file, { force: true });
  return undefined;
}

function writeOwn(file: string): void {
  ensurePrivateDir(path.dirname(file));
  const me = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };
  fs.writeFileSync(file, JSON.stringify(me), { flag: 'wx', mode: 0o600 });
}

/** The servers that hold the data directory now (stale files are removed on the way). */
export function liveServers(dataDir: string): LockHolder[] {
  let names: string[];
  try {
    names = fs.readdirSync(lockDir(dataDir));
  } catch {
    return [];
  }
  const live: LockHolder[] = [];
  for (const name of names.filter((n) => /^server-\d+\.json$/.test(n))) {
    const file = path.join(lockDir(dataDir), name);
    const holder = liveOrRemove(readHolder(file), file);
    if (holder) live.push(holder);
  }
  return live;
}

export function describeHolder(holder: LockHolder): string {
  return `process ${holder.pid} on ${holder.host} since ${holder.startedAt} (${holder.file})`;
}

/**
 * Marks the data directory as used by this server until `release()` (or the process exits).
 * Throws DataDirBusyError while a restore runs.
 */
export function holdServerLock(dataDir: string): { release: () => void } {
  const file = path.join(lockDir(dataDir), `server-${process.pid}.json`);
  fs.rmSync(file, { force: true }); // a leftover of an earlier process that had our pid
  writeOwn(file);
  const restoreFile = path.join(lockDir(dataDir), RESTORE_FILE);
  const restoring = liveOrRemove(readHolder(restoreFile), restoreFile);
  const release = () => {
    fs.rmSync(file, { force: true });
    process.removeListener('exit', release);
  };
  if (restoring) {
    release();
    throw new DataDirBusyError(`A restore is running in ${dataDir}: ${describeHolder(restoring)}. Start the server when it has finished.`);
  }
  process.on('exit', release);
  return { release };
}

/**
 * Takes the data directory for a restore. Throws DataDirBusyError, naming them, while servers use it
 * or another restore runs.
 */
export function holdRestoreLock(dataDir: string): { release: () => void } {
  const file = path.join(lockDir(dataDir), RESTORE_FILE);
  try {
    writeOwn(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const other = liveOrRemove(readHolder(file), file);
    if (other) throw new DataDirBusyError(`Another restore is running: ${describeHolder(other)}.`);
    writeOwn(file);
  }
  const release = () => fs.rmSync(file, { force: true });
  const servers = liveServers(dataDir);
  if (servers.length > 0) {
    release();
    throw new DataDirBusyError(
      [
        `Faktura is running on this data directory (${dataDir}); stop it before restoring:`,
        ...servers.map((s) => `  ${describeHolder(s)}`),
        'If no server is running (for instance after a crash on another machine), delete the file named above.',
      ].join('\n'),
    );
  }
  return { release };
}

import fs from 'node:fs';
import path from 'node:path';

/**
 * The data directory holds the SQLite database (the SMTP password, password hashes, every client and
 * invoice), the signing secret, the backups and the locks: nobody but the user Faktura runs as may
 * read any of it (decision 023). Directories are 0700, files 0600: the server and the command line
 * set umask 077 before they create anything, and what Faktura writes is also chmod-ed explicitly
 * (the SQLite files, restored and set-aside databases, backups, the secret), so the modes hold even
 * where the umask is not ours (tests, an embedding process). At start the server warns about
 * anything in the directory whose mode is wider.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Everything this process creates from now on is private to its user. Call first in a process. */
export function usePrivateUmask(): void {
  process.umask(0o077);
}

/** Creates `dir` (and missing parents) 0700; an existing directory is left as it is (and warned about). */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Sets a file Faktura wrote to 0600 when its mode is wider. Missing files are skipped; a file that
 * cannot be changed (another owner) is left to the start-up warning.
 */
export function makePrivate(file: string): void {
  try {
    if ((fs.statSync(file).mode & 0o777 & ~PRIVATE_FILE_MODE) !== 0) fs.chmodSync(file, PRIVATE_FILE_MODE);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'EPERM') throw error;
  }
}

export interface WideEntry {
  path: string;
  kind: 'directory' | 'file';
  /** Its permission bits in octal, e.g. `0644`. */
  mode: string;
}

/**
 * The directories (wider than 0700) and files (wider than 0600) in and under the given directories,
 * themselves included; symbolic links are not followed. At most `limit` entries.
 */
export function widerThanPrivate(dirs: readonly string[], limit = 50): WideEntry[] {
  const found: WideEntry[] = [];
  const seen = new Set<string>();
  const visit = (entry: string, depth: number) => {
    if (found.length >= limit || seen.has(entry)) return;
    seen.add(entry);
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(entry);
    } catch {
      return;
    }
    const mode = stat.mode & 0o777;
    if (stat.isDirectory()) {
      if ((mode & ~PRIVATE_DIR_MODE) !== 0) found.push({ path: entry, kind: 'directory', mode: octal(mode) });
      if (depth >= 4) return;
      let names: string[];
      try {
        names = fs.readdirSync(entry).sort();
      } catch {
        return;
      }
      for (const name of names) visit(path.join(entry, name), depth + 1);
    } else if (stat.isFile() && (mode & ~PRIVATE_FILE_MODE) !== 0) {
      found.push({ path: entry, kind: 'file', mode: octal(mode) });
    }
  };
  for (const dir of dirs) visit(path.resolve(dir), 0);
  return found;
}

const octal = (mode: number) => `0${mode.toString(8).padStart(3, '0')}`;

/** The start-up warning for one entry: what it is, its mode, and the command that fixes it. */
export function wideEntryWarning(entry: WideEntry): string {
  const wanted = entry.kind === 'directory' ? '700' : '600';
  return `${entry.path} is open to other local users (mode ${entry.mode}; Faktura's data ${entry.kind === 'directory' ? 'directories should be 0700' : 'files should be 0600'}): chmod ${wanted} '${entry.path}'`;
}

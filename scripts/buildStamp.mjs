// What a build is made of, as one hash: the sources of the three workspaces (tests left out), their
// package and build files, the lockfile, and the Node that builds. `npm run build` writes it after a
// build that succeeded; `npm start` builds again only when it differs (issue 33 item 4).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
const STAMP = 'apps/api/dist/build-stamp.json';
/** What a start needs from the last build. */
export const OUTPUTS = ['apps/api/dist/main.js', 'apps/web/dist/index.html'];

const WORKSPACES = ['packages/shared', 'apps/api', 'apps/web'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test', '.test-server']);
const isTest = (name) => /\.test\.tsx?$/.test(name);

function walk(dir, files) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) walk(full, files);
    } else if (entry.isFile() && !isTest(entry.name)) {
      files.push(full);
    }
  }
}

/** The hash of everything the build reads, in a stable order. */
export function inputsHash(base = root) {
  const files = [path.join(base, 'package.json'), path.join(base, 'package-lock.json'), path.join(base, 'tsconfig.json')];
  for (const workspace of WORKSPACES) walk(path.join(base, workspace), files);
  files.sort();
  const hash = createHash('sha256');
  hash.update(`${process.version} ${process.platform} ${process.arch}\n`);
  for (const file of files) {
    let content;
    try {
      content = fs.readFileSync(file);
    } catch {
      continue;
    }
    hash.update(`${path.relative(base, file)}\0${content.length}\0`);
    hash.update(content);
  }
  return { hash: hash.digest('hex'), files: files.length };
}

/** Whether the last build was made of exactly these inputs and its outputs are all there. */
export function upToDate(current, base = root) {
  if (!OUTPUTS.every((file) => fs.existsSync(path.join(base, file)))) return false;
  try {
    return JSON.parse(fs.readFileSync(path.join(base, STAMP), 'utf8')).hash === current.hash;
  } catch {
    return false;
  }
}

export function writeStamp(current, base = root) {
  const stamp = path.join(base, STAMP);
  fs.mkdirSync(path.dirname(stamp), { recursive: true });
  fs.writeFileSync(stamp, `${JSON.stringify({ hash: current.hash, files: current.files, builtAt: new Date().toISOString() })}\n`);
}

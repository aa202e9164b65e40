#!/usr/bin/env node
// `npm start`: builds when the sources, the lockfile or Node changed since the last build (or there
// is none), then serves in this process. A restart with nothing changed starts at once (issue 33
// item 4); after a `git pull` or an edit it builds first, as before.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { inputsHash, root, upToDate } from './buildStamp.mjs';

if (process.env.FAKTURA_REBUILD === '1' || !upToDate(inputsHash())) {
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
} else {
  console.log('Nothing changed since the last build: starting it (FAKTURA_REBUILD=1 npm start builds anyway).');
}
await import(pathToFileURL(path.join(root, 'apps/api/dist/main.js')).href);

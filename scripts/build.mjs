#!/usr/bin/env node
// `npm run build`: the web app, then the API; once both succeeded, the stamp of what they were built
// from, so that `npm start` can skip a build when nothing changed (scripts/buildStamp.mjs).
import { spawnSync } from 'node:child_process';
import { inputsHash, root, writeStamp } from './buildStamp.mjs';

// read before building: a file changed during the build makes the next start build again
const inputs = inputsHash();
for (const workspace of ['@faktura/web', '@faktura/api']) {
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
writeStamp(inputs);

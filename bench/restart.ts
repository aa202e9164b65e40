/**
 * Issue 33 item 4: a restart with nothing changed. The time from starting `npm start` to the first
 * answer of /api/v1/health, against starting `node apps/api/dist/main.js` directly, on the same data
 * directory (already migrated: a restart, not a first start), rounds interleaved, medians.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inputsHash, root, upToDate } from '../scripts/buildStamp.mjs';
import type { BenchRow } from './table';

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts the command, waits for the health answer, stops it; answers the milliseconds to the answer. */
async function timeToFirstAnswer(command: string, args: string[], dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), FAKTURA_DATA_DIR: dataDir },
    stdio: 'ignore',
    detached: true,
  });
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exited = code;
      resolve();
    }),
  );
  try {
    for (;;) {
      if (exited !== undefined) throw new Error(`${command} ${args.join(' ')} stopped (exit code ${exited}) before answering`);
      if (performance.now() - started > 120_000) throw new Error(`${command} did not answer within 120 s`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
        if (res.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    // npm and the node it started: the whole process group
    if (exited === undefined && child.pid) process.kill(-child.pid, 'SIGTERM');
    await exit;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function measureRestart(rounds: number, log: (message: string) => void): Promise<BenchRow> {
  if (!upToDate(inputsHash())) {
    log('restart: building first (the sources changed since the last build)');
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-bench-restart-'));
  try {
    // the first start migrates and creates the operator: not a restart
    await timeToFirstAnswer('node', ['apps/api/dist/main.js'], dataDir);
    const direct: number[] = [];
    const npmStart: number[] = [];
    for (let i = 0; i < rounds; i++) {
      direct.push(await timeToFirstAnswer('node', ['apps/api/dist/main.js'], dataDir));
      npmStart.push(await timeToFirstAnswer('npm', ['start'], dataDir));
    }
    return {
      id: 'R1',
      what: '`npm start` with nothing changed vs `node apps/api/dist/main.js`, to the first answer',
      value: median(npmStart),
      baseline: median(direct),
      unit: 'ms',
      direction: '<=',
      goal: 1.5,
      note: `restart: ${rounds} rounds each, interleaved`,
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

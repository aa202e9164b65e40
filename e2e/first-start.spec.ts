import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E_PORT, signIn, test } from './support';

// the port after the journeys' server (3108 by default): runs side by side each keep to their own ports
const PORT = E2E_PORT + 1;

/**
 * Starts the built server on an empty data directory, as `npm start` does on a fresh clone. `exit`
 * settles whenever the process ends, also before anyone waits for it (a crash), with what it printed.
 */
function startServer(dataDir: string): { child: ChildProcess; output: () => string; exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }> } {
  let output = '';
  const child = spawn(process.execPath, ['apps/api/dist/main.js'], {
    env: { PATH: process.env.PATH, PORT: String(PORT), HOST: '127.0.0.1', FAKTURA_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, output: () => output, exit };
}

/** What the server printed, to read beside a failed expectation (the first start's password blanked). */
const printedBy = (server: { output: () => string }) => `the server printed:\n${server.output().replace(/(password:\s+)\S+/g, '$1…')}`;

test('a fresh start prints how to sign in, those credentials work, and SIGTERM stops it cleanly', async ({ page }) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-first-'));
  const server = startServer(dataDir);
  try {
    await expect.poll(server.output, { timeout: 20_000 }).toContain('password:');
    const printed = server.output();
    expect(printed).toContain(`Faktura is running at http://localhost:${PORT}`);
    const email = /e-mail:\s+(\S+)/.exec(printed)?.[1];
    const password = /password:\s+(\S+)/.exec(printed)?.[1];
    expect(email).toBe('admin@localhost');
    expect(password?.length).toBeGreaterThanOrEqual(16);

    await page.goto(`http://127.0.0.1:${PORT}/`);
    await signIn(page, email, password);
    await expect(page.getByRole('heading', { level: 1, name: 'Nadzorna ploča' })).toBeVisible();

    // still running when it is asked to stop, and then gone with code 0 within seconds
    expect(server.child.exitCode, printedBy(server)).toBeNull();
    server.child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const ended = await Promise.race([server.exit, new Promise<'still running'>((resolve) => (timer = setTimeout(() => resolve('still running'), 20_000)))]);
    clearTimeout(timer);
    expect(ended, printedBy(server)).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(path.join(dataDir, 'faktura.sqlite'))).toBe(true);
  } finally {
    server.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E_PORT, signIn, test } from './support';

// the port after the journeys' server (3108 by default): runs side by side each keep to their own ports
const PORT = E2E_PORT + 1;

/** Starts the built server on an empty data directory, as `npm start` does on a fresh clone. */
function startServer(dataDir: string): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['apps/api/dist/main.js'], {
    env: { PATH: process.env.PATH, PORT: String(PORT), HOST: '127.0.0.1', FAKTURA_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

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

    const exited = new Promise<number | null>((resolve) => server.child.on('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'faktura.sqlite'))).toBe(true);
  } finally {
    server.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, E2E_PORT, E2E_USER } from './e2e/support';

/**
 * Journeys run against the real, built server (API + web on one port) with a fresh SQLite database,
 * in Debian's Chromium: no browser is ever downloaded.
 */

const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // workers re-read this file; keep one directory per run

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    browserName: 'chromium',
    locale: 'hr-HR',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.FAKTURA_CHROMIUM || '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'node apps/api/dist/main.js',
    url: `http://127.0.0.1:${E2E_PORT}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      FAKTURA_DATA_DIR: dataDir,
      FAKTURA_ADMIN_EMAIL: E2E_USER.email,
      FAKTURA_ADMIN_PASSWORD: E2E_USER.password,
      FAKTURA_DEMO: '1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // journeys never ask the real HNB: nothing listens here, so the form says the list is not available
      FAKTURA_HNB_URL: 'https://127.0.0.1:9/tecajn-eur/v3',
    },
  },
});

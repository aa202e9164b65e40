import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './e2e/support';

/**
 * Journeys run against the real, built server (API + web on one port) with a fresh SQLite database,
 * in Debian's Chromium: no browser is ever downloaded. Each worker starts a server and a database of
 * its own (`journeyServer` in e2e/support.ts, on E2E_PORT, then E2E_PORT + 2, …), so two workers'
 * journeys never meet: on CI's two cores a journey waits much of its time on the other process
 * (Chromium or the server), and two side by side take less time than one after the other.
 */

const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // workers re-read this file; keep one directory per run

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // Generous for a slow machine: on the CI machine of 2026-12-01 (a third the speed of the one before:
  // the journeys took 16 minutes instead of ~6, a sign-in's password check 2 s) journeys failed only by
  // running out of 30 s, or 7 s for a screen after a sign-in. A missing element or a hang still fails.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    locale: 'hr-HR',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.FAKTURA_CHROMIUM || '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
});

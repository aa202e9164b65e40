import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * One Vitest run covers the shared rules, the API (on SQLite always, on PostgreSQL when
 * TEST_DATABASE_URL is set) and the web components. Browser journeys are Playwright's (e2e/).
 */
const postgresUrl = process.env.TEST_DATABASE_URL;

const apiProject = (name: string, db: 'sqlite' | 'postgres') => ({
  test: {
    name,
    include: ['apps/api/test/**/*.test.ts'],
    environment: 'node' as const,
    env: { FAKTURA_TEST_DB: db },
    // the migrations run once per run into a template each test database is copied from
    globalSetup: ['apps/api/test/globalSetup.ts'],
    // near midnight in Zagreb, one day for the whole run (apps/api/test/testClock.ts)
    setupFiles: ['apps/api/test/setupClock.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One module graph per worker, not one per file: each file re-imported the whole server
    // (Fastify, the contract, pdfkit, the i18n catalogues), more CPU than many files' tests. The
    // files share what a module keeps (caches, registries): a test that changes process-wide state
    // (Date faked, a spy, an environment variable) restores it, and no assertion may depend on
    // which files ran before it in the same worker.
    isolate: false,
  },
});

/**
 * The web's test files that replace a module (`vi.mock`): the menu's chunk arriving late or not at
 * all. `apps/web/src/test/setup.ts` imports every screen, so in a module graph shared with other files
 * the real module is in before the file's mock could stand in; these run with a graph of their own.
 */
const WEB = 'apps/web/src';
const webDir = fileURLToPath(new URL(WEB, import.meta.url));
const webMocking = (fs.readdirSync(webDir, { recursive: true }) as string[])
  .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.(?:do)?mock\(/.test(fs.readFileSync(path.join(webDir, file), 'utf8')))
  .map((file) => `${WEB}/${file.split(path.sep).join('/')}`);

const webProject = (name: string, files: { include: string[]; exclude?: string[] }, isolate: boolean) => ({
  plugins: [react()],
  test: {
    name,
    ...files,
    environment: 'jsdom' as const,
    setupFiles: ['apps/web/src/test/setup.ts'],
    css: false,
    testTimeout: 20_000,
    // One module graph and one jsdom window per worker, not per file: setup.ts imports every screen and
    // both languages' texts, which each file paid again (113-163 s of a run's CPU). The files share
    // what the harness already resets after each test (decision 020: the rendered tree, toasts, SWR's
    // cache per render, the language, localStorage, mocks and stubbed globals); a test that changes
    // anything else process-wide puts it back.
    isolate,
  },
});

export default defineConfig({
  test: {
    // Vitest takes one core less than the machine has: one worker on CI's two cores. The API tests
    // spend much of their time waiting on PostgreSQL and each uses a database of its own, so two
    // workers finish the run in well under the time of one.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      // The repository's own rules (the web's import walls, checked with the real ESLint configuration).
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node', testTimeout: 240_000 } },
      apiProject('api-sqlite', 'sqlite'),
      ...(postgresUrl ? [apiProject('api-postgres', 'postgres')] : []),
      webProject('web', { include: ['apps/web/src/**/*.test.{ts,tsx}'], exclude: [...configDefaults.exclude, ...webMocking] }, false),
      ...(webMocking.length > 0 ? [webProject('web-mocks', { include: webMocking }, true)] : []),
    ],
  },
});

import { defineConfig } from 'vitest/config';
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
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          css: false,
          testTimeout: 20_000,
        },
      },
    ],
  },
});

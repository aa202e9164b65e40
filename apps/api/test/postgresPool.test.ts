import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, createHarness, dbKind } from './harness';

// An idle pooled connection that breaks (PostgreSQL restarted, the backend terminated) must not end
// the server: the pool drops it, the error is logged without the connection string, the next request answers.
describe.skipIf(dbKind !== 'postgres')('PostgreSQL: an idle pooled connection that fails', () => {
  let h: Harness;
  let token: string;

  beforeAll(async () => {
    h = await createHarness();
    ({ token } = await h.login());
  });
  afterAll(() => h?.close());

  it('is logged and dropped; the server answers the next requests', async () => {
    // a few connections in the pool, all idle again once the requests are answered
    const answers = await Promise.all(Array.from({ length: 4 }, () => h.request('GET', '/api/v1/company', { token })));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    const url = h.databaseEnv.DATABASE_URL ?? '';
    const admin = new pg.Client({ connectionString: url, application_name: 'faktura-test-admin' });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ ended: boolean }>(
        "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and application_name = 'faktura' and state = 'idle'",
      );
      expect(rows.length).toBeGreaterThan(0);
      // the pool hears of it when each connection's socket closes
      const failed = () => h.logs.filter((line) => line.includes('an idle PostgreSQL connection failed'));
      for (let i = 0; i < 50 && failed().length < rows.length; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(failed()).toHaveLength(rows.length);
      const line = JSON.parse(failed()[0] ?? '{}') as { level: number; err: { code: string; message: string } };
      expect(line.level).toBe(50);
      expect(line.err.code).toBe('57P01');
      expect(failed().join('\n')).not.toContain('postgres://');
      for (let i = 0; i < 3; i++) expect((await h.request('GET', '/api/v1/company', { token })).statusCode).toBe(200);
    } finally {
      await admin.end();
    }
  });
});

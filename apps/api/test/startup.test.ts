import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { migrate } from '../src/db/connection';
import { seedDemo, seedDemoDraft } from '../src/db/seed';
import { verifyPassword } from '../src/modules/auth/password';
import { ensureFirstOperator, resetPassword } from '../src/modules/auth/operator.service';
import { type TestDatabase, createTestDatabase } from './harness';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', databaseUrl: undefined, demo: false });
    expect(config.dataDir).toMatch(/data$/);
    expect(config.backupDir).toBe(`${config.dataDir}/backups`);
    expect(config.backupKeep).toBe(14);
    expect(config.trustProxy).toEqual([]);
    // HNB's exchange-rate list, trusted by the system's CAs
    expect(config.hnb).toEqual({ url: 'https://api.hnb.hr/tecajn-eur/v3', caFile: undefined });
    expect(loadConfig({ FAKTURA_HNB_URL: 'https://hnb.mirror.example/tecajn-eur/v3', FAKTURA_HNB_CA_FILE: '/etc/faktura/hnb-ca.pem' }).hnb).toEqual({
      url: 'https://hnb.mirror.example/tecajn-eur/v3',
      caFile: '/etc/faktura/hnb-ca.pem',
    });
    expect(loadConfig({ FAKTURA_TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(loadConfig({ FAKTURA_BACKUP_KEEP: '0', FAKTURA_BACKUP_DIR: '/srv/faktura-backups' })).toMatchObject({
      backupKeep: 0,
      backupDir: '/srv/faktura-backups',
    });
  });

  it('stops with a message naming the bad variable', () => {
    const cases: [Record<string, string>, string][] = [
      [{ PORT: 'eighty' }, 'PORT'],
      [{ PORT: '70000' }, 'PORT'],
      [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
      [{ FAKTURA_SECRET: 'short' }, 'FAKTURA_SECRET'],
      [{ FAKTURA_ADMIN_EMAIL: 'boss@firma.hr' }, 'FAKTURA_ADMIN_PASSWORD'],
      [{ FAKTURA_ADMIN_EMAIL: 'boss@firma.hr', FAKTURA_ADMIN_PASSWORD: 'short' }, 'FAKTURA_ADMIN_PASSWORD'],
      [{ FAKTURA_DEMO: 'yes' }, 'FAKTURA_DEMO'],
      [{ FAKTURA_BACKUP_KEEP: 'many' }, 'FAKTURA_BACKUP_KEEP'],
      [{ FAKTURA_TRUST_PROXY: 'true' }, 'FAKTURA_TRUST_PROXY'],
      [{ FAKTURA_TRUST_PROXY: '10.0.0.0/33' }, 'FAKTURA_TRUST_PROXY'],
      [{ FAKTURA_BACKUP_KEEP: '-1' }, 'FAKTURA_BACKUP_KEEP'],
      [{ FAKTURA_BACKUP_KEEP: '100000' }, 'FAKTURA_BACKUP_KEEP'],
      [{ FAKTURA_HNB_URL: 'http://api.hnb.hr/tecajn-eur/v3' }, 'FAKTURA_HNB_URL'],
      [{ FAKTURA_HNB_URL: 'api.hnb.hr' }, 'FAKTURA_HNB_URL'],
    ];
    for (const [env, name] of cases) {
      expect(() => loadConfig(env), name).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${name}\\b`));
    }
  });
});

describe('first start', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb.drop();
  });

  it('creates admin@localhost with a generated password once, which then signs in', async () => {
    const { db } = testDb.open();
    try {
      expect(await migrate(db)).toContain('2026_11_22_0001_initial');
      expect(await migrate(db)).toEqual([]);
      const created = await ensureFirstOperator(db, { email: undefined, password: undefined });
      expect(created?.email).toBe('admin@localhost');
      expect(created?.generatedPassword?.length).toBeGreaterThanOrEqual(16);
      const row = await db.selectFrom('operator').selectAll().executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^scrypt\$17\$8\$1\$/);
      expect(await verifyPassword(created?.generatedPassword ?? '', row.password_hash)).toBe(true);
      expect(await ensureFirstOperator(db, { email: 'x@y.hr', password: 'long enough pw' })).toBeUndefined();

      expect(await resetPassword(db, 'ADMIN@localhost', 'a brand new password')).toBe(true);
      const after = await db.selectFrom('operator').selectAll().executeTakeFirstOrThrow();
      expect(await verifyPassword('a brand new password', after.password_hash)).toBe(true);
      expect(await resetPassword(db, 'nobody@localhost', 'a brand new password')).toBe(false);
    } finally {
      await db.destroy();
    }
  });

  it('fills an empty database with the demo once', async () => {
    const { db } = testDb.open();
    try {
      expect(await seedDemo(db)).toBe(true);
      expect(await seedDemo(db)).toBe(false);
      const issuer = await db.selectFrom('issuer').selectAll().executeTakeFirstOrThrow();
      expect(issuer.oib).toHaveLength(11);
      const countries = await db.selectFrom('address').select('country_code').execute();
      expect(new Set(countries.map((c) => c.country_code))).toEqual(new Set(['HR', 'DE', 'US']));
      const currencies = await db.selectFrom('line_item').select('currency_code').execute();
      expect(new Set(currencies.map((c) => c.currency_code))).toEqual(new Set(['EUR', 'USD']));
      // a private person among the clients, and (as `npm start` seeds, after the first operator)
      // a draft invoice to them, made by that operator: a draft, since issuing fiscalizes
      const people = await db.selectFrom('company').select(['name', 'pin']).where('kind', '=', 'CONSUMER').execute();
      expect(people).toEqual([{ name: 'Marija Kovačević', pin: '54702138609' }]);
      expect(await db.selectFrom('invoice').select('id').execute()).toEqual([]);
      await seedDemoDraft(db);
      const invoices = await db
        .selectFrom('invoice')
        .innerJoin('company', 'company.id', 'invoice.client_id')
        .select(['invoice.state', 'invoice.invoice_number', 'invoice.payment_method', 'invoice.operator_id', 'company.kind'])
        .execute();
      expect(invoices).toEqual([{ state: 'DRAFT', invoice_number: null, payment_method: 'WIRE', operator_id: 1, kind: 'CONSUMER' }]);
      const lines = await db.selectFrom('invoice_line').select(['description', 'line_item_id']).execute();
      expect(lines).toMatchObject([{ description: 'Održavanje web stranice (mjesečno)' }]);
      expect(lines[0]?.line_item_id).not.toBeNull();
    } finally {
      await db.destroy();
    }
  });

  it('seeds no draft while there is no operator to have made it', async () => {
    const bare = await createTestDatabase();
    const { db } = bare.open();
    try {
      await migrate(db);
      expect(await seedDemo(db)).toBe(true);
      await seedDemoDraft(db);
      expect(await db.selectFrom('company').select('id').where('kind', '=', 'CONSUMER').execute()).toHaveLength(1);
      expect(await db.selectFrom('invoice').select('id').execute()).toEqual([]);
    } finally {
      await db.destroy();
      await bare.drop();
    }
  });
});

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { migrate } from '../src/db/connection';
import { ensureFirstOperator } from '../src/modules/auth/operator.service';
import { type TestDatabase, createTestDatabase, dataOf } from './harness';
import { DEFAULT_OPERATOR_OIB, invoiceBody, line, useInvoiceWorld } from './invoiceFixtures';
import { pdfText } from './pdfText';
import { childClockEnv } from './testClock';

describe("the operator's full name at first start and from the command line", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb.drop();
  });

  it('reads FAKTURA_ADMIN_NAME, refusing one too long', () => {
    expect(loadConfig({ FAKTURA_ADMIN_NAME: '  Ana Horvat ' }).adminName).toBe('Ana Horvat');
    expect(loadConfig({}).adminName).toBeUndefined();
    expect(() => loadConfig({ FAKTURA_ADMIN_NAME: 'x'.repeat(121) })).toThrow(ConfigError);
    expect(() => loadConfig({ FAKTURA_ADMIN_NAME: 'x'.repeat(121) })).toThrow(/FAKTURA_ADMIN_NAME/);
  });

  it('creates the first operator with the configured name, or a derived one that Settings will ask to replace', async () => {
    const { db } = testDb.open();
    try {
      await migrate(db);
      const created = await ensureFirstOperator(db, { email: 'ana@firma.hr', password: 'long enough pw', name: 'Ana Horvat' });
      expect(created).toMatchObject({ email: 'ana@firma.hr', name: 'Ana Horvat', nameNeeded: false });
      const row = await db.selectFrom('operator').select(['name']).where('email', '=', 'ana@firma.hr').executeTakeFirstOrThrow();
      expect(row.name).toBe('Ana Horvat');
      await db.deleteFrom('operator').execute();
      expect(await ensureFirstOperator(db, { email: undefined, password: undefined })).toMatchObject({ name: 'Admin', nameNeeded: true });
    } finally {
      await db.destroy();
    }
  });

  it('`npm run operator -- add` stores the --name given, and says Settings will ask when none is', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-cli-'));
    const env = { PATH: process.env.PATH, FAKTURA_DATA_DIR: dataDir, DATABASE_URL: testDb.url ?? '', ...childClockEnv() };
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', 'apps/api/src/cli/operator.ts', ...args], {
        env,
        encoding: 'utf8',
        cwd: path.resolve(__dirname, '../../..'),
      });
    try {
      const named = cli('add', '--email', 'marko@firma.hr', '--name', 'Marko Marić', '--password', 'long enough pw');
      expect(named.status, named.stderr).toBe(0);
      expect(named.stdout).toContain('name:     Marko Marić');
      expect(named.stdout).not.toContain('Settings will ask');
      const unnamed = cli('add', '--email', 'iva@firma.hr', '--password', 'long enough pw');
      expect(unnamed.status, unnamed.stderr).toBe(0);
      expect(unnamed.stdout).toContain('No --name given: Settings will ask for the full name');
      const list = cli('list');
      expect(list.stdout).toMatch(/\tmarko@firma\.hr\tMarko Marić\n/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("the operator's full name on the printed invoice", () => {
  const world = useInvoiceWorld();

  it('prints the name entered in Settings > Account, in Croatian and in English', async () => {
    const { h, token, w } = world;
    const account = dataOf<{ email: string }>(await h.request('GET', '/api/v1/account', { token }));
    const saved = await h.request('PUT', '/api/v1/account', { token, body: { name: 'Ana Horvat', email: account.email, oib: DEFAULT_OPERATOR_OIB } });
    expect(saved.statusCode).toBe(200);
    const issue = async (clientId: number) =>
      dataOf<{ id: number }>(await h.request('POST', '/api/v1/invoice', { token, body: invoiceBody(clientId, [line(w.dev, 45)]) })).id;
    const hrId = await issue(w.hr);
    const deId = await issue(w.de);

    const view = dataOf<{ operator: { name: string } }>(await h.request('GET', `/screen/v1/invoice/print/${hrId}`, { token }));
    expect(view.operator.name).toBe('Ana Horvat');
    const hr = pdfText((await h.request('GET', `/api/v1/invoice/${hrId}/pdf`, { token })).rawPayload);
    expect(hr).toMatch(/Operater:?\s+Ana Horvat/);
    const en = pdfText((await h.request('GET', `/api/v1/invoice/${deId}/pdf?lang=en`, { token })).rawPayload);
    expect(en).toMatch(/Operator:?\s+Ana Horvat/);
  });
});

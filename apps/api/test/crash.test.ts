import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { addDays, todayInZagreb } from '@faktura/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection';
import { type TestDatabase, createTestDatabase, dbKind } from './harness';
import { type ServerProcess, removeServerBuild, startServer, stopServer } from './serverProcess';

/**
 * Issue 10: the server is killed (SIGKILL) while several clients issue and edit invoices at once,
 * then restarted. Every invoice whose creation or edit was acknowledged must be there as
 * acknowledged, numbering must have no gap or repeat, and SQLite's integrity_check must say ok.
 * `FAKTURA_CRASH_ROUNDS` sets the number of kills (default 2).
 */
const ROUNDS = Number(process.env.FAKTURA_CRASH_ROUNDS ?? 2);
const WORKERS = 4;
const today = todayInZagreb();
const ADMIN = { email: 'crash@test.hr', password: 'crash test password' };

let testDb: TestDatabase;
let dataDir: string;
let server: ServerProcess | undefined;
let env: Record<string, string>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-crash-'));
  env = {
    FAKTURA_DATA_DIR: dataDir,
    FAKTURA_DEMO: '1',
    FAKTURA_SECRET: 'crash-test-secret-crash-test-secret-crash',
    FAKTURA_ADMIN_EMAIL: ADMIN.email,
    FAKTURA_ADMIN_PASSWORD: ADMIN.password,
    ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
  };
});
afterAll(async () => {
  if (server) await stopServer(server, 'SIGKILL');
  await testDb.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await removeServerBuild();
});

interface Acknowledged {
  id: number;
  number: string;
  clientId: number;
  quantity: number;
  price: number;
  /** The due dates the invoice may have: the last acknowledged one, plus an edit cut off mid-way. */
  dueDates: Set<string>;
}

async function boot(): Promise<ServerProcess> {
  const started = await startServer(env);
  await started.ready;
  return started;
}

async function api<T>(base: string, token: string, method: string, url: string, body?: unknown): Promise<{ status: number; data: T }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { data: T };
  return { status: res.status, data: json.data };
}

it(`keeps every acknowledged invoice through ${ROUNDS} kill -9 rounds during concurrent issuing and edits`, { timeout: 300_000 }, async () => {
  server = await boot();
  const login = await fetch(`${server.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  expect(login.status, server.output()).toBe(200);
  const token = ((await login.json()) as { data: { token: { cryptogram: string } } }).data.token.cryptogram;
  const companies = (await api<{ id: number; name: string }[]>(server.url, token, 'GET', '/api/v1/company')).data;
  const client = companies.find((c) => c.name.startsWith('Nordlicht'))?.id ?? 0;
  const items = (await api<{ id: number; currencyCode: string; unitPrice: number }[]>(server.url, token, 'GET', '/api/v1/lineItem')).data;
  const item = items.find((i) => i.currencyCode === 'EUR') ?? { id: 0, unitPrice: 1 };

  const acknowledged = new Map<number, Acknowledged>();
  const body = (quantity: number, price: number, due: string) => ({
    clientId: client, billingDate: today, deliveryDate: today, paymentDueDate: due, paymentMethod: 'WIRE',
    lineItems: [{ id: item.id, quantity, description: `Rad ${quantity}`, price, unit: 'HOURLY', currency: 'EUR', discountPercent: 0 }],
  });

  for (let round = 0; round < ROUNDS; round++) {
    const base = server.url;
    let stop = false;
    const worker = async (w: number) => {
      for (let n = 0; !stop; n++) {
        try {
          const mine = [...acknowledged.values()].filter((a) => a.id % WORKERS === w);
          const target = mine[n % Math.max(1, mine.length)];
          if (n % 3 === 2 && target) {
            // edit what an issued invoice lets change: its due date (lines sent unchanged)
            const due = addDays(today, 10 + ((n * 7 + w) % 50));
            target.dueDates.add(due);
            const res = await api(base, token, 'PUT', `/api/v1/invoice/${target.id}`, {
              paymentDueDate: due, lineItems: body(target.quantity, target.price, due).lineItems,
            });
            expect(res.status).toBe(200);
            target.dueDates = new Set([due]);
          } else {
            const quantity = 1 + ((n * WORKERS + w) % 40);
            const due = addDays(today, 15);
            const res = await api<{ id: number; number: string }>(base, token, 'POST', '/api/v1/invoice', body(quantity, item.unitPrice, due));
            expect(res.status).toBe(201);
            acknowledged.set(res.data.id, { ...res.data, clientId: client, quantity, price: item.unitPrice, dueDates: new Set([due]) });
          }
        } catch (error) {
          if (stop) return; // the server was killed under this request: it was never acknowledged
          throw error;
        }
      }
    };
    const running = Array.from({ length: WORKERS }, (_, w) => worker(w));
    // let them write (a few acknowledged writes this round, however slow the machine), then pull the
    // plug in the middle of the next ones
    const target = acknowledged.size + 6;
    for (let waited = 0; acknowledged.size < target && waited < 30_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 30 + ((round * 37) % 120)));
    stop = true;
    await stopServer(server, 'SIGKILL');
    await Promise.all(running);

    if (dbKind === 'sqlite') {
      // what a restart finds: the database file with the WAL the killed process left behind
      const file = new SQLite(path.join(dataDir, 'faktura.sqlite'));
      expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
      file.close();
    }
    server = await boot();

    for (const ack of acknowledged.values()) {
      const res = await api<{
        invoiceNumber: string; state: string; clientId: number; paymentDueDate: string; totalCents: number;
        lineItems: { quantity: number; price: number }[];
      }>(server.url, token, 'GET', `/api/v1/invoice/${ack.id}`);
      expect(res.status, `invoice ${ack.id} (${ack.number}) after round ${round}`).toBe(200);
      expect(res.data).toMatchObject({ invoiceNumber: ack.number, state: 'PUBLISHED', clientId: ack.clientId });
      expect(res.data.lineItems.map((l) => [l.quantity, l.price])).toEqual([[ack.quantity, ack.price]]);
      expect(ack.dueDates.has(res.data.paymentDueDate), `${ack.number}: due ${res.data.paymentDueDate}`).toBe(true);
      ack.dueDates = new Set([res.data.paymentDueDate]);
    }
    await expectGaplessNumbering();
  }
  console.log(`crash test (${dbKind}): ${acknowledged.size} acknowledged invoices survived ${ROUNDS} kills`);
  expect(acknowledged.size).toBeGreaterThan(ROUNDS);
});

/** Per sequence, the issued numbers are exactly 1..n and the counter stands at n. */
async function expectGaplessNumbering(): Promise<void> {
  const { db } = openDatabase({ databaseUrl: testDb.url, dataDir });
  try {
    const rows = await db.selectFrom('invoice').select(['number_year', 'premises_code', 'device_code', 'number_seq']).where('number_seq', 'is not', null).execute();
    const counters = await db.selectFrom('invoice_counter').selectAll().execute();
    const sequences = new Map<string, number[]>();
    for (const row of rows) {
      const key = `${row.number_year}/${row.premises_code}/${row.device_code}`;
      sequences.set(key, [...(sequences.get(key) ?? []), Number(row.number_seq)]);
    }
    expect(sequences.size).toBeGreaterThan(0);
    for (const [key, seqs] of sequences) {
      const sorted = seqs.sort((a, b) => a - b);
      expect(sorted, key).toEqual(sorted.map((_, i) => i + 1));
      const counter = counters.find((c) => `${c.number_year}/${c.premises_code}/${c.device_code}` === key);
      expect(Number(counter?.last_seq), key).toBe(sorted.length);
    }
  } finally {
    await db.destroy();
  }
}

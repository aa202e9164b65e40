import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, todayInZagreb } from '@faktura/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection';
import { verifyChain } from '../src/modules/audit';
import { monthTotals, monthTotalsFromInvoices } from '../src/modules/invoice/invoice.monthTotals.repository';
import { type TestDatabase, createTestDatabase, dbKind } from './harness';
import { type ServerProcess, removeServerBuild, startServer, stopServer } from './serverProcess';

/**
 * Issue 27 item 1 (decision 024): two server processes on one database take every invoice verb at
 * once — create (issued and draft), issue a draft, clear, credit note, delete — from several clients
 * each. No request may fail with a 5xx (on PostgreSQL a lock cycle used to abort one transaction:
 * `500 internal`), and afterwards numbering is gapless, the month totals equal the documents and the
 * audit chain verifies. Bounded in time (ROUND_MS) and in requests (MAX_OPS per client).
 */
const CLIENTS_PER_SERVER = 3;
const ROUND_MS = 6_000;
const MAX_OPS = 120;
const today = todayInZagreb();
const ADMIN = { email: 'writes@test.hr', password: 'concurrent writes password' };

let testDb: TestDatabase;
let dataDir: string;
const servers: ServerProcess[] = [];
let signedIn: { url: string; token: string; body: unknown } | undefined;

beforeAll(async () => {
  testDb = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-writes-'));
});
afterAll(async () => {
  for (const server of servers) await stopServer(server);
  await testDb.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await removeServerBuild();
});

interface Answer {
  status: number;
  data?: { id: number; number: string | null };
  errors?: { code: string }[];
}

async function call(base: string, token: string, method: string, url: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, ...((await res.json()) as Omit<Answer, 'status'>) };
}

/** The refusals a verb may meet when another client got to the same document first. */
const RACES = new Set([
  'invoiceNotFound',
  'invoiceAlreadyIssued',
  'invoiceAlreadyCleared',
  'invoiceCleared',
  'invoiceNotNewest',
  'invoiceHasCreditNotes',
  'invoiceFullyCredited',
  'invoiceNotIssued',
  'creditNoteSettledWithInvoice',
  'validation', // a credit note for what another one credited a moment before: nothing remains
]);

it('runs create, issue, clear, credit note and delete together from two processes: no 5xx, numbering gapless', { timeout: 60_000 }, async () => {
  const env = {
    FAKTURA_DATA_DIR: dataDir,
    FAKTURA_DEMO: '1',
    FAKTURA_SECRET: 'concurrent-writes-secret-concurrent-writes',
    FAKTURA_ADMIN_EMAIL: ADMIN.email,
    FAKTURA_ADMIN_PASSWORD: ADMIN.password,
    ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
  };
  // one after the other: the first seeds the demo (issuer, clients, catalogue), the second finds it
  servers.push(await startServer(env));
  await servers[0]!.ready;
  servers.push(await startServer(env));
  await servers[1]!.ready;
  const [a, b] = servers.map((s) => s.url) as [string, string];

  const login = await fetch(`${a}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  expect(login.status, servers[0]!.output()).toBe(200);
  const token = ((await login.json()) as { data: { token: { cryptogram: string } } }).data.token.cryptogram;
  const companies = (await call(a, token, 'GET', '/api/v1/company')) as unknown as { data: { id: number; name: string }[] };
  // a client abroad: its invoices need no KPD codes (no e-invoice)
  const clientId = companies.data.find((c) => c.name.startsWith('Nordlicht'))?.id ?? 0;
  const items = (await call(a, token, 'GET', '/api/v1/lineItem')) as unknown as { data: { id: number; currencyCode: string; unitPrice: number }[] };
  const item = items.data.find((i) => i.currencyCode === 'EUR') ?? { id: 0, unitPrice: 1 };
  const invoice = (quantity: number, draft: boolean) => ({
    clientId, billingDate: today, deliveryDate: today, paymentDueDate: addDays(today, 15), paymentMethod: 'WIRE', draft,
    lineItems: [{ id: item.id, quantity, description: `Rad ${quantity}`, price: item.unitPrice, unit: 'HOURLY', currency: 'EUR', discountPercent: 0 }],
  });

  signedIn = { url: a, token, body: invoice(1, false) };

  // documents the clients share: drafts to issue or delete, issued invoices to clear, credit, delete
  const drafts: number[] = [];
  const issued: number[] = [];
  const notes: number[] = [];
  const pick = (list: number[], n: number) => list[(n * 7) % Math.max(1, list.length)];
  const tally = new Map<string, number>();
  const count = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);
  const failures: string[] = [];
  const deadline = Date.now() + ROUND_MS;

  const client = async (base: string, w: number) => {
    let deletes = 0;
    for (let n = 0; n < MAX_OPS && Date.now() < deadline; n++) {
      const verb = (['create', 'draft', 'issue', 'clear', 'credit', 'delete'] as const)[(n + w) % 6];
      let answer: Answer;
      if (verb === 'create' || verb === 'draft') {
        answer = await call(base, token, 'POST', '/api/v1/invoice', invoice(1 + ((n + w) % 9), verb === 'draft'));
        if (answer.data) (verb === 'draft' ? drafts : issued).push(answer.data.id);
      } else if (verb === 'issue') {
        const id = drafts.shift();
        if (id === undefined) continue;
        answer = await call(base, token, 'POST', `/api/v1/invoice/${id}/issue`);
        if (answer.status === 200) issued.push(id);
      } else if (verb === 'clear') {
        const id = pick(issued, n + w);
        if (id === undefined) continue;
        answer = await call(base, token, 'POST', `/api/v1/invoice/${id}/clear`, {});
      } else if (verb === 'credit') {
        const id = pick(issued, n * 3 + w);
        if (id === undefined) continue;
        answer = await call(base, token, 'POST', `/api/v1/invoice/${id}/credit-note`, { reason: 'Povrat' });
        if (answer.data) notes.push(answer.data.id);
      } else if (deletes++ % 2 === 0) {
        // a draft (always deletable): one of the shared ones, which an issue may be taking right now
        let id = drafts.pop();
        if (id === undefined) {
          const created = await call(base, token, 'POST', '/api/v1/invoice', invoice(2, true));
          count(`draft ${created.status}`);
          id = created.data?.id;
          if (id === undefined) continue;
        }
        answer = await call(base, token, 'DELETE', `/api/v1/invoice/${id}`);
      } else {
        // an invoice issued a moment ago: deletable (its number given back) while still the newest
        const created = await call(base, token, 'POST', '/api/v1/invoice', invoice(1, false));
        count(`create ${created.status}`);
        if (!created.data) continue;
        answer = await call(base, token, 'DELETE', `/api/v1/invoice/${created.data.id}`);
      }
      const code = answer.errors?.[0]?.code ?? 'ok';
      count(`${verb} ${answer.status}${code === 'ok' ? '' : ` ${code}`}`);
      if (answer.status >= 500 || (answer.status >= 400 && !RACES.has(code))) failures.push(`${verb}: ${answer.status} ${code}`);
    }
  };
  const started = Date.now();
  await Promise.all(
    Array.from({ length: 2 * CLIENTS_PER_SERVER }, (_, w) => client(w % 2 === 0 ? a : b, w)),
  );
  const seconds = (Date.now() - started) / 1000;
  const requests = [...tally.values()].reduce((sum, n) => sum + n, 0);
  console.info(`${dbKind}: ${requests} writes in ${seconds.toFixed(1)} s (${(requests / seconds).toFixed(0)}/s)`, Object.fromEntries([...tally].sort()));

  expect(failures, servers.map((s) => s.output().slice(0, 4000)).join('\n')).toEqual([]);
  // every verb really ran, and succeeded at least once
  for (const verb of ['create 201', 'draft 201', 'issue 200', 'clear 200', 'credit 201', 'delete 200']) {
    expect(tally.get(verb) ?? 0, verb).toBeGreaterThan(0);
  }

  const { db } = openDatabase({ databaseUrl: testDb.url, dataDir });
  try {
    // gapless: each sequence holds exactly the numbers 1..last_seq, once each
    const counters = await db.selectFrom('invoice_counter').selectAll().execute();
    expect(counters.length).toBeGreaterThan(0);
    for (const counter of counters) {
      const numbers = await db
        .selectFrom('invoice')
        .select('number_seq')
        .where('number_year', '=', counter.number_year)
        .where('premises_code', '=', counter.premises_code)
        .where('device_code', '=', counter.device_code)
        .orderBy('number_seq')
        .execute();
      expect(numbers.map((r) => Number(r.number_seq))).toEqual(Array.from({ length: Number(counter.last_seq) }, (_, i) => i + 1));
    }
    const year = Number(today.slice(0, 4));
    const stored = (await monthTotals(db, year)).map((r) => ({ ...r }));
    expect(stored).toEqual((await monthTotalsFromInvoices(db, year)).map(({ year: _y, ...r }) => r));
    expect(await verifyChain(db)).toMatchObject({ ok: true });
  } finally {
    await db.destroy();
  }
});

it('refuses an empty or blank Idempotency-Key sent over HTTP, as issue 27 item 6 asks', async () => {
  if (!signedIn) throw new Error('the servers did not start');
  const { url, token, body } = signedIn;
  // fetch sends the header with an empty value; Node's parser strips a blank one's spaces to the same
  for (const [key, lang] of [['', 'hr'], ['   ', 'en']] as const) {
    const res = await fetch(`${url}/api/v1/invoice`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key, 'accept-language': lang },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { errors: { code: string; reason: string }[] };
    expect([res.status, answer.errors[0]?.code]).toEqual([400, 'idempotencyKeyInvalid']);
    expect(answer.errors[0]?.reason).toContain(lang === 'hr' ? 'Idempotency-Key je prazno' : 'Idempotency-Key header is empty');
  }
});

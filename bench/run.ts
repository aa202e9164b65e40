/**
 * Benchmark: the invoice list, search, dashboard and the New-invoice screen with 10,000 invoices
 * on the embedded SQLite database (and on PostgreSQL when BENCH_DATABASE_URL is set).
 * Prints the median and p95 of each call and its ratio to a baseline measured in the same run
 * (GET /api/v1/health), so results compare across machines. Run with `npm run bench`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { type DbHandle, migrate, openPostgres, openSqlite } from '../apps/api/src/db/connection';
import { seedDemo } from '../apps/api/src/db/seed';
import { nowIso } from '../apps/api/src/db/time';
import { hashPassword } from '../apps/api/src/modules/auth/password';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);

async function fill(handle: DbHandle): Promise<void> {
  const db = handle.db;
  await migrate(db);
  await seedDemo(db);
  const now = nowIso();
  const operator = await db
    .insertInto('operator')
    .values({ email: 'bench@faktura.test', name: 'Bench', password_hash: await hashPassword('bench-password', 10), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const clients = await db.selectFrom('company').select('id').execute();
  const item = await db.selectFrom('line_item').select('id').executeTakeFirstOrThrow();
  for (let start = 0; start < INVOICES; start += 500) {
    await db.transaction().execute(async (trx) => {
      for (let i = start; i < Math.min(start + 500, INVOICES); i++) {
        const year = 2024 + (i % 3);
        const day = `${year}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
        const seq = Math.floor(i / 3) + 1;
        const { id } = await trx
          .insertInto('invoice')
          .values({
            client_id: clients[i % clients.length]?.id ?? 1, operator_id: operator.id, state: i % 4 === 0 ? 'CLEARED' : 'PUBLISHED',
            invoice_number: `${seq}/POSL1/1`, number_year: year, number_seq: seq, premises_code: 'POSL1', device_code: '1',
            payment_method: 'WIRE', contract_type: 'SOW', contract_due_days: 15, billing_date: day, delivery_date: day, payment_due_date: day,
            extra_info: null, reference_model: 'HR00', reference_number: null, currency_code: 'EUR', eur_fx_rate: null, vat_treatment: 'DOMESTIC',
            subtotal_cents: 10000 + i, vat_cents: 2500, total_cents: 12500 + i, issued_at: now, cleared_at: i % 4 === 0 ? day : null,
            client_snapshot: null, issuer_snapshot: null, created_at: now, updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('invoice_line')
          .values({
            invoice_id: id, position: 0, line_item_id: item.id, description: 'Razvoj softvera', description_en: null, quantity_milli: 1000,
            unit: 'HOURLY', unit_price_cents: 10000 + i, currency_code: 'EUR', discount_bp: 0, vat_rate_bp: 2500, line_total_cents: 10000 + i,
          })
          .execute();
      }
    });
  }
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? 0, p95: sorted[Math.floor(sorted.length * 0.95)] ?? 0 };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-bench-'));
  const url = process.env.BENCH_DATABASE_URL;
  const handle = url ? openPostgres(url) : openSqlite(path.join(dir, 'bench.sqlite'));
  const started = performance.now();
  await fill(handle);
  console.log(`${handle.dialect}: ${INVOICES} invoices written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const config = { ...loadConfig({ FAKTURA_DATA_DIR: dir, LOG_LEVEL: 'silent' }), webDir: path.join(dir, 'none') };
  const app = await buildApp({ config, database: handle, secret: new TextEncoder().encode('bench-secret-bench-secret-bench-secret') });
  const login = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { username: 'bench@faktura.test', password: 'bench-password' } });
  const token = login.json<{ data: { token: { cryptogram: string } } }>().data.token.cryptogram;
  const calls: [string, string][] = [
    ['baseline: health', '/api/v1/health'],
    ['list, first page', '/api/v1/invoice/list'],
    ['list, one year', '/api/v1/invoice/list?year=2025'],
    ['list, page 100', '/api/v1/invoice/list?page=100'],
    ['search by client', '/api/v1/invoice/list?q=pekara'],
    ['search by number', '/api/v1/invoice/list?q=1234%2F'],
    ['overdue', '/api/v1/invoice/list?overdue=1'],
    ['dashboard, one year', '/api/v1/dashboard?year=2025'],
    ['new-invoice screen', '/screen/v1/invoice/new'],
  ];
  let baseline = 0;
  for (const [name, callUrl] of calls) {
    const samples: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: callUrl, headers: { authorization: `Bearer ${token}` } });
      samples.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`${callUrl}: ${res.statusCode} ${res.body}`);
    }
    const { median, p95 } = stats(samples);
    if (!baseline) baseline = median;
    console.log(`${name.padEnd(22)} median ${median.toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms  ×${(median / baseline).toFixed(1)} of baseline`);
  }
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

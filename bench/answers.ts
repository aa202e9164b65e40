/**
 * The answers of the invoice list, the invoice detail, the dashboard, the PDF (its SHA-256) and the
 * e-invoice (UBL, the PDF embedded), written out byte for byte,
 * to prove a change of how they are read changes none of them (issue 33 item 2: "no answer may
 * change"). The same database is read before and after:
 *
 *   node --conditions=source --import tsx bench/answers.ts seed <file.sqlite | postgres://…/db>
 *   node --conditions=source --import tsx bench/answers.ts dump <same> before.jsonl   # old code
 *   node --conditions=source --import tsx bench/answers.ts dump <same> after.jsonl    # new code
 *   cmp before.jsonl after.jsonl
 *
 * `seed` writes, through the API, documents of every kind a screen shows differently: drafts (of a
 * business and of a private person), issued invoices of two years in euro and dollars, cleared,
 * partly paid, overdue, credited in part and in full (the credit notes themselves), a rent client.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { addDays, todayInZagreb } from '@faktura/shared';
import { sampleClientInput, sampleInvoiceRequest, sampleIssuerInput, sampleItemInput, sampleLine } from '@faktura/shared/samples';
import { REDACT, buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { type DbHandle, migrate, openPostgres, openSqlite } from '../apps/api/src/db/connection';
import { nowIso } from '../apps/api/src/db/time';
import { hashPassword } from '../apps/api/src/modules/auth/password';

const EMAIL = 'answers@faktura.test';
const PASSWORD = 'answers-password-1';
const SECRET = new TextEncoder().encode('answers-secret-answers-secret-answers');

const open = (target: string): DbHandle => (target.startsWith('postgres') ? openPostgres(target) : openSqlite(target));

async function start(handle: DbHandle): Promise<{ app: FastifyInstance; call: (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, lang?: string) => Promise<{ status: number; body: string }> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-answers-'));
  const config = { ...loadConfig({ FAKTURA_DATA_DIR: dir, LOG_LEVEL: 'warn' }), webDir: path.join(dir, 'no-web') };
  const app = await buildApp({ config, database: handle, secret: SECRET, logger: { level: 'warn', redact: REDACT, stream: pino.destination({ dest: '/dev/null', sync: true }) } });
  let token = '';
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, lang?: string) => {
    const res = await app.inject({
      method,
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(lang ? { 'accept-language': lang } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    // a PDF as its SHA-256 (binary), with the headers a download is named by
    const file = /^application\/(pdf|xml)/.test(String(res.headers['content-type'] ?? ''));
    const head = file ? `${String(res.headers['content-type'])}; ${String(res.headers['content-disposition'])}\n` : '';
    const pdf = String(res.headers['content-type'] ?? '').startsWith('application/pdf');
    return { status: res.statusCode, body: head + (pdf ? `sha256 ${createHash('sha256').update(res.rawPayload).digest('hex')} ${res.rawPayload.length} bytes` : res.body) };
  };
  const login = await call('POST', '/api/v1/login', { username: EMAIL, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login: ${login.body}`);
  token = (JSON.parse(login.body) as { data: { token: { cryptogram: string } } }).data.token.cryptogram;
  return { app, call };
}

const idOf = (res: { status: number; body: string }, what: string): number => {
  if (res.status !== 200 && res.status !== 201) throw new Error(`${what}: ${res.status} ${res.body}`);
  return (JSON.parse(res.body) as { data: { id: number } }).data.id;
};

async function seed(target: string): Promise<void> {
  const handle = open(target);
  await migrate(handle.db);
  const now = nowIso();
  await handle.db.insertInto('operator').values({ email: EMAIL, name: 'Ana Odgovor', oib: '69814562369', password_hash: await hashPassword(PASSWORD, 10), created_at: now, updated_at: now }).execute();
  const { app, call } = await start(handle);
  try {
    const put = await call('PUT', '/api/v1/settings/issuer', sampleIssuerInput({ inVatSystem: true }));
    if (put.status !== 200) throw new Error(put.body);
    const client = async (kind: Parameters<typeof sampleClientInput>[0]) => idOf(await call('POST', '/api/v1/company', sampleClientInput(kind)), `client ${kind}`);
    const item = async (kind: Parameters<typeof sampleItemInput>[0]) => idOf(await call('POST', '/api/v1/lineItem', sampleItemInput(kind)), `item ${kind}`);
    const hr = await client('domestic');
    const de = await client('eu');
    const us = await client('nonEu');
    const dev = await item('development');
    const rent = await item('rent');
    const usd = await item('review');
    const line = (id: number, price: number, quantity = 1, extra: Record<string, unknown> = {}) => ({
      ...sampleLine({ id, quantity, description: `Stavka ${id}`, descriptionEn: null, price }),
      ...extra,
    });
    const invoice = async (clientId: number, lines: unknown[], extra: Record<string, unknown> = {}) =>
      idOf(await call('POST', '/api/v1/invoice', { ...sampleInvoiceRequest(clientId), lineItems: lines, ...extra }), 'invoice');
    const today = todayInZagreb();
    const dated = (day: string, due: number) => ({ deliveryDate: day, servicePeriod: null, paymentDueDate: addDays(day, due) });
    // drafts, as they are now
    await invoice(hr, [line(dev, 10)], { draft: true });
    await invoice(us, [line(usd, 99.5, 2, { currency: 'USD' })], { draft: true, eurFxRate: '1.0825' });
    // issued, in euro and dollars, open, paid in part, cleared, credited in part and in full
    const open = await invoice(hr, [line(dev, 45, 10), line(rent, 12.5, 3)], dated(addDays(today, -3), 15));
    const partly = await invoice(de, [line(rent, 800)], dated(addDays(today, -2), 20));
    idOf(await call('POST', `/api/v1/invoice/${partly}/payment`, { date: today, method: 'TRANSFER', amount: 100 }), 'payment');
    await invoice(us, [line(usd, 1082.5, 1, { currency: 'USD' })], { eurFxRate: '1.0825' });
    const cleared = await invoice(hr, [line(dev, 45, 2)]);
    idOf(await call('POST', `/api/v1/invoice/${cleared}/clear`), 'clear');
    const credited = await invoice(hr, [line(dev, 45, 10), line(rent, 300)]);
    const stored = JSON.parse((await call('GET', `/api/v1/invoice/${credited}`)).body) as { data: { lineItems: { lineId: number }[] } };
    idOf(await call('POST', `/api/v1/invoice/${credited}/credit-note`, { reason: 'Dva sata manje', lines: [{ lineId: stored.data.lineItems[0]?.lineId, quantity: 2 }] }), 'credit note');
    idOf(await call('POST', `/api/v1/invoice/${credited}/credit-note`, { reason: 'Još jedan sat', lines: [{ lineId: stored.data.lineItems[0]?.lineId, quantity: 1 }] }), 'credit note');
    const full = await invoice(de, [line(dev, 45, 4)]);
    idOf(await call('POST', `/api/v1/invoice/${full}/credit-note`, { reason: 'Storno' }), 'full credit note');
    for (let i = 0; i < 12; i++) await invoice(i % 2 ? hr : us, [line(i % 2 ? dev : usd, 10 + i, 1 + i, i % 2 ? {} : { currency: 'USD' })], i % 2 ? {} : { eurFxRate: '1.0825' });
    // fiscalization records of each state the detail and the list show (decision 030), written as the outbox would
    const record = (invoiceId: number, values: { kind: string; status: string; attempts?: number; request_id?: string; fiscalized_at?: string; error_code?: string; error_text?: string; zki?: string; jir?: string }) =>
      handle.db
        .insertInto('fiscal_document')
        .values({ invoice_id: invoiceId, next_attempt_at: `${today}T10:00:00.000Z`, deadline: addDays(today, 5), created_at: now, updated_at: now, ...values })
        .execute();
    await record(open, { kind: 'ERACUN', status: 'FISCALIZED', attempts: 1, request_id: 'req-1', fiscalized_at: `${today}T09:01:00.000Z` });
    await record(partly, { kind: 'ERACUN', status: 'FAILED', attempts: 3, error_code: 's004', error_text: 'Neispravan potpis' });
    await record(cleared, { kind: 'RACUN', status: 'PENDING', attempts: 1, zki: 'a'.repeat(32) });
    await record(credited, { kind: 'RACUN', status: 'FISCALIZED', attempts: 1, zki: 'b'.repeat(32), jir: '00000000-0000-0000-0000-000000000001' });
    await record(full, { kind: 'ISPORUKA', status: 'NOT_REQUIRED' });
  } finally {
    await app.close();
    await handle.db.destroy();
  }
}

async function dump(target: string, out: string): Promise<void> {
  const handle = open(target);
  const { app, call } = await start(handle);
  const year = Number(todayInZagreb().slice(0, 4));
  const lines: string[] = [];
  try {
    const ids = (await handle.db.selectFrom('invoice').select('id').orderBy('id').execute()).map((r) => r.id);
    const urls = [
      '/api/v1/invoice/list',
      `/api/v1/invoice/list?year=${year}`,
      `/api/v1/invoice/list?year=${year - 1}`,
      '/api/v1/invoice/list?state=DRAFT',
      '/api/v1/invoice/list?state=PUBLISHED',
      '/api/v1/invoice/list?state=CLEARED',
      '/api/v1/invoice/list?q=nordlicht',
      '/api/v1/invoice/list?q=2%2FPOSL',
      '/api/v1/invoice/list?overdue=1',
      '/api/v1/invoice/list?notInvoicedThisMonth=1',
      '/api/v1/invoice/list?fiscalStatus=NOT_REQUIRED',
      '/api/v1/invoice/list?pageSize=5&page=2',
      '/api/v1/invoice/list?pageSize=5&page=9',
      // combined filters, the delivery filters, characters LIKE escapes, a refused query (issue 33 item 2)
      `/api/v1/invoice/list?year=${year}&state=PUBLISHED&q=2%2FPOSL&pageSize=3&page=2`,
      '/api/v1/invoice/list?overdue=1&q=nordlicht',
      '/api/v1/invoice/list?delivery=NOT_SENT',
      '/api/v1/invoice/list?delivery=PENDING',
      '/api/v1/invoice/list?fiscalStatus=FAILED&year=' + String(year),
      '/api/v1/invoice/list?q=%25_%5C',
      '/api/v1/invoice/list?pageSize=0',
      '/api/v1/dashboard',
      ...ids.map((id) => `/api/v1/invoice/${id}`),
      '/api/v1/invoice/999999',
      // the printout and the e-invoice (issue 33, P6); a download is audited, so these come last (dump a
      // copy of the seeded database each time). A draft's PDF carries the moment it was rendered as its
      // creation date, so those (and only those) differ from one dump to the next.
      ...ids.flatMap((id) => [`/api/v1/invoice/${id}/pdf`, `/api/v1/invoice/${id}/ubl`]),
    ];
    for (const lang of ['hr', 'en']) {
      for (const url of urls) {
        const { status, body } = await call('GET', url, undefined, lang);
        lines.push(JSON.stringify({ lang, url, status }), body);
      }
    }
  } finally {
    await app.close();
    await handle.db.destroy();
  }
  fs.writeFileSync(out, `${lines.join('\n')}\n`);
  console.log(`${lines.length / 2} answers written to ${out}`);
}

const [mode, target, out] = process.argv.slice(2);
if (mode === 'seed' && target) await seed(target);
else if (mode === 'dump' && target && out) await dump(target, out);
else {
  console.error('usage: answers.ts seed <db> | dump <db> <out>');
  process.exit(2);
}

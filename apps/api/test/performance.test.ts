import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Invoice, invoiceListAllResponse, isEInvoiceRecipient, toEuroCents } from '@faktura/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, migrate } from '../src/db/connection';
import { nowIso } from '../src/db/time';
import { StatementCache } from '../src/db/statementCache';
import { hashPassword } from '../src/modules/auth/password';
import { allInvoicesJson } from '../src/modules/invoice/invoice.all';
import { toInvoice } from '../src/modules/invoice/invoice.mapper';
import * as repo from '../src/modules/invoice/invoice.repository';
import { paymentSum } from '../src/modules/invoice/invoice.payment.repository';
import { writeDocuments } from '../src/modules/invoice/invoice.write';
import { type Harness, createHarness, createTestDatabase, dataOf, errorsOf } from './harness';
import { invoiceBody, line, mixedYear, today, useInvoiceWorld } from './invoiceFixtures';

let h: Harness;
let token: string;
const year = Number(today.slice(0, 4));

// the list's invoices, one with a credit note taking two of its four hours back, and two drafts
useInvoiceWorld({
  invoices: (world) => ({
    ...mixedYear(world),
    credited: {
      body: invoiceBody(world.hr, [line(world.dev, 45, 4), line(world.rent, 800)]),
      creditNote: { reason: 'Dva sata manje', lines: [{ line: 0, quantity: 2 }] },
    },
    germanDraft: { body: { ...invoiceBody(world.de, [line(world.dev, 10)]), draft: true } },
    rentDraft: { body: { ...invoiceBody(world.hr, [line(world.rent, 10)]), draft: true } },
  }),
  ready: (world) => ({ h, token } = world),
});

/** The answer as GET /api/v1/invoice built it before it was streamed: every row at once. */
async function everythingAtOnce(db: Db): Promise<Invoice[]> {
  const rows = await repo.invoicesPage(db, 1_000_000);
  const lines = await repo.linesOf(db, rows.map((r) => r.id));
  const linesOf = (id: number) => lines.filter((l) => l.invoiceId === id);
  const credited = new Map<number, number>();
  for (const row of rows.filter((r) => r.credited_invoice_id !== null)) {
    for (const l of linesOf(row.id)) if (l.creditedLineId !== null) credited.set(l.creditedLineId, (credited.get(l.creditedLineId) ?? 0) - l.quantityMilli);
  }
  const clientOf = async (row: repo.InvoiceRow) => {
    if (row.client_snapshot) {
      const c = JSON.parse(row.client_snapshot) as { pin?: string | null; address?: { country_code?: string }; kind?: 'BUSINESS' | 'CONSUMER' };
      const kind = c.kind ?? 'BUSINESS';
      const countryCode = c.address?.country_code ?? '';
      return { eInvoice: isEInvoiceRecipient({ countryCode, pin: c.pin ?? null, kind }), kind, language: countryCode === 'HR' ? 'hr' : 'en' } as const;
    }
    const client = await db.selectFrom('company').innerJoin('address', 'address.id', 'company.address_id').select(['pin', 'country_code', 'kind']).where('company.id', '=', row.client_id).executeTakeFirstOrThrow();
    const kind = client.kind === 'CONSUMER' ? 'CONSUMER' : 'BUSINESS';
    return { eInvoice: isEInvoiceRecipient({ countryCode: client.country_code, pin: client.pin, kind }), kind, language: client.country_code === 'HR' ? 'hr' : 'en' } as const;
  };
  return Promise.all(
    rows.map(async (row) =>
      toInvoice(row, linesOf(row.id), {
        deletable: row.state === 'DRAFT',
        creditNotes: rows.filter((r) => r.credited_invoice_id === row.id).sort((a, b) => a.id - b.id),
        creditedQuantities: credited,
        creditedInvoice: rows.find((r) => r.id === row.credited_invoice_id) ?? null,
        eInvoice: (await clientOf(row)).eInvoice,
        clientKind: (await clientOf(row)).kind,
        documentLanguage: (await clientOf(row)).language,
        payments: await paymentSum(db, row.id),
        fiscal: await repo.fiscalRecord(db, row.id),
      }),
    ),
  );
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of stream) pieces.push(String(piece));
  return pieces;
}

describe('all invoices (spec §7), streamed', () => {
  it('answers what building the whole list at once answered, in chunks that give other requests a turn', async () => {
    const expected = invoiceListAllResponse.parse({ data: await everythingAtOnce(h.db) });
    expect(expected.data.length).toBe(8);
    expect(expected.data.some((i) => i.creditNotes.length === 1 && i.lineItems.some((l) => l.creditedQuantity === 2))).toBe(true);

    // three invoices per chunk: the credit note and its invoice, drafts and issued ones fall in different chunks
    const pieces = await readAll(allInvoicesJson(h.db, 3));
    expect(pieces.length).toBe(1 + 3 + 1);
    expect(JSON.parse(pieces.join(''))).toEqual(expected);

    const res = await h.request('GET', '/api/v1/invoice', { token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual(expected);
  });

  it('answers an empty list as an empty array', async () => {
    const other = await createTestDatabase();
    const handle = other.open();
    try {
      await migrate(handle.db);
      expect(JSON.parse((await readAll(allInvoicesJson(handle.db))).join(''))).toEqual({ data: [] });
    } finally {
      await handle.db.destroy();
      await other.drop();
    }
  });
});

describe('the dashboard, from the month totals', () => {
  it('equals the sum of the invoices of the year, to the cent, at amounts far beyond 32 bits', async () => {
    // two issued euro invoices of this year made huge (a store edit through the repository, which
    // keeps the month totals; no screen allows it)
    const huge = await h.db.selectFrom('invoice').select('id').where('state', '!=', 'DRAFT').where('currency_code', '=', 'EUR').where('document_type', '=', 'INVOICE').where('billing_date', '>=', `${year}-01-01`).execute();
    expect(huge.length).toBeGreaterThanOrEqual(2);
    for (const [i, { id }] of huge.slice(0, 2).entries()) {
      await writeDocuments(h.db, [id], (trx) => repo.updateInvoice(trx, id, { total_cents: 2_000_000_000_001 + i }));
    }
    const all = dataOf<Invoice[]>(await h.request('GET', '/api/v1/invoice', { token }));
    const ofYear = all.filter((i) => i.state !== 'DRAFT' && (i.billingDate ?? '').startsWith(String(year)));
    const sum = (list: Invoice[]) => list.reduce((s, i) => s + toEuroCents(i.totalCents, i.eurFxRate), 0);
    const monthly = Array.from({ length: 12 }, (_, m) => {
      const month = ofYear.filter((i) => Number((i.billingDate ?? '').slice(5, 7)) === m + 1);
      return { month: m + 1, issuedEurCents: sum(month), clearedEurCents: sum(month.filter((i) => i.state === 'CLEARED')) };
    });
    const d = dataOf<{ issuedEurCents: number; clearedEurCents: number; outstandingEurCents: number; overdueCount: number; overdueEurCents: number; monthly: unknown[]; latest: { invoiceNumber: string }[] }>(
      await h.request('GET', `/api/v1/dashboard?year=${year}`, { token }),
    );
    expect(d.issuedEurCents).toBe(sum(ofYear));
    expect(d.issuedEurCents).toBeGreaterThan(4_000_000_000_001);
    expect(d.clearedEurCents).toBe(sum(ofYear.filter((i) => i.state === 'CLEARED')));
    // open documents less what was paid on them (decision 028)
    const open = ofYear.filter((i) => i.state === 'PUBLISHED');
    expect(d.outstandingEurCents).toBe(sum(open) - open.reduce((s, i) => s + toEuroCents(i.paidCents, i.eurFxRate), 0));
    expect(d.monthly.map((m) => ({ ...(m as Record<string, unknown>), paidEurCents: undefined }))).toEqual(monthly.map((m) => ({ ...m, paidEurCents: undefined })));
    const overdue = ofYear.filter((i) => i.state === 'PUBLISHED' && i.documentType === 'INVOICE' && i.paymentDueDate < today);
    expect(d.overdueCount).toBe(overdue.length);
    // what is still due on each, converted at its own rate (paymentTotals.test.ts has a foreign one)
    expect(d.overdueEurCents).toBe(overdue.reduce((s, i) => s + toEuroCents(i.remainingCents - (i.paidCents ?? 0), i.eurFxRate), 0));
    expect(d.latest.map((r) => r.invoiceNumber)).toEqual(
      [...ofYear].sort((a, b) => (b.billingDate ?? '').localeCompare(a.billingDate ?? '') || b.id - a.id).slice(0, 5).map((i) => i.invoiceNumber),
    );
  });
});

describe('sign-ins wait their turn for the password hash', () => {
  let queued: Harness;

  beforeAll(async () => {
    queued = await createHarness({ signInQueue: { concurrency: 1, waiting: 1 } });
    // a cost that keeps each check busy long enough for the others to queue behind it
    const now = nowIso();
    await queued.db.insertInto('operator').values({ email: 'queue@test.hr', name: 'Queue', password_hash: await hashPassword('queue password', 15), created_at: now, updated_at: now }).execute();
  });
  afterAll(async () => {
    await queued.close();
  });

  const signIn = (lang: string) => queued.request('POST', '/api/v1/login', { lang, body: { username: 'queue@test.hr', password: 'queue password' } });

  it('answers 429 with Retry-After when the queue is full, counts nothing for it, and serves the rest', async () => {
    const responses = await Promise.all([signIn('hr'), signIn('hr'), signIn('hr'), signIn('en')]);
    const statuses = responses.map((r) => r.statusCode);
    // one checks, one waits, two are refused at once
    expect([...statuses].sort()).toEqual([200, 200, 429, 429]);
    const refused = responses.filter((r) => r.statusCode === 429);
    for (const res of refused) {
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(errorsOf(res)[0]?.code).toBe('signInBusy');
    }
    const reasons = refused.map((r) => errorsOf(r)[0]?.reason ?? '');
    expect(reasons.some((r) => /^Poslužitelj upravo provjerava mnogo prijava\. Pokušajte ponovno za \d+ s\.$/.test(r))).toBe(true);
    // refused before anything was counted: the two sign-ins that ran gave their places back, no failures
    const throttle = await queued.db.selectFrom('login_throttle').select(['scope', 'failures', 'running']).where('scope', '=', 'address').execute();
    expect(throttle.every((row) => row.failures === 0 && row.running === 0)).toBe(true);
    // and once the queue is empty, signing in works again
    expect((await signIn('en')).statusCode).toBe(200);
  });

  it('says so in English too', async () => {
    const responses = await Promise.all([signIn('en'), signIn('en'), signIn('en')]);
    const refused = responses.find((r) => r.statusCode === 429);
    expect(refused && errorsOf(refused)[0]?.reason).toMatch(/^The server is checking many sign-ins right now\. Try again in \d+ s\.$/);
  });
});

describe('the SQLite statement cache', () => {
  it('prepares a statement once, keeps a bounded number, and never hands out one that is mid-iteration', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-stmt-'));
    const raw = new SQLite(path.join(dir, 'x.sqlite'));
    const cache = new StatementCache(raw, 3);
    try {
      raw.exec('create table t (n integer); insert into t values (1), (2), (3)');
      const a = cache.prepare('select n from t order by n');
      expect(cache.prepare('select n from t order by n')).toBe(a);
      // a statement being iterated cannot run again: a second, fresh one is given meanwhile
      const iterator = a.iterate([]);
      iterator.next();
      const b = cache.prepare('select n from t order by n');
      expect(b).not.toBe(a);
      expect(b.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      iterator.return?.();
      for (let i = 0; i < 5; i++) cache.prepare(`select ${i}`);
      expect(cache.size).toBe(3);
      // a schema change is picked up by a cached statement
      const count = cache.prepare('select * from t');
      raw.exec('alter table t add column m integer default 7');
      expect(count.all([])[0]).toEqual({ n: 1, m: 7 });
    } finally {
      cache.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

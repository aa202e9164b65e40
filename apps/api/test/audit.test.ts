import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AuditListResponse } from '@faktura/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, migrate, openSqlite } from '../src/db/connection';
import { record, verifyChain } from '../src/modules/audit/audit.service';
import { type Harness, createTestDatabase, dataOf, dbKind, errorsOf } from './harness';
import { type InvoiceWorld, invoiceBody, line, today, useInvoiceWorld } from './invoiceFixtures';

let h: Harness;
let token: string;
let w: InvoiceWorld;
// e-invoices name the operator's OIB
useInvoiceWorld({ operatorOib: '69814562369', ready: (world) => ({ h, token, w } = world) });

const history = async (invoiceId?: number, page = 1, lang?: string) => {
  const query = new URLSearchParams({ page: String(page), ...(invoiceId ? { invoiceId: String(invoiceId) } : {}) });
  const res = await h.request('GET', `/api/v1/audit?${query.toString()}`, { token, ...(lang ? { lang } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditListResponse>();
};
const issue = async () => {
  const res = await h.request('POST', '/api/v1/invoice', {
    token,
    body: invoiceBody(w.hr, [line(w.dev, 45, 10)], { billingDate: today, deliveryDate: today }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return dataOf<{ id: number; number: string }>(res);
};

describe('the audit trail', () => {
  it("records an invoice's life, newest first, with old and new values of what was amended", async () => {
    const { id, number } = await issue();
    const due = '2099-06-30';
    const put = await h.request('PUT', `/api/v1/invoice/${id}`, {
      token,
      body: invoiceBody(w.hr, [line(w.dev, 45, 10)], { billingDate: today, deliveryDate: today, paymentDueDate: due, referenceNumber: '12-2026' }),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await h.request('POST', `/api/v1/invoice/${id}/clear`, { token, body: { paymentDate: today } })).statusCode).toBe(200);
    expect((await h.request('POST', `/api/v1/invoice/${id}/unclear`, { token })).statusCode).toBe(200);
    expect((await h.request('GET', `/api/v1/invoice/${id}/ubl`, { token })).statusCode).toBe(200);
    const note = dataOf<{ id: number; number: string }>(await h.request('POST', `/api/v1/invoice/${id}/credit-note`, { token, body: { reason: 'Pogrešan iznos' } }));
    expect((await h.request('DELETE', `/api/v1/invoice/${note.id}`, { token })).statusCode).toBe(200);

    const { data, page } = await history(id);
    expect(page).toEqual({ page: 1, pageSize: 20, total: 9 });
    // clearing records a payment of the whole amount, and undoing it deletes that payment (decision 027)
    expect(data.map((e) => e.action)).toEqual([
      'invoice.deleted',
      'creditNote.issued',
      'einvoice.exported',
      'invoice.uncleared',
      'payment.deleted',
      'invoice.cleared',
      'payment.recorded',
      'invoice.amended',
      'invoice.issued',
    ]);
    const [deleted, credited, , uncleared, unpaid, cleared, paid, amended, issued] = data;
    const payment = { number, paymentDate: today, amountCents: 56250, currencyCode: 'EUR', method: 'TRANSFER', correctsPaymentId: null };
    expect(paid!.details).toEqual({ ...payment, paymentId: expect.any(Number) as unknown, note: null });
    expect(unpaid!.details).toEqual({ ...payment, paymentId: paid!.details.paymentId });
    expect(issued).toMatchObject({ invoiceId: id, operator: 'Ana Operater', details: { number, client: 'Jadranski Softver d.o.o.', totalCents: 56250, currencyCode: 'EUR' } });
    expect(amended!.details).toEqual({
      number,
      changes: { paymentDueDate: { from: expect.any(String) as unknown, to: due }, referenceNumber: { from: null, to: '12-2026' } },
    });
    expect(cleared!.details).toEqual({ number, paymentDate: today });
    expect(uncleared!.details).toEqual({ number, paymentDate: today });
    expect(credited).toMatchObject({ invoiceId: note.id, relatedInvoiceId: id, details: { number: note.number, creditedNumber: number, reason: 'Pogrešan iznos', totalCents: -56250 } });
    expect(deleted).toMatchObject({ invoiceId: note.id, relatedInvoiceId: id, details: { number: note.number, documentType: 'CREDIT_NOTE' } });
    // each entry names the one before it
    for (let i = 0; i < data.length - 1; i++) expect(data[i]!.seq).toBeGreaterThan(data[i + 1]!.seq);
    const all = (await history()).data;
    for (let i = 0; i < all.length - 1; i++) expect(all[i]!.prevHash).toBe(all[i + 1]!.hash);
  });

  it('keeps each amended value as it was sent: a reference "2026-11-01" is text, a due date a day (issue 31)', async () => {
    const { id, number } = await issue();
    const body = (extra: Record<string, unknown>) => invoiceBody(w.hr, [line(w.dev, 45, 10)], { billingDate: today, deliveryDate: today, ...extra });
    expect((await h.request('PUT', `/api/v1/invoice/${id}`, { token, body: body({ paymentDueDate: '2099-06-30', referenceNumber: '2026-11' }) })).statusCode).toBe(200);
    expect((await h.request('PUT', `/api/v1/invoice/${id}`, { token, body: body({ paymentDueDate: '2099-07-01', referenceNumber: '2026-11-01' }) })).statusCode).toBe(200);
    const [amended] = (await history(id)).data;
    expect(amended).toMatchObject({ action: 'invoice.amended' });
    expect(amended!.details).toEqual({
      number,
      changes: { paymentDueDate: { from: '2099-06-30', to: '2099-07-01' }, referenceNumber: { from: '2026-11', to: '2026-11-01' } },
    });
  });

  it("names the client in the issued entry as the document does (its snapshot), whatever the client is called later", async () => {
    const before = await h.db.selectFrom('company').select('name').where('id', '=', w.hr).executeTakeFirstOrThrow();
    const { id } = await issue();
    await h.db.updateTable('company').set({ name: 'Drugo Ime d.o.o.' }).where('id', '=', w.hr).execute();
    try {
      const note = dataOf<{ id: number }>(await h.request('POST', `/api/v1/invoice/${id}/credit-note`, { token, body: { reason: 'Storno' } }));
      const [credited] = (await history(note.id)).data;
      expect(credited).toMatchObject({ action: 'creditNote.issued', details: { client: before.name } });
      const issued = (await history(id)).data.find((e) => e.action === 'invoice.issued' && e.invoiceId === id);
      expect(issued?.details.client).toBe(before.name);
    } finally {
      await h.db.updateTable('company').set({ name: before.name }).where('id', '=', w.hr).execute();
    }
  });

  it('records changes to the issuer profile and to the numbering codes, and nothing when nothing changed', async () => {
    const before = (await history()).page.total;
    const issuer = dataOf<Record<string, unknown>>(await h.request('GET', '/api/v1/settings/issuer', { token }));
    const address = issuer.address as Record<string, unknown>;
    const profile = { ...issuer, address: { address1: address.address1, city: address.city, zip: address.zip, state: address.state, countryCode: address.countryCode } };
    delete (profile as Record<string, unknown>).vatNumber;
    delete (profile as Record<string, unknown>).premisesCode;
    delete (profile as Record<string, unknown>).deviceCode;
    expect((await h.request('PUT', '/api/v1/settings/issuer', { token, body: profile })).statusCode).toBe(200);
    expect((await history()).page.total).toBe(before);
    const moved = await h.request('PUT', '/api/v1/settings/issuer', { token, body: { ...profile, phone: '+385 1 2345 678', address: { ...profile.address, address1: 'Vlaška 7' } } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await h.request('PUT', '/api/v1/settings/pos', { token, body: { premisesCode: 'ured2', deviceCode: '3' } })).statusCode).toBe(200);
    const { data } = await history();
    expect(data[0]).toMatchObject({ action: 'numbering.changed', invoiceId: null, details: { changes: { premisesCode: { from: 'POSL1', to: 'URED2' }, deviceCode: { from: '1', to: '3' } } } });
    expect(data[1]).toMatchObject({ action: 'issuer.changed', details: { changes: { phone: { from: '+385 91 234 5678', to: '+385 1 2345 678' }, address1: { from: 'Ilica 42', to: 'Vlaška 7' } } } });
    expect(Object.keys(data[1]!.details.changes as object).sort()).toEqual(['address1', 'phone']);
    await h.request('PUT', '/api/v1/settings/pos', { token, body: { premisesCode: 'POSL1', deviceCode: '1' } });
  });

  it("records changes of the operator's name and OIB with old and new values, and nothing when nothing changed", async () => {
    const before = (await history()).page.total;
    const account = dataOf<{ name: string; email: string; oib: string | null }>(await h.request('GET', '/api/v1/account', { token }));
    expect((await h.request('PUT', '/api/v1/account', { token, body: account })).statusCode).toBe(200);
    expect((await history()).page.total).toBe(before);
    const changed = await h.request('PUT', '/api/v1/account', { token, body: { ...account, name: 'Ana Horvat', oib: '24680135792' } });
    expect(changed.statusCode, changed.body).toBe(200);
    const [entry] = (await history()).data;
    expect(entry).toMatchObject({
      action: 'operator.changed',
      operator: 'Ana Operater',
      invoiceId: null,
      details: { operatorId: 1, changes: { name: { from: 'Ana Operater', to: 'Ana Horvat' }, oib: { from: '69814562369', to: '24680135792' } } },
    });
    expect(Object.keys(entry!.details.changes as object).sort()).toEqual(['name', 'oib']);
    // refused (another operator's e-mail): nothing changed, nothing recorded
    await h.db.insertInto('operator').values({ email: 'druga@test.hr', name: 'Druga Operaterka', password_hash: 'x', created_at: today, updated_at: today }).execute();
    const taken = await h.request('PUT', '/api/v1/account', { token, body: { ...account, name: 'Netko Treći', email: 'druga@test.hr' } });
    expect(taken.statusCode).toBe(409);
    expect((await history()).page.total).toBe(before + 1);
    expect((await h.request('PUT', '/api/v1/account', { token, body: account })).statusCode).toBe(200);
    expect((await history()).data[0]!.details.changes).toEqual({ name: { from: 'Ana Horvat', to: 'Ana Operater' }, oib: { from: '24680135792', to: '69814562369' } });
  });

  it('records a client created, changed and deleted, with its values, in the same transaction', async () => {
    const body = {
      name: 'Revizija d.o.o.', email: 'ured@revizija.hr', pin: '12345678903', phone: null, note: null, bankAccountNumber: null,
      contracts: [{ type: 'SOW', paymentDueDays: 15 }],
      address: { address1: 'Ulica 1', address2: null, city: 'Rijeka', zip: '51000', state: null, countryCode: 'HR' },
    };
    const created = await h.request('POST', '/api/v1/company', { token, body });
    expect(created.statusCode, created.body).toBe(201);
    const id = dataOf<{ id: number }>(created).id;
    expect((await history()).data[0]).toMatchObject({
      action: 'client.created',
      operator: 'Ana Operater',
      details: {
        clientId: id,
        changes: {
          name: { from: null, to: 'Revizija d.o.o.' }, email: { from: null, to: 'ured@revizija.hr' }, pin: { from: null, to: '12345678903' },
          address1: { from: null, to: 'Ulica 1' }, city: { from: null, to: 'Rijeka' }, zip: { from: null, to: '51000' }, countryCode: { from: null, to: 'HR' },
          contracts: { from: null, to: [{ type: 'SOW', paymentDueDays: 15 }] },
        },
      },
    });
    const { name: _name, address: _address, ...editable } = body;
    const total = (await history()).page.total;
    // a refused change (a Croatian client's OIB must be valid) rolls back with its entry
    expect((await h.request('PUT', `/api/v1/company/${id}`, { token, body: { ...editable, pin: '12345678900' } })).statusCode).toBe(400);
    expect((await h.request('PUT', `/api/v1/company/${id}`, { token, body: editable })).statusCode).toBe(200);
    expect((await history()).page.total).toBe(total);
    const updated = await h.request('PUT', `/api/v1/company/${id}`, { token, body: { ...editable, email: 'racuni@revizija.hr', contracts: [{ type: 'SOW', paymentDueDays: 30 }] } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await history()).data[0]).toMatchObject({
      action: 'client.changed',
      details: {
        clientId: id,
        changes: {
          email: { from: 'ured@revizija.hr', to: 'racuni@revizija.hr' },
          contracts: { from: [{ type: 'SOW', paymentDueDays: 15 }], to: [{ type: 'SOW', paymentDueDays: 30 }] },
        },
      },
    });
    expect(Object.keys((await history()).data[0]!.details.changes as object).sort()).toEqual(['contracts', 'email']);
    expect((await h.request('DELETE', `/api/v1/company/${id}`, { token })).statusCode).toBe(200);
    expect((await history()).data[0]).toMatchObject({
      action: 'client.deleted',
      details: { clientId: id, changes: { name: { from: 'Revizija d.o.o.', to: null }, email: { from: 'racuni@revizija.hr', to: null }, city: { from: 'Rijeka', to: null } } },
    });
    // a client with invoices is not deleted, and nothing is recorded
    const before = (await history()).page.total;
    expect((await h.request('DELETE', `/api/v1/company/${w.hr}`, { token })).statusCode).toBe(409);
    expect((await history()).page.total).toBe(before);
    expect(await verifyChain(h.db)).toMatchObject({ ok: true });
  });

  it('pages 20 at a time and refuses a malformed invoice id in the envelope', async () => {
    const { id } = await issue();
    // 21 more entries about it (as 21 e-invoice downloads would write)
    for (let i = 0; i < 21; i++) {
      await h.db.transaction().execute((trx) => record(trx, { id: 1, name: 'Ana Operater' }, { action: 'einvoice.exported', invoiceId: id, details: { language: 'hr' } }));
    }
    const first = await history(id);
    expect(first.page.total).toBe(22);
    expect(first.data).toHaveLength(20);
    const second = await history(id, 2);
    expect(second.data.map((e) => e.action)).toEqual(['einvoice.exported', 'invoice.issued']);
    const bad = await h.request('GET', '/api/v1/audit?invoiceId=0x2', { token, lang: 'en' });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)[0]!.field).toBe('invoiceId');
    expect((await h.request('GET', '/api/v1/audit', {})).statusCode).toBe(401);
  });

  it('concurrent writers from two processes never fork the chain', async () => {
    const other = await h.sibling();
    const ids = await Promise.all(Array.from({ length: 6 }, () => issue()));
    await Promise.all(
      ids.flatMap(({ id }, i) => [
        (i % 2 ? other : h).request('POST', `/api/v1/invoice/${id}/clear`, { token, body: { paymentDate: today } }),
        (i % 2 ? h : other).request('GET', `/api/v1/invoice/${id}/ubl`, { token }),
      ]),
    );
    const result = await verifyChain(h.db, 7);
    expect(result).toMatchObject({ ok: true });
    const seqs = (await h.db.selectFrom('audit_log').select('seq').orderBy('seq').execute()).map((r) => Number(r.seq));
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  });
});

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');

/** `npm run audit -- verify` as an operator runs it, on the same kind of database as this run. */
async function verifyCommand(env: Record<string, string>): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--conditions=source', '--import', 'tsx', 'apps/api/src/cli/audit.ts', 'verify'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

describe('npm run audit -- verify', () => {
  let db: Db;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    if (dbKind === 'postgres') {
      const testDb = await createTestDatabase();
      db = testDb.open().db;
      env = { DATABASE_URL: testDb.url ?? '' };
      cleanup = async () => {
        await db.destroy();
        await testDb.drop();
      };
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-audit-'));
      db = openSqlite(path.join(dir, 'faktura.sqlite')).db;
      env = { FAKTURA_DATA_DIR: dir };
      cleanup = async () => {
        await db.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      };
    }
    await migrate(db);
    const actor = { id: 1, name: 'Ana Operater' };
    for (let i = 1; i <= 5; i++) {
      await db.transaction().execute((trx) => record(trx, actor, { action: 'invoice.cleared', invoiceId: i, details: { number: `${i}/POSL1/1`, paymentDate: '2026-11-02' } }));
    }
  });
  afterAll(async () => {
    await cleanup();
  });

  it('says the trail is intact, then names the entry edited in the database, then the one deleted', async () => {
    const intact = await verifyCommand(env);
    expect(intact.code, intact.out).toBe(0);
    expect(intact.out).toContain('Audit trail intact: 5 entries');

    const original = await db.selectFrom('audit_log').select('details').where('seq', '=', 3).executeTakeFirstOrThrow();
    await db.updateTable('audit_log').set({ details: original.details.replace('2026-11-02', '2026-10-02') }).where('seq', '=', 3).execute();
    const edited = await verifyCommand(env);
    expect(edited.code).toBe(1);
    expect(edited.out).toContain('BROKEN at entry 3');
    expect(edited.out).toContain('changed after it was written');

    await db.updateTable('audit_log').set({ details: original.details }).where('seq', '=', 3).execute();
    expect((await verifyCommand(env)).code).toBe(0);
    await db.deleteFrom('audit_log').where('seq', '=', 2).execute();
    const deleted = await verifyCommand(env);
    expect(deleted.code).toBe(1);
    expect(deleted.out).toContain('BROKEN at entry 2');
    expect(deleted.out).toContain('missing (deleted)');
  }, 180_000);

  it('notices the newest entry deleted, and an entry rewritten with a fresh hash', async () => {
    await db.deleteFrom('audit_log').where('seq', '=', 5).execute();
    const result = await verifyChain(db);
    // entry 2 is still missing from the test before; the first break is named
    expect(result).toMatchObject({ ok: false, brokenAt: 2 });
    await db.deleteFrom('audit_log').execute();
    await db.updateTable('audit_head').set({ seq: 0, hash: '0'.repeat(64) }).execute();
    const actor = { id: 1, name: 'Ana Operater' };
    for (let i = 1; i <= 3; i++) await db.transaction().execute((trx) => record(trx, actor, { action: 'invoice.issued', invoiceId: i }));
    expect(await verifyChain(db)).toMatchObject({ ok: true, entries: 3 });
    await db.deleteFrom('audit_log').where('seq', '=', 3).execute();
    expect(await verifyChain(db)).toMatchObject({ ok: false, brokenAt: 3, problem: expect.stringContaining('chain head names entry 3') as unknown });
    await db.insertInto('audit_log').values({ seq: 3, at: 'x', operator_id: null, operator_name: 'Mallory', action: 'invoice.issued', invoice_id: 3, related_invoice_id: null, details: '{}', prev_hash: 'a', hash: 'b' }).execute();
    expect(await verifyChain(db)).toMatchObject({ ok: false, brokenAt: 3 });
  });

  it('names entry 1 as the first broken entry when entry 1 is deleted', async () => {
    await db.deleteFrom('audit_log').execute();
    await db.updateTable('audit_head').set({ seq: 0, hash: '0'.repeat(64) }).execute();
    const actor = { id: 1, name: 'Ana Operater' };
    for (let i = 1; i <= 3; i++) await db.transaction().execute((trx) => record(trx, actor, { action: 'invoice.issued', invoiceId: i }));
    expect((await verifyCommand(env)).code).toBe(0);
    await db.deleteFrom('audit_log').where('seq', '=', 1).execute();
    const deleted = await verifyCommand(env);
    expect(deleted.code).toBe(1);
    expect(deleted.out).toContain('BROKEN at entry 1');
    expect(deleted.out).toContain('entry 1 is missing (deleted)');
    expect(deleted.out).toContain('No entry before it is intact');
    expect(deleted.out).not.toMatch(/Entries 1 to 0/);
  }, 180_000);
});

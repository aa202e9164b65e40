import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { LockOrderError, MAX_ATTEMPTS, orderedTransaction } from '../src/db/lockOrder';
import { record } from '../src/modules/audit';
import * as repo from '../src/modules/invoice/invoice.repository';
import { writeDocuments } from '../src/modules/invoice/invoice.write';
import { dataOf, dbKind } from './harness';
import { invoiceBody, line, today, useInvoiceWorld } from './invoiceFixtures';

/**
 * Decision 024: invoice writes take their locks in one order, by construction. A write path that
 * skips `writeDocuments`, changes a row it did not lock first, or takes a lock out of order throws
 * before it writes (on both databases), and a deadlock that still happens is retried, a few times.
 */
const world = useInvoiceWorld();

const create = async (draft = false) => {
  const res = await world.h.request('POST', '/api/v1/invoice', {
    token: world.token,
    body: invoiceBody(world.w.hr, [line(world.w.dev, 40, 2)], { billingDate: today, deliveryDate: today, draft }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return dataOf<{ id: number; number: string | null }>(res);
};
const dueDateOf = async (id: number) =>
  (await world.h.db.selectFrom('invoice').select('payment_due_date').where('id', '=', id).executeTakeFirstOrThrow()).payment_due_date;
const auditCount = async () => Number((await world.h.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('the lock order, kept by construction', () => {
  it('refuses an invoice write outside writeDocuments, and of a row it did not lock first', async () => {
    const { id } = await create(true);
    const before = await dueDateOf(id);
    await expect(world.h.db.transaction().execute((trx) => repo.updateInvoice(trx, id, { payment_due_date: '2099-01-01' }))).rejects.toThrow(
      /outside writeDocuments/,
    );
    await expect(writeDocuments(world.h.db, [], (trx) => repo.updateInvoice(trx, id, { payment_due_date: '2099-01-01' }))).rejects.toThrow(
      /was not locked first/,
    );
    await expect(writeDocuments(world.h.db, [], (trx) => repo.deleteInvoice(trx, id))).rejects.toBeInstanceOf(LockOrderError);
    expect(await dueDateOf(id)).toBe(before);
    // the same change through the one way in goes through
    await writeDocuments(world.h.db, [id], (trx) => repo.updateInvoice(trx, id, { payment_due_date: '2099-01-01' }));
    expect(await dueDateOf(id)).toBe('2099-01-01');
  });

  it("locks a credit note's whole family: the note names its invoice's other notes too", async () => {
    const { id } = await create();
    const note = async () => {
      const res = await world.h.request('POST', `/api/v1/invoice/${id}/credit-note`, {
        token: world.token,
        body: { reason: 'Povrat', lines: [{ lineId: (await repo.linesOf(world.h.db, [id]))[0]!.id, quantity: 0.5 }] },
      });
      expect(res.statusCode, res.body).toBe(201);
      return dataOf<{ id: number }>(res).id;
    };
    const [first, second] = [await note(), await note()];
    // naming one note holds the invoice and both notes, so settling them all is allowed
    await writeDocuments(world.h.db, [first], (trx) => repo.updateInvoice(trx, second, { extra_info: 'family' }));
    await writeDocuments(world.h.db, [first], (trx) => repo.updateInvoice(trx, id, { extra_info: 'family' }));
  });

  it('refuses a lock taken after a later one of the order, and rolls back what was done', async () => {
    const { id } = await create(true);
    const entries = await auditCount();
    // the audit head (3rd) before the number counter (2nd): the order a deadlock needs
    await expect(
      writeDocuments(world.h.db, [id], async (trx) => {
        await record(trx, null, { action: 'invoice.issued', invoiceId: id });
        await repo.takeNextNumber(trx, { year: Number(today.slice(0, 4)), premises: 'P1', device: '1' });
      }),
    ).rejects.toThrow(/counter locked after auditHead/);
    expect(await auditCount()).toBe(entries);
  });

  it('refuses month totals and numbers written outside an invoice write', async () => {
    const { id } = await create(true);
    await expect(world.h.db.transaction().execute((trx) => repo.settleCreditNotes(trx, id, today))).rejects.toBeInstanceOf(LockOrderError);
    await expect(
      world.h.db.transaction().execute((trx) => repo.takeNextNumber(trx, { year: Number(today.slice(0, 4)), premises: 'P1', device: '1' })),
    ).rejects.toBeInstanceOf(LockOrderError);
  });
});

describe('a deadlock or serialization failure that still happens', () => {
  const failure = (code: string) => Object.assign(new Error('could not serialize access'), { code });

  it('runs the whole transaction again, and what a failed run wrote is gone', async () => {
    const attempts = { runs: 0 };
    const { id } = await create(true);
    await orderedTransaction(
      world.h.db,
      async (trx) => {
        await trx.updateTable('invoice').set({ extra_info: `run ${attempts.runs}` }).where('id', '=', id).execute();
        await trx.insertInto('idempotency_key').values({
          operator_id: 1, idem_key: `retry-${attempts.runs}`, request_hash: 'x', claim: 'c', claimed_until: today, response_status: null, response_body: null, created_at: today,
        }).execute();
        if (attempts.runs < 3) throw failure(attempts.runs === 1 ? '40P01' : '40001');
      },
      attempts,
    );
    expect(attempts.runs).toBe(3);
    const kept = await world.h.db.selectFrom('idempotency_key').select('idem_key').where('idem_key', 'like', 'retry-%').execute();
    expect(kept.map((r) => r.idem_key)).toEqual(['retry-3']);
    expect((await world.h.db.selectFrom('invoice').select('extra_info').where('id', '=', id).executeTakeFirstOrThrow()).extra_info).toBe('run 3');
  });

  it(`gives up after ${MAX_ATTEMPTS} runs, and not at all on other errors`, async () => {
    const always = { runs: 0 };
    await expect(orderedTransaction(world.h.db, () => Promise.reject(failure('40P01')), always)).rejects.toMatchObject({ code: '40P01' });
    expect(always.runs).toBe(MAX_ATTEMPTS);
    const other = { runs: 0 };
    await expect(orderedTransaction(world.h.db, () => Promise.reject(failure('23505')), other)).rejects.toMatchObject({ code: '23505' });
    expect(other.runs).toBe(1);
  });

  // PostgreSQL only: SQLite runs one write transaction at a time and cannot deadlock
  it.skipIf(dbKind === 'sqlite')('survives a real PostgreSQL deadlock: the victim runs again and both commit', { timeout: 15_000 }, async () => {
    const [a, b] = [(await create(true)).id, (await create(true)).id];
    const runs = [{ runs: 0 }, { runs: 0 }];
    let holding = 0;
    const bothHold = () =>
      new Promise<void>((resolve) => {
        holding++;
        const check = setInterval(() => {
          if (holding >= 2) {
            clearInterval(check);
            resolve();
          }
        }, 5);
      });
    // two transactions that lock the same rows in opposite orders: what decision 024 forbids
    const crosswise = (first: number, second: number, i: number) =>
      orderedTransaction(
        world.h.db,
        async (trx) => {
          await sql`select id from invoice where id = ${first} for update`.execute(trx);
          if (runs[i]!.runs === 1) await bothHold();
          await sql`select id from invoice where id = ${second} for update`.execute(trx);
          await trx.updateTable('invoice').set({ extra_info: `by ${i}` }).where('id', 'in', [first, second]).execute();
        },
        runs[i],
      );
    await Promise.all([crosswise(a, b, 0), crosswise(b, a, 1)]);
    expect(runs.map((r) => r.runs).sort()).toEqual([1, 2]);
  });
});

import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/connection';
import { isRetentionGuard } from '../../src/db/retentionGuard';
import { dataOf } from '../harness';
import { useInvoiceWorld } from '../invoiceFixtures';
import { addressedTo, importFiles, sampleBytes } from './inboxFixtures';

/*
 * Issue 46, "the received document cannot be deleted while within its retention": the database
 * refuses it (triggers on SQLite and PostgreSQL), whatever code or hand issues the statement, and
 * the original bytes are never rewritten; once the retention has passed, the row can go.
 */
const world = useInvoiceWorld();

const refused = async (statement: Promise<unknown>) => {
  const error = await statement.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the statement was let through').not.toBeNull();
  expect(isRetentionGuard(error), String(error)).toBe(true);
};
const bytesOf = async (db: Db, id: number) => {
  const row = await db.selectFrom('received_document_file').select('bytes').where('document_id', '=', id).executeTakeFirst();
  return row ? Buffer.from(row.bytes) : null;
};

describe('the retention guard of received originals', () => {
  let id: number;
  let original: Buffer;
  beforeAll(async () => {
    original = addressedTo(sampleBytes('hr/eRacun_PDV25.xml'), '69814562369', 'KEEP-1');
    const answer = dataOf<{ results: { id: number; outcome: string }[] }>(await importFiles(world.h, world.token, [{ name: 'keep.xml', bytes: original }]));
    expect(answer.results[0]?.outcome).toBe('IMPORTED');
    id = answer.results[0]!.id;
  });

  it('refuses to delete a document or its original while it is kept, and the bytes stay as they came', async () => {
    const { db } = world.h;
    await refused(db.deleteFrom('received_document_file').where('document_id', '=', id).execute());
    await refused(db.deleteFrom('received_document').where('id', '=', id).execute());
    // a transaction that tries both leaves everything
    await refused(
      db.transaction().execute(async (trx) => {
        await trx.deleteFrom('received_document_file').where('document_id', '=', id).execute();
        await trx.deleteFrom('received_document').where('id', '=', id).execute();
      }),
    );
    expect((await bytesOf(db, id))?.equals(original)).toBe(true);
    const res = await world.h.request('GET', `/api/v1/inbox/${id}/xml`, { token: world.token });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(original)).toBe(true);
  });

  it('never rewrites an original, nor its recorded hash, nor shortens its retention', async () => {
    const { db } = world.h;
    const altered = Buffer.from(original.toString('utf8').replace('KEEP-1', 'KEEP-9'), 'utf8');
    await refused(db.updateTable('received_document_file').set({ bytes: altered }).where('document_id', '=', id).execute());
    await refused(db.updateTable('received_document').set({ sha256: createHash('sha256').update(altered).digest('hex') }).where('id', '=', id).execute());
    await refused(db.updateTable('received_document').set({ retained_until: '2020-12-31' }).where('id', '=', id).execute());
    expect((await bytesOf(db, id))?.equals(original)).toBe(true);
    // the document's own state still changes (paid, fiscalized …), and the retention may be lengthened
    await db.updateTable('received_document').set({ state: 'PAID', retained_until: '2099-12-31' }).where('id', '=', id).execute();
    const row = await db.selectFrom('received_document').select(['state', 'retained_until']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'PAID', retained_until: '2099-12-31' });
  });

  describe('once the retention has passed', () => {
    let old: number;
    beforeAll(async () => {
      const bytes = Buffer.from('<Invoice>stari</Invoice>', 'utf8');
      old = await world.h.db.transaction().execute(async (trx) => {
        const { id: newId } = await trx
          .insertInto('received_document')
          .values({
            source: 'IMPORT', provider: null, provider_document_id: null, document_type: 'INVOICE', type_code: '380', number: 'OLD-2009',
            issue_date: '2009-03-02', issue_year: 2009, due_date: null, currency: 'EUR', supplier_key: '12345678903', supplier_oib: '12345678903',
            supplier_name: 'Stari d.o.o.', buyer_oib: null, net_cents: 100, vat_cents: 25, total_cents: 125, payable_cents: 125,
            paid_cents: 0, state: 'RECEIVED', fiscal_status: 'PENDING', fiscal_deadline: '2009-03-09', validation_status: 'PENDING',
            validation_report: null, validated_at: null, flags: '', search_text: 'old-2009', file_name: 'old.xml',
            sha256: createHash('sha256').update(bytes).digest('hex'), byte_size: bytes.length,
            received_at: '2009-03-02T10:00:00.000Z', received_on: '2009-03-02', retained_until: '2020-12-31',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('received_document_file').values({ document_id: newId, bytes }).execute();
        return Number(newId);
      });
    });
    it('lets the document and its original be deleted, and still never rewrites the bytes', async () => {
      const { db } = world.h;
      await refused(db.updateTable('received_document_file').set({ bytes: Buffer.from('x') }).where('document_id', '=', old).execute());
      await db.deleteFrom('received_document_file').where('document_id', '=', old).execute();
      await db.deleteFrom('received_document').where('id', '=', old).execute();
      expect(await db.selectFrom('received_document').select('id').where('id', '=', old).executeTakeFirst()).toBeUndefined();
      // the one still kept is untouched
      expect((await bytesOf(db, id))?.equals(original)).toBe(true);
    });
  });
});

import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { ReceivedDocumentTable } from '../../db/schema';

/** Private to the inbox module: other modules go through its index.ts. */
export type ReceivedRow = Selectable<ReceivedDocumentTable>;
export type NewReceivedRow = Insertable<ReceivedDocumentTable>;

/** The columns a list row needs (never the bytes, never the validation report). */
const LIST_COLUMNS = [
  'id', 'document_type', 'type_code', 'number', 'supplier_name', 'supplier_oib', 'issue_date', 'due_date', 'currency',
  'total_cents', 'vat_cents', 'payable_cents', 'paid_cents', 'state', 'fiscal_status', 'fiscal_deadline',
  'validation_status', 'flags', 'source', 'received_at',
] as const;
export type ReceivedListRowDb = Pick<ReceivedRow, (typeof LIST_COLUMNS)[number]>;

export interface ListFilter {
  year?: number | undefined;
  q?: string | undefined;
  state?: string | undefined;
  fiscalStatus?: string | undefined;
  supplier?: string | undefined;
}

function filtered(db: Db, filter: ListFilter) {
  let query = db.selectFrom('received_document');
  if (filter.year !== undefined) query = query.where('issue_year', '=', filter.year);
  if (filter.state) query = query.where('state', '=', filter.state);
  if (filter.fiscalStatus) query = query.where('fiscal_status', '=', filter.fiscalStatus);
  if (filter.supplier) query = query.where('supplier_oib', '=', filter.supplier);
  if (filter.q) {
    const like = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where('search_text', 'like', sql<string>`${like} escape '\\'`);
  }
  return query;
}

export async function listPage(db: Db, filter: ListFilter, page: number, pageSize: number): Promise<{ rows: ReceivedListRowDb[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, filter)
      .select(LIST_COLUMNS)
      .orderBy('issue_date', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtered(db, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The years with received documents, newest first (the list's year filter). */
export async function years(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('received_document').select('issue_year').distinct().orderBy('issue_year', 'desc').execute();
  return rows.map((r) => Number(r.issue_year));
}

export function findById(db: Db, id: number): Promise<ReceivedRow | undefined> {
  return db.selectFrom('received_document').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function bytesOf(db: Db, id: number): Promise<Buffer | undefined> {
  const row = await db.selectFrom('received_document_file').select('bytes').where('document_id', '=', id).executeTakeFirst();
  return row ? Buffer.from(row.bytes) : undefined;
}

/** The document already kept under the same identity: the intermediary's id, or supplier + number + year. */
export function findSame(
  db: Db,
  key: { provider: string | null; providerDocumentId: string | null; supplierKey: string; number: string; issueYear: number },
): Promise<Pick<ReceivedRow, 'id' | 'number' | 'supplier_name'> | undefined> {
  return db
    .selectFrom('received_document')
    .select(['id', 'number', 'supplier_name'])
    .where((eb) => {
      const byNumber = eb.and([eb('supplier_key', '=', key.supplierKey), eb('number', '=', key.number), eb('issue_year', '=', key.issueYear)]);
      return key.provider && key.providerDocumentId
        ? eb.or([byNumber, eb.and([eb('provider', '=', key.provider), eb('provider_document_id', '=', key.providerDocumentId)])])
        : byNumber;
    })
    .orderBy('id')
    .executeTakeFirst();
}

/** Which of these intermediary ids are kept already. */
export async function keptProviderIds(db: Db, provider: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const kept = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('received_document')
      .select('provider_document_id')
      .where('provider', '=', provider)
      .where('provider_document_id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) if (row.provider_document_id) kept.add(row.provider_document_id);
  }
  return kept;
}

/** The documents of a supplier with these numbers (a credit note's billing references). */
export async function bySupplierNumbers(db: Db, supplierKey: string, numbers: string[]): Promise<{ id: number; number: string; issue_date: string }[]> {
  if (numbers.length === 0) return [];
  return db
    .selectFrom('received_document')
    .select(['id', 'number', 'issue_date'])
    .where('supplier_key', '=', supplierKey)
    .where('number', 'in', numbers)
    .where('document_type', '=', 'INVOICE')
    .execute();
}

export async function insertDocument(trx: Db, row: NewReceivedRow, bytes: Buffer): Promise<number> {
  const { id } = await trx.insertInto('received_document').values(row).returning('id').executeTakeFirstOrThrow();
  await trx.insertInto('received_document_file').values({ document_id: id, bytes }).execute();
  return Number(id);
}

/** Documents whose validation is still to do, oldest first. */
export async function pendingValidation(db: Db, limit: number): Promise<{ id: number }[]> {
  return db.selectFrom('received_document').select('id').where('validation_status', '=', 'PENDING').orderBy('id').limit(limit).execute();
}

export async function saveValidation(db: Db, id: number, status: 'VALID' | 'INVALID', report: string, at: string): Promise<void> {
  await db
    .updateTable('received_document')
    .set({ validation_status: status, validation_report: report, validated_at: at })
    .where('id', '=', id)
    .where('validation_status', '=', 'PENDING')
    .execute();
}

/** Every kept document's recorded SHA-256 beside its bytes (the audit's check), `batch` at a time from `afterId`. */
export async function hashesAfter(db: Db, afterId: number, batch: number): Promise<{ id: number; sha256: string; byte_size: number; bytes: Buffer | null }[]> {
  const rows = await db
    .selectFrom('received_document as d')
    .leftJoin('received_document_file as f', 'f.document_id', 'd.id')
    .select(['d.id', 'd.sha256', 'd.byte_size', 'f.bytes'])
    .where('d.id', '>', afterId)
    .orderBy('d.id')
    .limit(batch)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), sha256: r.sha256, byte_size: Number(r.byte_size), bytes: r.bytes ? Buffer.from(r.bytes) : null }));
}

/** Received documents still to fiscalize as received, by deadline: past `today`, and from `today` to `soon`; and the refused ones. */
export async function attentionCounts(db: Db, today: string, soon: string): Promise<{ late: number; dueSoon: number; nextDeadline: string | null; refused: number }> {
  const [late, dueSoon, refused] = await Promise.all([
    db.selectFrom('received_document').select((eb) => eb.fn.countAll<number>().as('n')).where('fiscal_status', '=', 'PENDING').where('fiscal_deadline', '<', today).executeTakeFirstOrThrow(),
    db
      .selectFrom('received_document')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min<string>('fiscal_deadline').as('next')])
      .where('fiscal_status', '=', 'PENDING')
      .where('fiscal_deadline', '>=', today)
      .where('fiscal_deadline', '<=', soon)
      .executeTakeFirstOrThrow(),
    db.selectFrom('received_document').select((eb) => eb.fn.countAll<number>().as('n')).where('fiscal_status', '=', 'FAILED').executeTakeFirstOrThrow(),
  ]);
  return { late: Number(late.n), dueSoon: Number(dueSoon.n), nextDeadline: dueSoon.next ?? null, refused: Number(refused.n) };
}

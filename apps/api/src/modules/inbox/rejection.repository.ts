import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/connection';
import type { ReceivedRejectionTable } from '../../db/schema';

/**
 * Private to the inbox module: the rejections of received documents (decision 040), one per document
 * (`document_id` is the primary key), and the only writer of `received_document.state = 'REJECTED'`.
 */
export type RejectionRow = Selectable<ReceivedRejectionTable> & { operator_name: string; provider_document_id: string | null; number: string };

const numeric = (row: RejectionRow): RejectionRow => ({
  ...row,
  document_id: Number(row.document_id),
  was_paid: Number(row.was_paid),
  attempts: Number(row.attempts),
  intermediary_attempts: Number(row.intermediary_attempts),
});

export async function rejectionOf(db: Db, documentId: number): Promise<RejectionRow | undefined> {
  const row = await db
    .selectFrom('received_rejection')
    .innerJoin('operator', 'operator.id', 'received_rejection.operator_id')
    .innerJoin('received_document', 'received_document.id', 'received_rejection.document_id')
    .selectAll('received_rejection')
    .select(['operator.name as operator_name', 'received_document.provider_document_id', 'received_document.number'])
    .where('received_rejection.document_id', '=', documentId)
    .executeTakeFirst();
  return row ? numeric(row) : undefined;
}

/**
 * Marks the document REJECTED, only while it is not: false when it already was (another request
 * rejected it first; the caller reads it again to say when).
 */
export async function markRejected(trx: Db, documentId: number): Promise<boolean> {
  const result = await trx.updateTable('received_document').set({ state: 'REJECTED' }).where('id', '=', documentId).where('state', '<>', 'REJECTED').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertRejection(trx: Db, values: Insertable<ReceivedRejectionTable>): Promise<void> {
  await trx.insertInto('received_rejection').values(values).execute();
}

/**
 * Rejections not yet reported (Faktura's own still pending or refused, those the user reports
 * elsewhere, and those whose report the intermediary refused), with the nearest deadline.
 */
export async function toReport(db: Db): Promise<{ count: number; deadline: string | null }> {
  const row = await db
    .selectFrom('received_rejection')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min<string>('deadline').as('next')])
    .where((eb) => eb.or([
      eb('report_status', 'in', ['PENDING', 'FAILED', 'NONE']),
      eb.and([eb('report_status', '=', 'BY_INTERMEDIARY'), eb('intermediary_status', '=', 'FAILED')]),
    ]))
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), deadline: row.next ?? null };
}

/** The rejections made between two days (inclusive), by day then document, with the document's number and supplier. */
export async function rejectionsBetween(db: Db, from: string, to: string) {
  const rows = await db
    .selectFrom('received_rejection')
    .innerJoin('received_document', 'received_document.id', 'received_rejection.document_id')
    .select([
      'received_rejection.document_id', 'received_rejection.rejected_on', 'received_rejection.type', 'received_rejection.reason',
      'received_rejection.report_status', 'received_rejection.request_id', 'received_rejection.error_code',
      'received_rejection.intermediary_status', 'received_rejection.intermediary_error',
      'received_document.number', 'received_document.issue_date', 'received_document.supplier_name', 'received_document.supplier_oib',
    ])
    .where('received_rejection.rejected_on', '>=', from)
    .where('received_rejection.rejected_on', '<=', to)
    .orderBy('received_rejection.rejected_on')
    .orderBy('received_rejection.document_id')
    .execute();
  return rows.map((row) => ({ ...row, document_id: Number(row.document_id) }));
}

/**
 * A refused report sent again (decision 042): Faktura's own (`FAILED` → `PENDING`, due now, its
 * refusal cleared) or the intermediary's (`FAILED` → `PENDING`, `SUPPLIER_FAILED` → `REPORTED`), only
 * while it still is refused: false when another request moved it first.
 */
export async function reportAgain(trx: Db, documentId: number, which: 'FISCAL' | 'INTERMEDIARY', from: string, to: string, at: string): Promise<boolean> {
  const query = which === 'FISCAL'
    ? trx.updateTable('received_rejection')
      .set({ report_status: to, next_attempt_at: at, error_code: null, error_text: null, claimed_by: null, claimed_until: null, updated_at: at })
      .where('report_status', '=', from)
    : trx.updateTable('received_rejection')
      .set({ intermediary_status: to, intermediary_next_at: at, intermediary_error: null, intermediary_claimed_by: null, intermediary_claimed_until: null, updated_at: at })
      .where('intermediary_status', '=', from);
  const result = await query.where('document_id', '=', documentId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A rejection the user reported in FiskAplikacija (`NONE` → `REPORTED_BY_HAND`, its day in `reported_at`), only while it is `NONE`. */
export async function reportedByHand(trx: Db, documentId: number, day: string, at: string): Promise<boolean> {
  const result = await trx
    .updateTable('received_rejection')
    .set({ report_status: 'REPORTED_BY_HAND', reported_at: day, updated_at: at })
    .where('document_id', '=', documentId)
    .where('report_status', '=', 'NONE')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

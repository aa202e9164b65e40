import type { Updateable } from 'kysely';
import type { Db } from '../../db/connection';
import type { ReceivedRejectionTable } from '../../db/schema';

/**
 * Private to the delivery module: telling the intermediary of the user's rejections of received
 * documents (decision 042), on the inbox's `received_rejection` rows (`intermediary_*`, their own
 * outbox beside the report's) joined with the document's identifiers.
 */
const OPEN = ['PENDING', 'REPORTED'];

/** Rejections still to tell the intermediary, due by `at` and not held by a living process; oldest first. */
export async function dueRejections(db: Db, at: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('received_rejection')
    .select('document_id')
    .where('intermediary_status', 'in', OPEN)
    .where((eb) => eb.or([eb('intermediary_next_at', 'is', null), eb('intermediary_next_at', '<=', at)]))
    .where((eb) => eb.or([eb('intermediary_claimed_until', 'is', null), eb('intermediary_claimed_until', '<', at)]))
    .orderBy('intermediary_next_at')
    .orderBy('document_id')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.document_id));
}

/** Takes one for this process until `until`, unless another living process holds it (or it is no longer open). */
export async function claimRejection(db: Db, documentId: number, processId: string, at: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable('received_rejection')
    .set({ intermediary_claimed_by: processId, intermediary_claimed_until: until })
    .where('document_id', '=', documentId)
    .where('intermediary_status', 'in', OPEN)
    .where((eb) => eb.or([eb('intermediary_next_at', 'is', null), eb('intermediary_next_at', '<=', at)]))
    .where((eb) => eb.or([eb('intermediary_claimed_until', 'is', null), eb('intermediary_claimed_until', '<', at)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A claimed rejection with what telling it needs: the document's identifiers and who reports it. */
export async function rejectionToTell(db: Db, documentId: number) {
  const row = await db
    .selectFrom('received_rejection')
    .innerJoin('received_document', 'received_document.id', 'received_rejection.document_id')
    .select([
      'received_rejection.document_id', 'received_rejection.rejected_on', 'received_rejection.type', 'received_rejection.reason',
      'received_rejection.report_status', 'received_rejection.intermediary_status', 'received_rejection.intermediary_attempts',
      'received_document.number', 'received_document.issue_date', 'received_document.supplier_oib', 'received_document.buyer_oib',
      'received_document.provider_document_id',
    ])
    .where('received_rejection.document_id', '=', documentId)
    .executeTakeFirst();
  return row ? { ...row, document_id: Number(row.document_id), intermediary_attempts: Number(row.intermediary_attempts) } : undefined;
}

/** Writes what happened and lets the row go, only while this process holds it. */
export async function concludeRejection(
  db: Db,
  documentId: number,
  processId: string,
  values: Pick<Updateable<ReceivedRejectionTable>, 'intermediary_status' | 'intermediary_error' | 'intermediary_next_at' | 'intermediary_attempts' | 'updated_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('received_rejection')
    .set({ ...values, intermediary_claimed_by: null, intermediary_claimed_until: null })
    .where('document_id', '=', documentId)
    .where('intermediary_claimed_by', '=', processId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

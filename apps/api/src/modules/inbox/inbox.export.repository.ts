import type { Db } from '../../db/connection';

/** What the accountant's URA book reads of a received document, with its original bytes. */
export interface ReceivedExportRowDb {
  id: number;
  document_type: string;
  number: string;
  issue_date: string;
  due_date: string | null;
  received_on: string;
  currency: string;
  supplier_name: string;
  supplier_oib: string | null;
  total_cents: number;
  paid_cents: number;
  state: string;
  file_name: string | null;
  bytes: Buffer;
}

/** Where the previous page ended: the keyset of `received_document_received_idx (received_on, id)`. */
export interface ReceivedExportCursor {
  received_on: string;
  id: number;
}

/** A page of the documents received from `from` to `to` (both included), by day of receipt then id, after `after`. */
export async function receivedPage(
  db: Db,
  from: string,
  to: string,
  limit: number,
  after?: ReceivedExportCursor,
): Promise<{ rows: ReceivedExportRowDb[]; next: ReceivedExportCursor | undefined }> {
  let query = db
    .selectFrom('received_document as d')
    .innerJoin('received_document_file as f', 'f.document_id', 'd.id')
    .select([
      'd.id', 'd.document_type', 'd.number', 'd.issue_date', 'd.due_date', 'd.received_on', 'd.currency', 'd.supplier_name',
      'd.supplier_oib', 'd.total_cents', 'd.paid_cents', 'd.state', 'd.file_name', 'f.bytes',
    ])
    .where('d.received_on', '<=', to);
  query = after
    ? query.where((eb) => eb.or([eb('d.received_on', '>', after.received_on), eb.and([eb('d.received_on', '=', after.received_on), eb('d.id', '>', after.id)])]))
    : query.where('d.received_on', '>=', from);
  const rows = await query.orderBy('d.received_on').orderBy('d.id').limit(limit).execute();
  const last = rows[rows.length - 1];
  return {
    rows: rows.map((r) => ({ ...r, id: Number(r.id), total_cents: Number(r.total_cents), paid_cents: Number(r.paid_cents), bytes: Buffer.from(r.bytes) })),
    next: last && rows.length === limit ? { received_on: last.received_on, id: Number(last.id) } : undefined,
  };
}

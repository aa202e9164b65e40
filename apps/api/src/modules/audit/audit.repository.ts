import { AUDIT_PAGE_SIZE } from '@faktura/shared';
import type { Db } from '../../db/connection';
import type { AuditLogTable } from '../../db/schema';

/** The SQL of the audit trail; the chain's rules (hashes, order) are the service's. */

/** Writes an entry and moves the chain head to it, in the caller's transaction (`db/audit.ts`: the dialects differ). */
export { appendToChain as appendEntry } from '../../db/audit';

/** One page, newest first; with an invoice, the entries about it and about its credit notes. */
export async function entriesPage(db: Db, query: { invoiceId?: number | undefined; page: number }) {
  let base = db.selectFrom('audit_log');
  const { invoiceId } = query;
  if (invoiceId !== undefined) {
    base = base.where((eb) => eb.or([eb('invoice_id', '=', invoiceId), eb('related_invoice_id', '=', invoiceId)]));
  }
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('seq', 'desc')
      .limit(AUDIT_PAGE_SIZE)
      .offset((query.page - 1) * AUDIT_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Up to `batch` entries from number `seq` on, in order. */
export function entriesFrom(db: Db, seq: number, batch: number): Promise<AuditLogTable[]> {
  return db.selectFrom('audit_log').selectAll().where('seq', '>=', seq).orderBy('seq').limit(batch).execute();
}

/** The chain head as stored (the last entry's number and hash). */
export function chainHead(db: Db): Promise<{ seq: number; hash: string } | undefined> {
  return db.selectFrom('audit_head').select(['seq', 'hash']).where('id', '=', 1).executeTakeFirst();
}

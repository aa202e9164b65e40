import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection';
import type { DeliveryDocumentTable } from '../../db/schema';

/** Private to the delivery module: other modules go through its index.ts. */
export type DeliveryDocumentRow = Selectable<DeliveryDocumentTable>;

export function findDocument(db: Db, invoiceId: number): Promise<DeliveryDocumentRow | undefined> {
  return db.selectFrom('delivery_document').selectAll().where('invoice_id', '=', invoiceId).executeTakeFirst();
}

/** A document to be handed over (again): PENDING, due now, its earlier outcome cleared. */
export async function queuePending(db: Db, invoiceId: number, provider: string, now: string): Promise<void> {
  const fresh = {
    provider, status: 'PENDING', provider_document_id: null, provider_status: null, error: null, fiscalized: null,
    attempts: 0, next_attempt_at: now, claimed_by: null, claimed_until: null, status_at: now, checked_at: null,
  };
  await db
    .insertInto('delivery_document')
    .values({ invoice_id: invoiceId, ...fresh })
    .onConflict((oc) => oc.column('invoice_id').doUpdateSet(fresh))
    .execute();
}

/** A PENDING document sent again by hand: due now, its attempts kept. */
export async function dueNow(db: Db, invoiceId: number, now: string): Promise<void> {
  await db.updateTable('delivery_document').set({ next_attempt_at: now }).where('invoice_id', '=', invoiceId).execute();
}

/**
 * Takes a document for this process until `until`, unless another process holds it: the one
 * sending it. Only a PENDING document is sent; a SENT one is only asked about (`forStatus`).
 */
export async function claim(db: Db, invoiceId: number, processId: string, now: string, until: string, status: 'PENDING' | 'IN_FLIGHT'): Promise<boolean> {
  const result = await db
    .updateTable('delivery_document')
    .set({ claimed_by: processId, claimed_until: until })
    .where('invoice_id', '=', invoiceId)
    .where((eb) => (status === 'PENDING' ? eb('status', '=', 'PENDING') : eb('status', 'in', ['SENT', 'DELIVERED'])))
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now), eb('claimed_by', '=', processId)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type Outcome = Partial<Pick<DeliveryDocumentRow, 'status' | 'provider_document_id' | 'provider_status' | 'error' | 'fiscalized' | 'next_attempt_at' | 'status_at' | 'checked_at'>>;

/** Writes what happened and lets the document go; `attempted` counts a sending. */
export async function record(db: Db, invoiceId: number, processId: string, outcome: Outcome, attempted: boolean): Promise<void> {
  await db
    .updateTable('delivery_document')
    .set((eb) => ({ ...outcome, claimed_by: null, claimed_until: null, ...(attempted ? { attempts: eb('attempts', '+', 1) } : {}) }))
    .where('invoice_id', '=', invoiceId)
    .where('claimed_by', '=', processId)
    .execute();
}

/** PENDING documents due by `now`, not held by another process. */
export async function duePending(db: Db, now: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('delivery_document')
    .select('invoice_id')
    .where('status', '=', 'PENDING')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.invoice_id);
}

/**
 * Documents still on their way (SENT, or DELIVERED but not yet said fiscalized) last asked about
 * before `askedBefore`: what the scheduled poll asks the intermediary about.
 */
export async function inFlight(db: Db, askedBefore: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('delivery_document')
    .select('invoice_id')
    .where((eb) => eb.or([eb('status', '=', 'SENT'), eb.and([eb('status', '=', 'DELIVERED'), eb('fiscalized', 'is', null)])]))
    .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', askedBefore)]))
    .orderBy('status_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.invoice_id);
}

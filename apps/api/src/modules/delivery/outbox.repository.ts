import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection';
import type { DeliveryDocumentTable } from '../../db/schema';

/** Private to the delivery module: other modules go through its index.ts. */
export type DeliveryDocumentRow = Selectable<DeliveryDocumentTable>;

export function findDocument(db: Db, invoiceId: number): Promise<DeliveryDocumentRow | undefined> {
  return db.selectFrom('delivery_document').selectAll().where('invoice_id', '=', invoiceId).executeTakeFirst();
}

/**
 * A document to be handed over (again): PENDING, due now, its earlier outcome cleared; `earlier` are
 * the intermediary's ids of its earlier sendings (a resend), which a lookup must not take for this one.
 */
export async function queuePending(db: Db, invoiceId: number, provider: string, now: string, earlier: string[]): Promise<void> {
  const fresh = {
    provider, status: 'PENDING', provider_document_id: null, provider_status: null, error: null, fiscalized: null,
    attempts: 0, next_attempt_at: now, claimed_by: null, claimed_until: null, status_at: now, checked_at: null,
    fiscal_error: null, e_reported: null, handed_over_at: null, earlier_ids: earlier.length > 0 ? earlier.join(',') : null,
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

export type Outcome = Partial<
  Pick<
    DeliveryDocumentRow,
    'status' | 'provider_document_id' | 'provider_status' | 'error' | 'fiscalized' | 'fiscal_error' | 'e_reported' | 'next_attempt_at' | 'status_at' | 'checked_at'
  >
>;

/**
 * Marks that this process is about to hand the document over: if no outcome is recorded after it
 * (the process died, the answer was lost), the next attempt looks the document up before sending.
 */
export async function handingOver(db: Db, invoiceId: number, processId: string, now: string): Promise<void> {
  await db.updateTable('delivery_document').set({ handed_over_at: now }).where('invoice_id', '=', invoiceId).where('claimed_by', '=', processId).execute();
}

/** Writes what happened and lets the document go; `attempted` counts a sending (and ends its handing over). */
export async function record(db: Db, invoiceId: number, processId: string, outcome: Outcome, attempted: boolean): Promise<void> {
  await db
    .updateTable('delivery_document')
    .set((eb) => ({ ...outcome, claimed_by: null, claimed_until: null, ...(attempted ? { attempts: eb('attempts', '+', 1), handed_over_at: null } : {}) }))
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
 * Documents still on their way last asked about before `askedBefore`: what the scheduled poll asks
 * the intermediary about. SENT (unless reported instead of delivered, with its fiscalization known),
 * or DELIVERED without a word on its fiscalization since `fiscalSince` (the intermediary tries for
 * up to five days; after that, only "Refresh status" asks).
 */
export async function inFlight(db: Db, askedBefore: string, fiscalSince: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('delivery_document')
    .select('invoice_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'SENT'), eb.or([eb('e_reported', 'is', null), eb('e_reported', '=', 0), eb('fiscalized', 'is', null)])]),
        eb.and([eb('status', '=', 'DELIVERED'), eb('fiscalized', 'is', null), eb('status_at', '>=', fiscalSince)]),
      ]),
    )
    .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', askedBefore)]))
    .orderBy('status_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.invoice_id);
}

/** The client a document was issued to. */
export async function clientOf(db: Db, invoiceId: number): Promise<number | undefined> {
  return (await db.selectFrom('invoice').select('client_id').where('id', '=', invoiceId).executeTakeFirst())?.client_id;
}

/** The document the intermediary knows by this id (the windowed process-status query answers by id). */
export async function invoiceOfProviderId(db: Db, providerDocumentId: string): Promise<number | undefined> {
  return (await db.selectFrom('delivery_document').select('invoice_id').where('provider_document_id', '=', providerDocumentId).executeTakeFirst())?.invoice_id;
}

/**
 * Keeps the buyer's rejection (issue 47) unless one is kept already: true when this call kept it, so
 * that it is recorded in the audit trail once, however often and by however many processes it is read.
 */
export async function keepBuyerRejection(db: Db, invoiceId: number, rejection: { at: string; type: string | null; reason: string | null }): Promise<boolean> {
  const result = await db
    .updateTable('delivery_document')
    .set({ buyer_rejected_at: rejection.at, buyer_rejection_type: rejection.type, buyer_rejection_reason: rejection.reason })
    .where('invoice_id', '=', invoiceId)
    .where('buyer_rejected_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

import type { Db } from '../../db/connection';

/** Private to the inbox module: fetching from the intermediary (issue 46, decision 037). */

/** Takes the fetching lease (the one `inbox_fetch` row) unless another process holds it unexpired. */
export async function claimFetch(db: Db, processId: string, now: string, until: string): Promise<boolean> {
  await db.insertInto('inbox_fetch').values({ id: 1 }).onConflict((oc) => oc.column('id').doNothing()).execute();
  const result = await db
    .updateTable('inbox_fetch')
    .set({ claimed_by: processId, claimed_until: until, last_attempt_at: now })
    .where('id', '=', 1)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now), eb('claimed_by', '=', processId)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Keeps the lease while a long round goes on. */
export async function extendFetch(db: Db, processId: string, until: string): Promise<void> {
  await db.updateTable('inbox_fetch').set({ claimed_until: until }).where('id', '=', 1).where('claimed_by', '=', processId).execute();
}

/** Ends a round: what it did, and (when everything listed is kept) the time the next window starts from. */
export async function finishFetch(db: Db, processId: string, outcome: { okAt: string | null; error: string | null; result: string }): Promise<void> {
  await db
    .updateTable('inbox_fetch')
    .set({ claimed_by: null, claimed_until: null, last_error: outcome.error, last_result: outcome.result, ...(outcome.okAt ? { last_ok_at: outcome.okAt } : {}) })
    .where('id', '=', 1)
    .where('claimed_by', '=', processId)
    .execute();
}

export function fetchState(db: Db) {
  return db.selectFrom('inbox_fetch').select(['last_attempt_at', 'last_ok_at', 'last_error', 'last_result']).where('id', '=', 1).executeTakeFirst();
}

/** The kept documents of these intermediary ids, with whether the intermediary was told. */
export async function keptByProviderIds(db: Db, provider: string, ids: string[]): Promise<Map<string, { id: number; acknowledged: boolean }>> {
  const kept = new Map<string, { id: number; acknowledged: boolean }>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('received_document')
      .select(['id', 'provider_document_id', 'acknowledged_at'])
      .where('provider', '=', provider)
      .where('provider_document_id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) if (row.provider_document_id) kept.set(row.provider_document_id, { id: Number(row.id), acknowledged: row.acknowledged_at !== null });
  }
  return kept;
}

/**
 * A document kept before under its number (imported by hand) that the intermediary lists too: it takes
 * the intermediary's id, so that it is known by it from now on. False: it has another id already.
 */
export async function adoptProviderId(db: Db, id: number, provider: string, providerDocumentId: string): Promise<boolean> {
  const result = await db
    .updateTable('received_document')
    .set({ provider, provider_document_id: providerDocumentId })
    .where('id', '=', id)
    .where('provider_document_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markAcknowledged(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('received_document').set({ acknowledged_at: at }).where('id', '=', id).execute();
}

/** Documents the intermediary fiscalizes (INTERMEDIARY mode) not asked about since `before`, received since `since`. */
export async function intermediaryFiscalDue(db: Db, provider: string, before: string, since: string, limit: number): Promise<{ id: number; provider_document_id: string; fiscal_status: string }[]> {
  const rows = await db
    .selectFrom('received_document')
    .select(['id', 'provider_document_id', 'fiscal_status'])
    .where((eb) => eb.or([eb('fiscal_status', '=', 'BY_INTERMEDIARY'), eb.and([eb('fiscal_status', '=', 'FAILED'), eb('provider_fiscal_error', 'is not', null)])]))
    .where('provider', '=', provider)
    .where('provider_document_id', 'is not', null)
    .where('received_at', '>=', since)
    .where((eb) => eb.or([eb('provider_checked_at', 'is', null), eb('provider_checked_at', '<', before)]))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), provider_document_id: r.provider_document_id ?? '', fiscal_status: r.fiscal_status }));
}

/** What the intermediary said of a document's fiscalization now. */
export async function saveIntermediaryFiscal(
  db: Db,
  id: number,
  change: { fiscal_status?: string; provider_fiscal_error?: string | null; provider_fiscal_at?: string | null; provider_checked_at: string },
): Promise<void> {
  await db.updateTable('received_document').set(change).where('id', '=', id).execute();
}

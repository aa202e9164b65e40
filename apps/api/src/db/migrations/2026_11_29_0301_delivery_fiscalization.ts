import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * What the intermediary says of a document's fiscalization, and a sending that must not be repeated
 * (issue 32): `fiscal_error` (the Tax Administration's refusal, as the intermediary passes it on),
 * `e_reported` (1: the buyer has no address in the address book, so the intermediary reported the
 * supply instead of delivering it), `handed_over_at` (an attempt started handing the document over
 * and its outcome is not yet recorded) and `earlier_ids` (the intermediary's ids of earlier sendings
 * of the same document, comma-separated, which a lookup before a retry must not mistake for this one).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('delivery_document').addColumn('fiscal_error', 'text').execute();
  await db.schema.alterTable('delivery_document').addColumn('e_reported', 'integer').execute();
  await db.schema.alterTable('delivery_document').addColumn('handed_over_at', 'text').execute();
  await db.schema.alterTable('delivery_document').addColumn('earlier_ids', 'text').execute();
  // the dashboard counts the ones whose fiscalization failed
  await db.schema.createIndex('delivery_document_fiscalized_idx').on('delivery_document').column('fiscalized').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('delivery_document_fiscalized_idx').execute();
  for (const column of ['earlier_ids', 'handed_over_at', 'e_reported', 'fiscal_error']) {
    await db.schema.alterTable('delivery_document').dropColumn(column).execute();
  }
}

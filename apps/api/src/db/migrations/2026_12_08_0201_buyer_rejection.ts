import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * The buyer's rejection of an issued e-invoice, as the intermediary's document process status brings
 * it back (issue 47, decision 041), kept on the invoice's delivery record: `buyer_rejected_at` (when the
 * buyer rejected it, as the intermediary says, else when Faktura first saw it), `buyer_rejection_type`
 * (N, U or O when known) and `buyer_rejection_reason` (the buyer's text). And on an invoice, the invoice
 * it re-issues after a storno (`reissue_of_id`): rejected invoice → storno → new invoice. The delivery
 * settings keep when the windowed process-status query last asked (`process_checked_at`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('delivery_document').addColumn('buyer_rejected_at', 'text').execute();
  await db.schema.alterTable('delivery_document').addColumn('buyer_rejection_type', 'text').execute();
  await db.schema.alterTable('delivery_document').addColumn('buyer_rejection_reason', 'text').execute();
  await db.schema.alterTable('delivery_settings').addColumn('process_checked_at', 'text').execute();
  await db.schema.alterTable('invoice').addColumn('reissue_of_id', 'integer', (c) => c.references('invoice.id')).execute();
  // the list's filter and the dashboard's count of the buyers' rejections
  await db.schema.createIndex('delivery_document_buyer_rejected_idx').on('delivery_document').column('buyer_rejected_at').execute();
  await db.schema.createIndex('invoice_reissue_of_idx').on('invoice').column('reissue_of_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('invoice_reissue_of_idx').execute();
  await db.schema.dropIndex('delivery_document_buyer_rejected_idx').execute();
  await db.schema.alterTable('invoice').dropColumn('reissue_of_id').execute();
  await db.schema.alterTable('delivery_settings').dropColumn('process_checked_at').execute();
  for (const column of ['buyer_rejection_reason', 'buyer_rejection_type', 'buyer_rejected_at']) {
    await db.schema.alterTable('delivery_document').dropColumn(column).execute();
  }
}

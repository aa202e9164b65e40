import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * Fetching received e-invoices from the intermediary (issue 46, decision 037). On a received
 * document: when the intermediary was told it is kept (`acknowledged_at`, told only after its bytes
 * were committed), and, where the intermediary fiscalizes for the user (INTERMEDIARY mode), what it
 * last said of the document's fiscalization as received (`provider_fiscal_*`). On `inbox_fetch`:
 * the window the next round asks about and what the last round did.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('received_document').addColumn('acknowledged_at', 'text').execute();
  await db.schema.alterTable('received_document').addColumn('provider_fiscal_error', 'text').execute();
  await db.schema.alterTable('received_document').addColumn('provider_fiscal_at', 'text').execute();
  await db.schema.alterTable('received_document').addColumn('provider_checked_at', 'text').execute();
  await db.schema.alterTable('inbox_fetch').addColumn('last_result', 'text').execute();
  await db.schema.createIndex('received_document_provider_check_idx').on('received_document').columns(['fiscal_status', 'provider_checked_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('received_document_provider_check_idx').execute();
  await db.schema.alterTable('inbox_fetch').dropColumn('last_result').execute();
  for (const column of ['provider_checked_at', 'provider_fiscal_at', 'provider_fiscal_error', 'acknowledged_at']) {
    await db.schema.alterTable('received_document').dropColumn(column).execute();
  }
}

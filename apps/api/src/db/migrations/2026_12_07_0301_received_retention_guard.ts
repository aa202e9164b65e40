import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect';
import { dropRetentionGuard, retentionGuardStatements } from '../retentionGuard';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * Received originals are kept (issue 46, ZoF čl. 35, decision 036), and the database itself holds to
 * it: a received document, or its file row, cannot be deleted while `retained_until` has not passed,
 * and the original bytes are never rewritten (triggers, `db/retentionGuard.ts`). The index serves
 * the accountant's URA book, which reads the received documents of a period by day of receipt.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('received_document_received_idx').on('received_document').columns(['received_on', 'id']).execute();
  for (const statement of retentionGuardStatements(dialectOf(db))) await statement.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of dropRetentionGuard(dialectOf(db))) await statement.execute(db);
  await db.schema.dropIndex('received_document_received_idx').execute();
}

import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * A rotated refresh token keeps its successor, sealed with a key derived from the rotated token
 * itself (AES-256-GCM), so that for a short grace window a second presentation of it (another tab,
 * a retried request) answers with the same successor instead of ending the sign-in. The database
 * alone cannot open it: only whoever holds the rotated token can.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('refresh_token').addColumn('successor_sealed', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('refresh_token').dropColumn('successor_sealed').execute();
}

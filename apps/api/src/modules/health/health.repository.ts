import { sql } from 'kysely';
import type { Db } from '../../db/connection';

/** One round trip that only an answering database completes (a failure rejects). */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

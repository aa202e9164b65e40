import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * The period of supply (EN 16931 BT-73/74) beside the date of supply (`delivery_date`, BT-72):
 * since the Fiscalization Act dates an invoice the day it is issued (decision 026), the month of
 * work is carried by these. Issued documents keep every stored date; nothing is rewritten.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invoice').addColumn('service_period_start', 'text').execute();
  await db.schema.alterTable('invoice').addColumn('service_period_end', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invoice').dropColumn('service_period_end').execute();
  await db.schema.alterTable('invoice').dropColumn('service_period_start').execute();
}

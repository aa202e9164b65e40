import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * Whether the issuer is a paušalni obrt (income tax at a flat rate, Pravilnik o paušalnom
 * oporezivanju samostalnih djelatnosti): it then keeps the KPR and files PO-SD (decision 029).
 * 0 for every existing issuer: nobody is assumed to be one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('issuer').addColumn('flat_rate', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('issuer').dropColumn('flat_rate').execute();
}

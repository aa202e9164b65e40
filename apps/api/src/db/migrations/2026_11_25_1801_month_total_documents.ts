import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * The invoice list's count (issue 9, S2): `invoice_month_total` also counts the documents of every
 * state, drafts included, per billing month, so the list's total of a year or a state is a sum of at
 * most a few dozen rows instead of a count of every invoice (a full scan on PostgreSQL). Filled here
 * from the invoices as they are; from now on the invoice repository keeps it with every write.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('invoice_month_total')
    .addColumn('documents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const counts: { y: string; m: string; state: string; n: number | string }[] = await db
    .selectFrom('invoice')
    .select([
      sql<string>`substr(billing_date, 1, 4)`.as('y'),
      sql<string>`substr(billing_date, 6, 2)`.as('m'),
      'state',
      sql<number | string>`count(*)`.as('n'),
    ])
    .groupBy([sql`substr(billing_date, 1, 4)`, sql`substr(billing_date, 6, 2)`, 'state'])
    .execute();
  for (const row of counts) {
    await db
      .insertInto('invoice_month_total')
      .values({ year: Number(row.y), month: Number(row.m), state: row.state, eur_cents: 0, documents: Number(row.n) })
      .onConflict((oc) => oc.columns(['year', 'month', 'state']).doUpdateSet({ documents: Number(row.n) }))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('invoice_month_total').where('state', '=', 'DRAFT').execute();
  await db.schema.alterTable('invoice_month_total').dropColumn('documents').execute();
}

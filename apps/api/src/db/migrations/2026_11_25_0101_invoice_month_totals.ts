import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * The dashboard's totals per billing month and state (issue 9, decision 009): one row per year,
 * month and state of issued documents, with their totals in euro cents, each converted at its own
 * rate and rounded half-up per document. Filled here from the invoices as they are; from now on the
 * invoice repository keeps it in the same transaction as every write. The conversion is written out,
 * not imported, so later changes cannot change what this migration does. The covering index the
 * dashboard summed from is dropped.
 */
function euroCents(amountCents: number, rate: string | null): number {
  if (!rate) return amountCents;
  const [whole = '0', fraction = ''] = rate.split('.');
  const scale = 10n ** BigInt(fraction.length);
  const divisor = BigInt(whole) * scale + BigInt(fraction || '0');
  const dividend = BigInt(amountCents) * scale;
  const negative = dividend < 0n;
  const abs = negative ? -dividend : dividend;
  const rounded = (abs * 2n + divisor) / (divisor * 2n);
  return Number(negative ? -rounded : rounded);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('invoice_month_total')
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('eur_cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('invoice_month_total_pk', ['year', 'month', 'state'])
    .execute();
  const totals = new Map<string, number>();
  let after = 0;
  for (;;) {
    const rows: { id: number; billing_date: string; state: string; total_cents: number | string; eur_fx_rate: string | null }[] = await db
      .selectFrom('invoice')
      .select(['id', 'billing_date', 'state', 'total_cents', 'eur_fx_rate'])
      .where('state', 'in', ['PUBLISHED', 'CLEARED'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(5000)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const key = `${Number(row.billing_date.slice(0, 4))}|${Number(row.billing_date.slice(5, 7))}|${row.state}`;
      totals.set(key, (totals.get(key) ?? 0) + euroCents(Number(row.total_cents), row.eur_fx_rate || null));
    }
    after = rows[rows.length - 1]?.id ?? after;
  }
  const values = [...totals.entries()].map(([key, eurCents]) => {
    const [year, month, state] = key.split('|');
    return { year: Number(year), month: Number(month), state, eur_cents: eurCents };
  });
  for (let i = 0; i < values.length; i += 500) {
    await db.insertInto('invoice_month_total').values(values.slice(i, i + 500)).execute();
  }
  // the dashboard no longer sums the year from this index
  await db.schema.dropIndex('invoice_year_totals_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('invoice_year_totals_idx')
    .on('invoice')
    .columns(['billing_date', 'state', 'total_cents', 'eur_fx_rate'])
    .execute();
  await db.schema.dropTable('invoice_month_total').execute();
}

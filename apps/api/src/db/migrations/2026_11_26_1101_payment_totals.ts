import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * The dashboard from payments (issue 28, decision 028):
 * - `invoice_month_total.paid_eur_cents`: per billing month and state, what the issued documents of
 *   that bucket have been paid, in euro cents: each document's payments summed in its currency, then
 *   converted at its own rate and rounded on its own (the rule `eur_cents` follows);
 * - `invoice_payment_month (year, month, eur_cents, payments)`: the payments received per month of
 *   the day paid, each converted at its invoice's rate and rounded on its own.
 * Filled here from the payments as they are; from now on the payment writes keep both. The conversion
 * is written out, not imported, so later changes cannot change what this migration does.
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
    .alterTable('invoice_month_total')
    .addColumn('paid_eur_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('invoice_payment_month')
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('eur_cents', 'bigint', (c) => c.notNull())
    .addColumn('payments', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('invoice_payment_month_pk', ['year', 'month'])
    .execute();

  const byDocument = new Map<string, number>(); // year|month|state → paid euro cents
  const byPaidMonth = new Map<string, { eur: number; n: number }>(); // year|month
  const paidOf = new Map<number, { cents: number; billing_date: string; state: string; rate: string | null }>();
  let after = 0;
  for (;;) {
    const rows: {
      id: number;
      invoice_id: number;
      paid_on: string;
      amount_cents: number | string;
      billing_date: string;
      state: string;
      eur_fx_rate: string | null;
    }[] = await db
      .selectFrom('invoice_payment')
      .innerJoin('invoice', 'invoice.id', 'invoice_payment.invoice_id')
      .select([
        'invoice_payment.id',
        'invoice_payment.invoice_id',
        'invoice_payment.paid_on',
        'invoice_payment.amount_cents',
        'invoice.billing_date',
        'invoice.state',
        'invoice.eur_fx_rate',
      ])
      .where('invoice_payment.id', '>', after)
      .orderBy('invoice_payment.id')
      .limit(5000)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const cents = Number(row.amount_cents);
      const month = `${Number(row.paid_on.slice(0, 4))}|${Number(row.paid_on.slice(5, 7))}`;
      const sum = byPaidMonth.get(month) ?? { eur: 0, n: 0 };
      byPaidMonth.set(month, { eur: sum.eur + euroCents(cents, row.eur_fx_rate || null), n: sum.n + 1 });
      const doc = paidOf.get(row.invoice_id) ?? { cents: 0, billing_date: row.billing_date, state: row.state, rate: row.eur_fx_rate || null };
      doc.cents += cents;
      paidOf.set(row.invoice_id, doc);
    }
    after = rows[rows.length - 1]?.id ?? after;
  }
  for (const doc of paidOf.values()) {
    if (doc.state !== 'PUBLISHED' && doc.state !== 'CLEARED') continue;
    const key = `${Number(doc.billing_date.slice(0, 4))}|${Number(doc.billing_date.slice(5, 7))}|${doc.state}`;
    byDocument.set(key, (byDocument.get(key) ?? 0) + euroCents(doc.cents, doc.rate));
  }
  for (const [key, paid] of byDocument) {
    const [year, month, state] = key.split('|');
    await db
      .updateTable('invoice_month_total')
      .set({ paid_eur_cents: paid })
      .where('year', '=', Number(year))
      .where('month', '=', Number(month))
      .where('state', '=', state)
      .execute();
  }
  const values = [...byPaidMonth.entries()].map(([key, sum]) => {
    const [year, month] = key.split('|');
    return { year: Number(year), month: Number(month), eur_cents: sum.eur, payments: sum.n };
  });
  for (let i = 0; i < values.length; i += 500) {
    await db.insertInto('invoice_payment_month').values(values.slice(i, i + 500)).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invoice_payment_month').execute();
  await db.schema.alterTable('invoice_month_total').dropColumn('paid_eur_cents').execute();
}

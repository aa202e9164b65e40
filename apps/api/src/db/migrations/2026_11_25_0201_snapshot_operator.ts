import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * The issuer snapshot of every issued document gets the operator who issued it (`operator: { name,
 * oib }`, issue 11): until now the printout read the operator's current name, so renaming an operator
 * changed reprints of invoices issued years ago. Each snapshot without one is given its invoice
 * operator's name and OIB as they are now, which is what its reprints showed until today; from now on
 * they stay. Snapshots that already name their operator are left alone.
 */
const BATCH = 500;

export async function up(db: Kysely<any>): Promise<void> {
  let after = 0;
  for (;;) {
    const rows: { id: number; issuer_snapshot: string; name: string; oib: string | null }[] = await db
      .selectFrom('invoice')
      .innerJoin('operator', 'operator.id', 'invoice.operator_id')
      .select(['invoice.id', 'invoice.issuer_snapshot', 'operator.name', 'operator.oib'])
      .where('invoice.issuer_snapshot', 'is not', null)
      .where('invoice.id', '>', after)
      .orderBy('invoice.id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      const snapshot = JSON.parse(row.issuer_snapshot) as Record<string, unknown>;
      if (snapshot.operator) continue;
      await db
        .updateTable('invoice')
        .set({ issuer_snapshot: JSON.stringify({ ...snapshot, operator: { name: row.name, oib: row.oib ?? null } }) })
        .where('id', '=', row.id)
        .execute();
    }
    after = Number(rows[rows.length - 1]!.id);
  }
}

/** Readers accept snapshots with or without the operator: nothing to take back. */
export async function down(): Promise<void> {}

import { sql } from 'kysely';
import { type InvoiceState, toEuroCents } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { takeLock } from '../../db/lockOrder';
import { writeContext } from './invoice.writeContext';

/**
 * The repository of `invoice_month_total`: per billing month and state, the euro amounts of issued
 * documents and the number of documents, kept by the invoice repository's own writes in the same
 * transaction (decision 009), so the dashboard of a year reads at most 24 rows and the list's count
 * at most a few dozen, however many invoices there are.
 *
 * Every document counts in `documents`, drafts too. Its amount counts once it is issued (PUBLISHED
 * or CLEARED), its total in euro cents converted at its own rate and rounded per document: the same
 * figure the dashboard used to add up invoice by invoice, so the sums stay exact.
 */

/** The columns a document's share of the totals depends on. */
export const TOTALS_COLUMNS = ['billing_date', 'state', 'total_cents', 'eur_fx_rate'] as const;

interface Share {
  billing_date: string;
  state: InvoiceState;
  total_cents: number;
  eur_fx_rate: string | null;
}

type Key = `${number}-${number}-${InvoiceState}`;
interface Amounts {
  eurCents: number;
  documents: number;
}

const issued = (state: InvoiceState) => state === 'PUBLISHED' || state === 'CLEARED';

/** The shares of these documents, keyed by year, month and state; a draft adds to the count only. */
function shares(rows: readonly Share[], sign: 1 | -1, into = new Map<Key, Amounts>()): Map<Key, Amounts> {
  for (const row of rows) {
    const key: Key = `${Number(row.billing_date.slice(0, 4))}-${Number(row.billing_date.slice(5, 7))}-${row.state}`;
    const share = into.get(key) ?? { eurCents: 0, documents: 0 };
    if (issued(row.state)) share.eurCents += sign * toEuroCents(Number(row.total_cents), row.eur_fx_rate || null);
    share.documents += sign;
    into.set(key, share);
  }
  return into;
}

function sharesOf(db: Db, ids: readonly number[]): Promise<Share[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('invoice').select([...TOTALS_COLUMNS]).where('id', 'in', [...ids]).execute();
}

/**
 * Collects the changes in the running invoice write; `flushTotals` stores them when its work is done,
 * so every month-total row a transaction changes is locked last and in one order (decision 024).
 */
function collect(db: Db, changes: Map<Key, Amounts>): void {
  const pending = writeContext(db, 'month totals changed').pendingTotals;
  for (const [key, delta] of changes) {
    const sum = pending.get(key) ?? { eurCents: 0, documents: 0 };
    pending.set(key, { eurCents: sum.eurCents + delta.eurCents, documents: sum.documents + delta.documents });
  }
}

/** Stores the changes an invoice write collected, in key order: its last locks (decision 024). */
export async function flushTotals(db: Db): Promise<void> {
  const pending = writeContext(db, 'month totals stored').pendingTotals;
  takeLock(db, 'monthTotals');
  await apply(db, pending as Map<Key, Amounts>);
  pending.clear();
}

/** Year, then month (as numbers), then state: the order month-total rows are locked in. */
function byMonth(a: Key, b: Key): number {
  const [ya, ma, sa] = a.split('-');
  const [yb, mb, sb] = b.split('-');
  return Number(ya) - Number(yb) || Number(ma) - Number(mb) || String(sa).localeCompare(String(sb));
}

/** Adds the changes to the stored totals, in key order (two writers never wait on each other in a circle). */
async function apply(db: Db, changes: Map<Key, Amounts>): Promise<void> {
  for (const key of [...changes.keys()].sort(byMonth)) {
    const delta = changes.get(key);
    if (!delta || (delta.eurCents === 0 && delta.documents === 0)) continue;
    const [year, month, state] = key.split('-') as [string, string, InvoiceState];
    await db
      .insertInto('invoice_month_total')
      .values({ year: Number(year), month: Number(month), state, eur_cents: delta.eurCents, documents: delta.documents })
      .onConflict((oc) =>
        oc.columns(['year', 'month', 'state']).doUpdateSet({
          eur_cents: sql`invoice_month_total.eur_cents + excluded.eur_cents`,
          documents: sql`invoice_month_total.documents + excluded.documents`,
        }),
      )
      .execute();
  }
}

/**
 * Runs `write` (which changes the documents `ids`, or the documents `find` returns) and moves their
 * shares of the totals from before to after it. `db` must be the caller's invoice write
 * (`writeDocuments`), which stores the moves when its work is done.
 */
export async function keepingTotals<T>(
  db: Db,
  ids: readonly number[] | ((db: Db) => Promise<readonly number[]>),
  write: () => Promise<T>,
): Promise<T> {
  const affected = typeof ids === 'function' ? await ids(db) : ids;
  const changes = shares(await sharesOf(db, affected), -1);
  const result = await write();
  shares(await sharesOf(db, affected), 1, changes);
  collect(db, changes);
  return result;
}

/** Adds a new document's share. */
export async function addShare(db: Db, id: number): Promise<void> {
  collect(db, shares(await sharesOf(db, [id]), 1));
}

export interface MonthTotal {
  month: number;
  state: InvoiceState;
  eurCents: number;
  documents: number;
}

/** The stored rows of a year that hold anything: `{ month, state, eurCents, documents }`. */
export async function monthTotals(db: Db, year: number): Promise<MonthTotal[]> {
  const rows = await db
    .selectFrom('invoice_month_total')
    .select(['month', 'state', 'eur_cents', 'documents'])
    .where('year', '=', year)
    .where((eb) => eb.or([eb('eur_cents', '!=', 0), eb('documents', '!=', 0)]))
    .orderBy('month')
    .orderBy('state')
    .execute();
  return rows.map((r) => ({ month: Number(r.month), state: r.state, eurCents: Number(r.eur_cents), documents: Number(r.documents) }));
}

/** How many documents (of a year, of a state) there are: the list's count without its text filters. */
export async function countDocuments(db: Db, filters: { year?: number | undefined; state?: InvoiceState | undefined }): Promise<number> {
  let query = db.selectFrom('invoice_month_total').select((eb) => eb.fn.sum<number | string | null>('documents').as('n'));
  if (filters.year !== undefined) query = query.where('year', '=', filters.year);
  if (filters.state !== undefined) query = query.where('state', '=', filters.state);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The years that have documents, newest first. */
export async function documentYears(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('invoice_month_total').select('year').where('documents', '>', 0).distinct().orderBy('year', 'desc').execute();
  return rows.map((r) => Number(r.year));
}

/**
 * The same rows computed from the documents themselves, reading every document of the year: what
 * `monthTotals` must always equal (tests), and what `rebuildMonthTotals` stores.
 */
export async function monthTotalsFromInvoices(db: Db, year?: number): Promise<(MonthTotal & { year: number })[]> {
  let query = db.selectFrom('invoice').select([...TOTALS_COLUMNS]);
  if (year !== undefined) {
    const y = String(year).padStart(4, '0');
    query = query.where('billing_date', '>=', `${y}-01-01`).where('billing_date', '<=', `${y}-12-31`);
  }
  const totals = shares(await query.execute(), 1);
  return [...totals.entries()]
    .filter(([, amounts]) => amounts.eurCents !== 0 || amounts.documents !== 0)
    .map(([key, amounts]) => {
      const [y, month, state] = key.split('-') as [string, string, InvoiceState];
      return { year: Number(y), month: Number(month), state, ...amounts };
    })
    .sort((a, b) => a.year - b.year || a.month - b.month || a.state.localeCompare(b.state));
}

/** Recomputes the whole table from the documents (after a bulk load that bypassed the repository). */
export async function rebuildMonthTotals(db: Db): Promise<void> {
  const rows = await monthTotalsFromInvoices(db);
  await db.deleteFrom('invoice_month_total').execute();
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('invoice_month_total')
      .values(rows.slice(i, i + 500).map((r) => ({ year: r.year, month: r.month, state: r.state, eur_cents: r.eurCents, documents: r.documents })))
      .execute();
  }
}

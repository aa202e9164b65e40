import { sql } from 'kysely';
import { type InvoiceState, toEuroCents } from '@faktura/shared';
import { compiledOnce } from '../../db/compiledOnce';
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
 * figure the dashboard used to add up invoice by invoice, so the sums stay exact. `paid_eur_cents`
 * is what the issued documents of the bucket have been paid (the sum of each one's payments, in its
 * currency, converted at its own rate and rounded per document; decision 028), so what is still
 * owed is `eur_cents - paid_eur_cents` of the PUBLISHED rows.
 *
 * `invoice_payment_month` holds the payments received per month of the day paid (each payment
 * converted at its invoice's rate and rounded on its own), kept by the payment writes
 * (`invoice.payment.repository.ts`), stored in the same last step.
 */

/** The columns a document's share of the totals depends on. */
export const TOTALS_COLUMNS = ['billing_date', 'state', 'total_cents', 'eur_fx_rate'] as const;

interface Share {
  billing_date: string;
  state: InvoiceState;
  total_cents: number;
  eur_fx_rate: string | null;
  /** The sum of its payments, in its currency (null: none). */
  paid_cents: number | string | null;
}

type Key = `${number}-${number}-${InvoiceState}`;
interface Amounts {
  eurCents: number;
  documents: number;
  paidEurCents: number;
}

const issued = (state: InvoiceState) => state === 'PUBLISHED' || state === 'CLEARED';

/** The shares of these documents, keyed by year, month and state; a draft adds to the count only. */
function shares(rows: readonly Share[], sign: 1 | -1, into = new Map<Key, Amounts>()): Map<Key, Amounts> {
  for (const row of rows) {
    const key: Key = `${Number(row.billing_date.slice(0, 4))}-${Number(row.billing_date.slice(5, 7))}-${row.state}`;
    const share = into.get(key) ?? { eurCents: 0, documents: 0, paidEurCents: 0 };
    if (issued(row.state)) {
      share.eurCents += sign * toEuroCents(Number(row.total_cents), row.eur_fx_rate || null);
      share.paidEurCents += sign * toEuroCents(Number(row.paid_cents ?? 0), row.eur_fx_rate || null);
    }
    share.documents += sign;
    into.set(key, share);
  }
  return into;
}

/** The documents' columns a share depends on, with the sum of each one's payments. */
function shareQuery(db: Db) {
  return db
    .selectFrom('invoice')
    .select([...TOTALS_COLUMNS])
    .select((eb) =>
      eb
        .selectFrom('invoice_payment')
        .select((p) => p.fn.sum<number | string | null>('invoice_payment.amount_cents').as('paid'))
        .whereRef('invoice_payment.invoice_id', '=', 'invoice.id')
        .as('paid_cents'),
    );
}

function sharesOf(db: Db, ids: readonly number[]): Promise<Share[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return shareQuery(db).where('invoice.id', 'in', [...ids]).execute();
}

/**
 * Collects the changes in the running invoice write; `flushTotals` stores them when its work is done,
 * so every month-total row a transaction changes is locked last and in one order (decision 024).
 */
function collect(db: Db, changes: Map<Key, Amounts>): void {
  const pending = writeContext(db, 'month totals changed').pendingTotals;
  for (const [key, delta] of changes) {
    const sum = pending.get(key) ?? { eurCents: 0, documents: 0, paidEurCents: 0 };
    pending.set(key, {
      eurCents: sum.eurCents + delta.eurCents,
      documents: sum.documents + delta.documents,
      paidEurCents: sum.paidEurCents + delta.paidEurCents,
    });
  }
}

/**
 * Collects a change of the payments received in the month of `paidOn`: a payment recorded (+1) or
 * deleted (-1), its euro cents at its invoice's rate, rounded on its own.
 */
export function collectPaymentMonth(db: Db, paidOn: string, eurCents: number, payments: 1 | -1): void {
  const pending = writeContext(db, 'payment months changed').pendingPaymentMonths;
  const key = `${Number(paidOn.slice(0, 4))}-${Number(paidOn.slice(5, 7))}`;
  const sum = pending.get(key) ?? { eurCents: 0, payments: 0 };
  pending.set(key, { eurCents: sum.eurCents + eurCents, payments: sum.payments + payments });
}

/** Stores the changes an invoice write collected, in key order: its last locks (decision 024). */
export async function flushTotals(db: Db): Promise<void> {
  const pending = writeContext(db, 'month totals stored').pendingTotals;
  takeLock(db, 'monthTotals');
  await apply(db, pending as Map<Key, Amounts>);
  pending.clear();
  const months = writeContext(db, 'payment months stored').pendingPaymentMonths;
  await applyPaymentMonths(db, months);
  months.clear();
}

/** Adds the changes of the payments received per month, by ascending year and month. */
async function applyPaymentMonths(db: Db, changes: Map<string, { eurCents: number; payments: number }>): Promise<void> {
  const keys = [...changes.keys()].map((key) => key.split('-').map(Number) as [number, number]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  for (const [year, month] of keys) {
    const delta = changes.get(`${year}-${month}`);
    if (!delta || (delta.eurCents === 0 && delta.payments === 0)) continue;
    await db
      .insertInto('invoice_payment_month')
      .values({ year, month, eur_cents: delta.eurCents, payments: delta.payments })
      .onConflict((oc) =>
        oc.columns(['year', 'month']).doUpdateSet({
          eur_cents: sql`invoice_payment_month.eur_cents + excluded.eur_cents`,
          payments: sql`invoice_payment_month.payments + excluded.payments`,
        }),
      )
      .execute();
  }
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
    if (!delta || (delta.eurCents === 0 && delta.documents === 0 && delta.paidEurCents === 0)) continue;
    const [year, month, state] = key.split('-') as [string, string, InvoiceState];
    await db
      .insertInto('invoice_month_total')
      .values({
        year: Number(year),
        month: Number(month),
        state,
        eur_cents: delta.eurCents,
        documents: delta.documents,
        paid_eur_cents: delta.paidEurCents,
      })
      .onConflict((oc) =>
        oc.columns(['year', 'month', 'state']).doUpdateSet({
          eur_cents: sql`invoice_month_total.eur_cents + excluded.eur_cents`,
          documents: sql`invoice_month_total.documents + excluded.documents`,
          paid_eur_cents: sql`invoice_month_total.paid_eur_cents + excluded.paid_eur_cents`,
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
  paidEurCents: number;
}

/** The stored rows of a year that hold anything: `{ month, state, eurCents, documents, paidEurCents }`. */
export async function monthTotals(db: Db, year: number): Promise<MonthTotal[]> {
  const { rows } = await monthTotalsStatement(db, { year });
  return rows.map((r) => ({
    month: Number(r.month),
    state: r.state,
    eurCents: Number(r.eur_cents),
    documents: Number(r.documents),
    paidEurCents: Number(r.paid_eur_cents),
  }));
}

// the dashboard's statements, built once (on PostgreSQL also prepared once per connection)
const monthTotalsStatement = compiledOnce((db: Db, v: { year: number }) =>
  db
    .selectFrom('invoice_month_total')
    .select(['month', 'state', 'eur_cents', 'documents', 'paid_eur_cents'])
    .where('year', '=', v.year)
    .where((eb) => eb.or([eb('eur_cents', '!=', 0), eb('documents', '!=', 0), eb('paid_eur_cents', '!=', 0)]))
    .orderBy('month')
    .orderBy('state'),
);

export interface PaymentMonth {
  month: number;
  eurCents: number;
  payments: number;
}

/** The payments received in each month of a year that had any (at most 12 rows). */
export async function paymentMonths(db: Db, year: number): Promise<PaymentMonth[]> {
  const { rows } = await paymentMonthsStatement(db, { year });
  return rows.map((r) => ({ month: Number(r.month), eurCents: Number(r.eur_cents), payments: Number(r.payments) }));
}

const paymentMonthsStatement = compiledOnce((db: Db, v: { year: number }) =>
  db
    .selectFrom('invoice_payment_month')
    .select(['month', 'eur_cents', 'payments'])
    .where('year', '=', v.year)
    .where((eb) => eb.or([eb('eur_cents', '!=', 0), eb('payments', '!=', 0)]))
    .orderBy('month'),
);

/** The same computed from the payments themselves (tests; `rebuildMonthTotals`). */
export async function paymentMonthsFromPayments(db: Db, year?: number): Promise<(PaymentMonth & { year: number })[]> {
  let query = db
    .selectFrom('invoice_payment')
    .innerJoin('invoice', 'invoice.id', 'invoice_payment.invoice_id')
    .select(['invoice_payment.paid_on', 'invoice_payment.amount_cents', 'invoice.eur_fx_rate']);
  if (year !== undefined) {
    const y = String(year).padStart(4, '0');
    query = query.where('invoice_payment.paid_on', '>=', `${y}-01-01`).where('invoice_payment.paid_on', '<=', `${y}-12-31`);
  }
  const sums = new Map<string, { year: number; month: number; eurCents: number; payments: number }>();
  for (const row of await query.execute()) {
    const key = row.paid_on.slice(0, 7);
    const sum = sums.get(key) ?? { year: Number(key.slice(0, 4)), month: Number(key.slice(5, 7)), eurCents: 0, payments: 0 };
    sum.eurCents += toEuroCents(Number(row.amount_cents), row.eur_fx_rate || null);
    sum.payments += 1;
    sums.set(key, sum);
  }
  return [...sums.values()].filter((s) => s.payments !== 0).sort((a, b) => a.year - b.year || a.month - b.month);
}

/** How many documents (of a year, of a state) there are: the list's count without its text filters. */
export function countDocumentsQuery(db: Db, filters: { year?: number | undefined; state?: InvoiceState | undefined }) {
  let query = db.selectFrom('invoice_month_total').select((eb) => eb.fn.sum<number | string | null>('documents').as('n'));
  if (filters.year !== undefined) query = query.where('year', '=', filters.year);
  if (filters.state !== undefined) query = query.where('state', '=', filters.state);
  return query;
}

/** The years that have documents, newest first. */
export async function documentYears(db: Db): Promise<number[]> {
  const { rows } = await documentYearsStatement(db, {});
  return rows.map((r) => Number(r.year));
}

const documentYearsStatement = compiledOnce((db: Db, _: Record<string, never>) =>
  db.selectFrom('invoice_month_total').select('year').where('documents', '>', 0).distinct().orderBy('year', 'desc'),
);

/**
 * The same rows computed from the documents themselves, reading every document of the year: what
 * `monthTotals` must always equal (tests), and what `rebuildMonthTotals` stores.
 */
export async function monthTotalsFromInvoices(db: Db, year?: number): Promise<(MonthTotal & { year: number })[]> {
  let query = shareQuery(db);
  if (year !== undefined) {
    const y = String(year).padStart(4, '0');
    query = query.where('invoice.billing_date', '>=', `${y}-01-01`).where('invoice.billing_date', '<=', `${y}-12-31`);
  }
  const totals = shares(await query.execute(), 1);
  return [...totals.entries()]
    .filter(([, amounts]) => amounts.eurCents !== 0 || amounts.documents !== 0 || amounts.paidEurCents !== 0)
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
      .values(
        rows
          .slice(i, i + 500)
          .map((r) => ({ year: r.year, month: r.month, state: r.state, eur_cents: r.eurCents, documents: r.documents, paid_eur_cents: r.paidEurCents })),
      )
      .execute();
  }
  const months = await paymentMonthsFromPayments(db);
  await db.deleteFrom('invoice_payment_month').execute();
  for (let i = 0; i < months.length; i += 500) {
    await db
      .insertInto('invoice_payment_month')
      .values(months.slice(i, i + 500).map((m) => ({ year: m.year, month: m.month, eur_cents: m.eurCents, payments: m.payments })))
      .execute();
  }
}

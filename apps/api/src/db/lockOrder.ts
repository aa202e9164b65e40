import type { Db } from './connection';

/**
 * The one order in which a write transaction takes its locks (decision 024). PostgreSQL aborts one of
 * two transactions that wait for each other's locks (a deadlock, 500 for its client); transactions
 * that all take their locks in one global order never wait in a circle. SQLite runs one writer at a
 * time (BEGIN IMMEDIATE) and needs no order, but keeps the same bookkeeping, so a path that breaks
 * the order fails its tests on either database.
 *
 * 1. `documents`      the invoice rows the transaction changes: the families (an invoice and its
 *                     credit notes) of the documents it names, root rows by ascending id, then their
 *                     credit notes (`writeDocuments`, modules/invoice/invoice.write.ts); all at once,
 *                     before anything else.
 * 2. `counter`        the `invoice_counter` row of the sequence a number is taken from or given back to.
 * 3. `auditHead`      the head of the audit chain (`record`, db/audit.ts).
 * 4. `idempotencyKey` the request's own `idempotency_key` row, when its answer is stored (`finish`).
 * 5. `monthTotals`    the `invoice_month_total` rows, by ascending (year, month, state), then the
 *                     `invoice_payment_month` rows by ascending (year, month) (decision 028), written
 *                     all at once when the work is done (the writes before only collect the changes).
 *
 * A transaction may skip any of them; it may never take one after a later one.
 */
export const LOCK_ORDER = ['documents', 'counter', 'auditHead', 'idempotencyKey', 'monthTotals'] as const;
export type LockKind = (typeof LOCK_ORDER)[number];

/** A write path that breaks decision 024: a programming error, never the client's. */
export class LockOrderError extends Error {
  override readonly name = 'LockOrderError';
}

interface Ledger {
  /** The index in LOCK_ORDER of the latest kind taken (-1: none yet). */
  reached: number;
}

const ledgers = new WeakMap<object, Ledger>();

/** Whether `trx` is a transaction opened by `orderedTransaction`. */
export function isOrdered(trx: Db): boolean {
  return ledgers.has(trx);
}

/**
 * Notes that `trx` now takes a lock of `kind`. Throws `LockOrderError` when the transaction already
 * took a later kind, or (`required`, the default) when it is not an ordered transaction at all: the
 * invoice tables are written only inside one. The audit head is also taken by transactions outside
 * the invoice module (the issuer, the e-invoice download) that lock nothing else of the list; those
 * pass `required: false`.
 */
export function takeLock(trx: Db, kind: LockKind, required = true): void {
  const ledger = ledgers.get(trx);
  if (!ledger) {
    if (required) throw new LockOrderError(`${kind} locked outside an ordered write transaction (decision 024)`);
    return;
  }
  const index = LOCK_ORDER.indexOf(kind);
  if (index < ledger.reached) {
    throw new LockOrderError(`${kind} locked after ${LOCK_ORDER[ledger.reached] ?? '?'}: the lock order is ${LOCK_ORDER.join(' → ')} (decision 024)`);
  }
  ledger.reached = index;
}

/** PostgreSQL's codes for a transaction aborted to break a lock cycle or a serialization conflict. */
const RETRYABLE = new Set(['40P01', '40001']);
export const MAX_ATTEMPTS = 4;

export function isRetryable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && RETRYABLE.has(String((error as { code?: unknown }).code));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `body` in a write transaction whose locks are checked against LOCK_ORDER. Should PostgreSQL
 * still abort it as a deadlock victim or for a serialization failure, the whole transaction (its
 * audit entry and stored idempotent answer included, which roll back with it) runs again after a
 * short random pause, up to MAX_ATTEMPTS times in all; `body` must therefore do nothing outside the
 * transaction. `attempts` (tests) counts the runs.
 */
export async function orderedTransaction<T>(
  db: Db,
  body: (trx: Db) => Promise<T>,
  attempts?: { runs: number },
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    if (attempts) attempts.runs = attempt;
    try {
      return await db.transaction().execute((trx) => {
        ledgers.set(trx, { reached: -1 });
        return body(trx);
      });
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
      // jittered, growing: two victims of one cycle do not collide again at once
      await pause(Math.random() * 15 * 2 ** attempt);
    }
  }
}

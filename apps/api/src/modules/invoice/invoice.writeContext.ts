import type { Db } from '../../db/connection';
import { LockOrderError } from '../../db/lockOrder';

/**
 * What an invoice write transaction (`writeDocuments`, invoice.write.ts) knows about itself while it
 * runs (decision 024): the invoice rows it holds locked (the families it locked first, and the
 * documents it inserted), and the month-total changes it has collected, written when its work is
 * done. The repositories ask for it on every write, so a write outside `writeDocuments`, or of a row
 * it did not lock first, throws instead of risking a lock cycle.
 */
export interface WriteContext {
  held: Set<number>;
  /** Month-total changes by `year-month-state`, applied in key order at the end. */
  pendingTotals: Map<string, { eurCents: number; documents: number; paidEurCents: number }>;
  /** Changes of the payments received per month (`year-month` of the day paid), applied after them. */
  pendingPaymentMonths: Map<string, { eurCents: number; payments: number }>;
}

const contexts = new WeakMap<object, WriteContext>();

export function openWriteContext(trx: Db, held: Iterable<number>): WriteContext {
  const context: WriteContext = { held: new Set(held), pendingTotals: new Map(), pendingPaymentMonths: new Map() };
  contexts.set(trx, context);
  return context;
}

/** The running invoice write of `trx`; throws when `trx` is not one. */
export function writeContext(trx: Db, what: string): WriteContext {
  const context = contexts.get(trx);
  if (!context) throw new LockOrderError(`${what} outside writeDocuments (decision 024)`);
  return context;
}

/** Throws unless the transaction holds the row of every one of `ids` (locked first, or inserted by it). */
export function assertHeld(trx: Db, ids: readonly number[], what: string): void {
  const { held } = writeContext(trx, what);
  const loose = ids.filter((id) => !held.has(id));
  if (loose.length > 0) throw new LockOrderError(`${what}: invoice ${loose.join(', ')} was not locked first by writeDocuments (decision 024)`);
}

import type { Db } from '../../db/connection';
import { orderedTransaction } from '../../db/lockOrder';
import { lockFamilies } from './invoice.locks.repository';
import { flushTotals } from './invoice.monthTotals.repository';
import { openWriteContext } from './invoice.writeContext';

/**
 * The one way to write invoices (decision 024): a transaction that first locks the families of
 * `documents` (the invoices and credit notes the verb will change, by id; none to create one), then
 * runs `body`, then stores the month totals its writes collected. Lock order, checked as it goes
 * (db/lockOrder.ts): documents → number counter → audit head → idempotency key → month totals. On
 * PostgreSQL a deadlock or serialization failure that still happens runs the whole transaction
 * again (a few times at most), so `body` must do nothing outside it.
 *
 * The invoice repository refuses to change a row this transaction has not locked (or inserted), and
 * the month totals, counters and stored answers refuse to be written outside such a transaction or
 * out of order: a new write path that skips this fails its first test.
 */
export function writeDocuments<T>(db: Db, documents: readonly number[], body: (trx: Db) => Promise<T>): Promise<T> {
  return orderedTransaction(db, async (trx) => {
    openWriteContext(trx, await lockFamilies(trx, documents));
    const result = await body(trx);
    await flushTotals(trx);
    return result;
  });
}

import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/connection';
import { takeLock } from '../../db/lockOrder';
import type { QuoteLineTable, QuoteTable } from '../../db/schema';

/** Every statement on `quote`, `quote_line` and `quote_counter` (decision 043). */

export type QuoteRow = Selectable<QuoteTable> & { client_name: string; invoice_number: string | null; invoice_exists: number | null };
export type QuoteLineRow = Selectable<QuoteLineTable>;
export type QuoteValues = Omit<Insertable<QuoteTable>, 'id'>;
export type QuoteLineValues = Omit<Insertable<QuoteLineTable>, 'id' | 'quote_id' | 'position'>;

/**
 * The next number of the year's quote sequence, inside the caller's ordered transaction: the UPDATE
 * locks the row (PostgreSQL) or runs under BEGIN IMMEDIATE (SQLite); a rollback gives the number back.
 */
export async function takeNextNumber(db: Db, year: number): Promise<number> {
  takeLock(db, 'counter');
  await db.insertInto('quote_counter').values({ number_year: year, last_seq: 0 }).onConflict((oc) => oc.column('number_year').doNothing()).execute();
  const row = await db
    .updateTable('quote_counter')
    .set((eb) => ({ last_seq: eb('last_seq', '+', 1) }))
    .where('number_year', '=', year)
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return row.last_seq;
}

/** Gives the newest number of a year back (a deleted newest draft); nothing when it is no longer the newest. */
export async function releaseNumber(db: Db, year: number, seq: number): Promise<void> {
  takeLock(db, 'counter');
  await db.updateTable('quote_counter').set({ last_seq: seq - 1 }).where('number_year', '=', year).where('last_seq', '=', seq).execute();
}

export async function insertQuote(db: Db, values: QuoteValues): Promise<number> {
  const row = await db.insertInto('quote').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateQuote(db: Db, id: number, values: Partial<QuoteValues>): Promise<void> {
  await db.updateTable('quote').set(values).where('id', '=', id).execute();
}

/**
 * Links the invoice made from a quote and marks it accepted, only while it is still as read
 * (`invoice_id` unchanged): of two conversions at once, the second changes nothing (false).
 */
export async function markConverted(db: Db, id: number, from: number | null, invoiceId: number, at: string): Promise<boolean> {
  const query = db.updateTable('quote').set({ invoice_id: invoiceId, state: 'ACCEPTED', decided_at: at, updated_at: at }).where('id', '=', id);
  const result = await (from === null ? query.where('invoice_id', 'is', null) : query.where('invoice_id', '=', from)).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function replaceLines(db: Db, quoteId: number, lines: readonly QuoteLineValues[]): Promise<void> {
  await db.deleteFrom('quote_line').where('quote_id', '=', quoteId).execute();
  if (lines.length === 0) return;
  await db
    .insertInto('quote_line')
    .values(lines.map((line, position) => ({ ...line, quote_id: quoteId, position })))
    .execute();
}

export async function deleteQuote(db: Db, id: number): Promise<void> {
  await db.deleteFrom('quote_line').where('quote_id', '=', id).execute();
  await db.deleteFrom('quote').where('id', '=', id).execute();
}

/** One statement per read: the quote with its client's name and the invoice made from it. */
function withNames(db: Db) {
  return db
    .selectFrom('quote')
    .innerJoin('company', 'company.id', 'quote.client_id')
    .leftJoin('invoice', 'invoice.id', 'quote.invoice_id')
    .selectAll('quote')
    .select(['company.name as client_name', 'invoice.invoice_number as invoice_number', 'invoice.id as invoice_exists']);
}

export async function findQuote(db: Db, id: number): Promise<QuoteRow | undefined> {
  return (await withNames(db).where('quote.id', '=', id).executeTakeFirst());
}

export async function linesOf(db: Db, quoteId: number): Promise<QuoteLineRow[]> {
  return db.selectFrom('quote_line').selectAll().where('quote_id', '=', quoteId).orderBy('position').execute();
}

/**
 * The list, newest first, by status on `today` (EXPIRED: a draft or sent quote whose last valid day
 * has passed; DRAFT and SENT: those still valid).
 */
export async function listQuotes(db: Db, status: string | undefined, today: string): Promise<QuoteRow[]> {
  let query = withNames(db);
  if (status === 'EXPIRED') query = query.where('quote.state', 'in', ['DRAFT', 'SENT']).where('quote.valid_until', '<', today);
  else if (status === 'DRAFT' || status === 'SENT') query = query.where('quote.state', '=', status).where('quote.valid_until', '>=', today);
  else if (status) query = query.where('quote.state', '=', status);
  return (await query.orderBy('quote.number_year', 'desc').orderBy('quote.number_seq', 'desc').execute());
}

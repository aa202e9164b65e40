import { CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { listedPageQuery, overdueForeignQuery, overdueOfYearQuery } from '../src/modules/invoice/invoice.listing.repository';
import { dbKind } from './harness';
import { type InvoiceWorld, invoiceBody, line, today, useInvoiceWorld } from './invoiceFixtures';
import type { Harness } from './harness';

/**
 * What keeps the list and the dashboard fast however many invoices there are (decisions 009, 028):
 * SQLite's planner, with the statistics a running database has (ANALYZE), looks up each row's credit
 * notes by `invoice_credited_idx` instead of scanning the invoice table once per row. Over every row
 * that index held one value (NULL) for nearly all of them and SQLite judged it useless: the dashboard
 * took ~0.9 s at 10,000 invoices. PostgreSQL's statistics know the share of NULLs; its planner picks a
 * scan for a table this small whatever the indexes, so its plan says nothing here (the bench measures it).
 */
let h: Harness;
let w: InvoiceWorld;
useInvoiceWorld({ ready: (world) => ({ h, w } = world) });

/** SQLite's plan of a statement, a line per step. */
const plan = async (query: { compile: () => { sql: string; parameters: readonly unknown[] } }) => {
  const { sql: text, parameters } = query.compile();
  const result = await h.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${text}`, [...parameters]));
  return result.rows.map((row) => row.detail).join('\n');
};

describe('query plans at scale', () => {
  it.skipIf(dbKind === 'postgres')('the list page and the overdue invoices look up credit notes by index, not by a scan per row (SQLite)', async () => {
    const { token } = await h.login();
    const issued = await h.request('POST', '/api/v1/invoice', { token, body: invoiceBody(w.hr, [line(w.dev, 50, 8, { kpdCode: '62.10.11' })], { billingDate: today, deliveryDate: today }) });
    expect(issued.statusCode, issued.body).toBe(201);
    // five hundred drafts like it: credit notes are rare, so nearly every row has no credited invoice
    const template = await h.db.selectFrom('invoice').selectAll().where('state', '=', 'PUBLISHED').executeTakeFirstOrThrow();
    const { id: _id, ...copy } = template;
    const drafts = Array.from({ length: 500 }, () => ({ ...copy, state: 'DRAFT' as const, invoice_number: null, number_seq: null, number_year: null }));
    for (let i = 0; i < drafts.length; i += 100) await h.db.insertInto('invoice').values(drafts.slice(i, i + 100)).execute();
    await sql`analyze`.execute(h.db);

    const year = Number(today.slice(0, 4));
    for (const query of [
      listedPageQuery(h.db, { page: 1, pageSize: 50 }, today),
      // searching by number sorts the matches (exact, prefix, the rest: issue 31), still one statement
      listedPageQuery(h.db, { page: 1, pageSize: 50, q: '4/POSL1' }, today),
      overdueOfYearQuery(h.db, year, today),
      overdueForeignQuery(h.db, year, today),
    ]) {
      const steps = await plan(query);
      expect(steps).toMatch(/SEARCH note USING (COVERING )?INDEX invoice_credited_idx/);
      expect(steps).not.toMatch(/SCAN note/);
    }
    // the overdue count and the euro totals read the index alone, no invoice row (issue 33, S1)
    expect(await plan(overdueOfYearQuery(h.db, year, today))).toMatch(/SEARCH invoice USING COVERING INDEX invoice_overdue_idx/);
  });
});

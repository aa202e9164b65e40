import { describe, expect, it } from 'vitest';
import { shapesBuiltPerCall } from '../src/db/compiledOnce';
import { preparedName } from '../src/db/preparedStatements';
import { dataOf, dbKind } from './harness';
import { invoiceBody, line, mixedYear, today, useInvoiceWorld } from './invoiceFixtures';
import { statementsOf } from './statements';

// issue 33 item 1: what a screen costs in statements (round trips on PostgreSQL), the sign-in check included
const world = useInvoiceWorld({
  invoices: (w) => ({
    ...mixedYear(w),
    draft: { body: { ...invoiceBody(w.hr, [line(w.dev, 10)]), draft: true } },
    credited: { body: invoiceBody(w.hr, [line(w.dev, 45, 10), line(w.rent, 300)]), creditNote: { reason: 'Dva sata manje', lines: [{ line: 0, quantity: 2 }] } },
    second: { creditNoteOf: 'credited', creditNote: { reason: 'Još jedan sat', lines: [{ line: 0, quantity: 1 }] } },
  }),
  seed: async ({ h, token, invoices }) => {
    const res = await h.request('POST', `/api/v1/invoice/${invoices.overdueRent.id}/payment`, { token, body: { date: today, method: 'TRANSFER', amount: 100 } });
    if (res.statusCode !== 201) throw new Error(res.body);
  },
});

const statementsOfGet = async (url: string) => {
  let status = 0;
  const statements = await statementsOf(async () => {
    status = (await world.h.request('GET', url, { token: world.token })).statusCode;
  });
  expect(status, url).toBe(200);
  // PostgreSQL plans each once per connection: every one goes as a named prepared statement
  if (dbKind === 'postgres') for (const { sql } of statements) expect(preparedName(sql), `${url}: ${sql}`).toMatch(/^faktura_[0-9a-f]{32}$/);
  return statements.map((s) => s.sql);
};

describe('statements per screen (at most 3: the sign-in check and two reads; the dashboard\'s side by side)', () => {
  it('the invoice list, whatever its filters', async () => {
    for (const query of ['', '?year=2020', '?state=PUBLISHED', '?q=nordlicht', '?q=1%2FPOSL', '?overdue=1', '?notInvoicedThisMonth=1', '?fiscalStatus=NOT_REQUIRED', '?pageSize=2&page=3', '?delivery=NOT_SENT', '?delivery=PENDING', '?year=2026&state=PUBLISHED&q=2%2FPOSL&overdue=1']) {
      const statements = await statementsOfGet(`/api/v1/invoice/list${query}`);
      expect(statements.length, `${query}\n${statements.join('\n')}`).toBeLessThanOrEqual(3);
    }
  });

  it('the invoice detail: a draft, an issued, a paid, a credited invoice and its credit note', async () => {
    const { invoices } = world;
    const notes = dataOf<{ creditNotes: { id: number }[] }>(await world.h.request('GET', `/api/v1/invoice/${invoices.credited.id}`, { token: world.token })).creditNotes;
    expect(notes).toHaveLength(2);
    for (const id of [invoices.draft.id, invoices.dollars.id, invoices.overdueRent.id, invoices.cleared.id, invoices.credited.id, notes[0]?.id ?? 0]) {
      const statements = await statementsOfGet(`/api/v1/invoice/${id}`);
      expect(statements.length, `${id}\n${statements.join('\n')}`).toBeLessThanOrEqual(3);
    }
  });

  it('the invoice detail of an advance and of the final invoice deducting it (issue 48)', async () => {
    const { h, token, w } = world;
    const advance = await h.request('POST', '/api/v1/advance', {
      token,
      body: { clientId: w.hr, description: 'Predujam', parts: [{ vatRate: 25, amount: 125 }], paymentMethod: 'WIRE', paidOn: today },
    });
    expect(advance.statusCode, advance.body).toBe(201);
    const advanceId = dataOf<{ id: number }>(advance).id;
    const final = await h.request('POST', '/api/v1/invoice', {
      token,
      body: invoiceBody(w.hr, [line(w.dev, 200, 1, { kpdCode: '62.10.11' })], { billingDate: today, deliveryDate: today, advanceIds: [advanceId] }),
    });
    expect(final.statusCode, final.body).toBe(201);
    for (const id of [advanceId, dataOf<{ id: number }>(final).id]) {
      const statements = await statementsOfGet(`/api/v1/invoice/${String(id)}`);
      expect(statements.length, `${String(id)}\n${statements.join('\n')}`).toBeLessThanOrEqual(3);
    }
  });

  it('the dashboard: its statements side by side (round trips at once on PostgreSQL), each built once', async () => {
    for (const query of ['', `?year=${today.slice(0, 4)}`, '?year=2020']) {
      const statements = await statementsOfGet(`/api/v1/dashboard${query}`);
      expect(statements.length, `${query}\n${statements.join('\n')}`).toBeLessThanOrEqual(10);
    }
  });

  it('builds each of these statements once (compiledOnce): none of their shapes is built per call', () => {
    expect(shapesBuiltPerCall()).toEqual([]);
  });
});

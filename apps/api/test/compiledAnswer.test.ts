import { describe, expect, it } from 'vitest';
import { contract } from '@faktura/shared';
import { sampleInvoice, sampleListRow } from '@faktura/shared/samples';
import { compiledAnswer } from '../src/http/compiledAnswer';

// issue 33 item 2: the list and the detail written by their compiled schema, byte for byte as zod's check + JSON.stringify
const writer = (schema: unknown) => compiledAnswer({ schema, method: 'GET', url: '/', httpStatus: '200' });
const asBefore = (schema: { parse: (value: unknown) => unknown }, value: unknown) => JSON.stringify(schema.parse(value));

describe('compiledAnswer', () => {
  const detail = contract.invoice.get.response[200];
  const list = contract.invoice.list.response[200];

  it('writes the detail as JSON.stringify of the checked answer: nulls, nullable objects and enums, texts to escape', () => {
    const write = writer(detail);
    const invoice = sampleInvoice();
    const variants = [
      invoice,
      { ...invoice, servicePeriod: { start: '2026-01-01', end: '2026-01-31' }, contractType: null, creditStatus: 'PARTIAL' as const },
      { ...invoice, extraInfo: 'Navodnici " i \\ kosa crta, novi\nred, \u2028, emoji 🧾, NUL-free ünïcödé', client: '</script>' },
      { ...invoice, creditedInvoice: { id: 7, number: null, billingDate: '2026-02-01' }, eurFxRate: '1.0825', paidState: null },
    ];
    for (const value of variants) expect(write({ data: value })).toBe(asBefore(detail, { data: value }));
  });

  it('writes the list as before, and leaves out what the contract does not name, as zod did', () => {
    const write = writer(list);
    const rows = [sampleListRow(), sampleListRow({ id: 2, invoiceNumber: null, paidState: null, outstandingCents: null, fiscalStatus: 'FAILED', deliveryStatus: null })];
    const answer = { data: rows, filters: [{ key: 'year', facets: [{ value: '2026', isSelected: true }] }], page: { page: 1, pageSize: 50, total: 2 } };
    expect(write(answer)).toBe(asBefore(list, answer));
    const extra = { ...answer, data: rows.map((row) => ({ ...row, internal: 'secret' })), more: 1 };
    expect(write(extra)).toBe(asBefore(list, extra));
    expect(write(extra)).not.toContain('secret');
  });
});

import { addDays } from '@faktura/shared';
import { describe, expect, it } from 'vitest';
import { type Harness, dataOf, errorsOf } from './harness';
import { invoiceBody, line, today, useInvoiceWorld, type InvoiceWorld } from './invoiceFixtures';

let h: Harness;
let token: string;
let w: InvoiceWorld;
useInvoiceWorld({ inVatSystem: false, ready: (world) => ({ h, token, w } = world) });

interface Earliest {
  date: string;
  reason: 'LAST_ISSUED' | 'YEAR_LIMIT';
  lastIssued: { billingDate: string; number: string } | null;
}
const year = Number(today.slice(0, 4));
const earliest = async () =>
  dataOf<{ earliestBillingDate: Earliest }>(await h.request('GET', '/screen/v1/invoice/new', { token })).earliestBillingDate;
const issueOn = async (date: string) =>
  h.request('POST', '/api/v1/invoice', {
    token,
    body: invoiceBody(w.hr, [line(w.dev, 45)], { billingDate: date, deliveryDate: date, paymentDueDate: today }),
  });

describe('the earliest issuable billing date in the new-invoice data package (issue 12)', () => {
  it('is 1 January of the previous year while the sequence is empty', async () => {
    expect(await earliest()).toEqual({ date: `${year - 1}-01-01`, reason: 'YEAR_LIMIT', lastIssued: null });
  });

  it("follows last year's latest invoice while this year's sequence is empty", async () => {
    const number = dataOf<{ number: string }>(await issueOn(`${year - 1}-06-15`)).number;
    expect(await earliest()).toEqual({ date: `${year - 1}-06-15`, reason: 'LAST_ISSUED', lastIssued: { billingDate: `${year - 1}-06-15`, number } });
  });

  it("is this year's latest invoice once there is one, and the server takes that day but refuses the one before", async () => {
    const first = `${year}-01-01` > addDays(today, -3) ? today : addDays(today, -3);
    const number = dataOf<{ number: string }>(await issueOn(first)).number;
    const answer = await earliest();
    expect(answer).toEqual({ date: first, reason: 'LAST_ISSUED', lastIssued: { billingDate: first, number } });
    if (first > `${year}-01-01`) {
      const refused = await issueOn(addDays(answer.date, -1));
      expect(refused.statusCode).toBe(409);
      expect(errorsOf(refused)[0]?.code).toBe('billingBeforeLastIssued');
    }
    expect((await issueOn(answer.date)).statusCode).toBe(201);
  });

  it('counts credit notes: they share the sequence', async () => {
    const invoice = dataOf<{ id: number }>(await issueOn(today));
    const note = await h.request('POST', `/api/v1/invoice/${invoice.id}/credit-note`, { token, body: { reason: 'Storno', billingDate: today } });
    expect(note.statusCode).toBe(201);
    const noteNumber = dataOf<{ number: string }>(note).number;
    expect(await earliest()).toEqual({ date: today, reason: 'LAST_ISSUED', lastIssued: { billingDate: today, number: noteNumber } });
  });

  it('ignores drafts, which have no number yet', async () => {
    const draft = await h.request('POST', '/api/v1/invoice', {
      token,
      body: invoiceBody(w.hr, [line(w.dev, 45)], { billingDate: today, deliveryDate: today, paymentDueDate: today, draft: true }),
    });
    expect(draft.statusCode).toBe(201);
    expect((await earliest()).lastIssued?.number).toMatch(/\/POSL1\/1$/);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { type Invoice, type InvoiceDelivery, type ReissueResult, todayInZagreb } from '@faktura/shared';
import { deliveryRound } from '../../src/modules/delivery';
import { type Harness, SECRET, dataOf, errorsOf } from '../harness';
import { invoiceBody, line, type InvoiceWorld } from '../invoiceFixtures';
import { type FiscalWorld, fiscalSteps, useFiscalWorld } from '../fiscalization/world';
import type { MerDouble } from './merDouble';
import { useMerDouble } from './merWorld';

/**
 * A buyer's rejection of an issued e-invoice (issue 47, decision 041), on SQLite and PostgreSQL: it
 * comes back from moj-eRačun's document process status (its HTTPS double), on "Refresh status" and by
 * the worker's windowed round for a document no longer polled, shown on the invoice with its reason
 * type and text, filtered in the list, counted on the dashboard, recorded in the audit trail once
 * however often it is read. Storno and re-issue issues the storno credit note and ties the rejected
 * invoice, the storno and the new invoice together; numbering stays gapless; refusals say why.
 */
let h: Harness;
let token: string;
let w: InvoiceWorld;
let world: FiscalWorld;
let mer: MerDouble;
useFiscalWorld((ready) => ({ h, token, w } = world = ready));
const { issue } = fiscalSteps(() => world);
const { account: { password: PASSWORD }, configure } = useMerDouble(() => world, (started) => (mer = started), { password: 'MER lozinka 47', validate: false });
beforeAll(async () => {
  const res = await configure();
  if (res.statusCode !== 200) throw new Error(res.body);
});

const send = async (id: number) => dataOf<InvoiceDelivery>(await h.request('POST', `/api/v1/invoice/${id}/einvoice/send`, { token, body: {} }));
const refresh = (id: number) => h.request('POST', `/api/v1/invoice/${id}/einvoice/refresh`, { token });
const detail = async (id: number, lang = 'hr') => dataOf<Invoice>(await h.request('GET', `/api/v1/invoice/${id}`, { token, lang }));
const reissue = (id: number, lang = 'hr') => h.request('POST', `/api/v1/invoice/${id}/reissue`, { token, lang });
const deps = (at?: Date) => ({ db: h.db, secret: SECRET, ...(at ? { now: () => at } : {}) });
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
type Entry = { action: string; operator: string | null; details: Record<string, unknown> };
const history = async (id: number) => dataOf<Entry[]>(await h.request('GET', `/api/v1/audit?invoiceId=${id}`, { token }));
const listRows = async (query = '') => dataOf<{ id: number; buyerRejected: boolean }[]>(await h.request('GET', `/api/v1/invoice/list?pageSize=100&${query}`, { token }));
const listed = async (query: string) => (await listRows(query)).map((r) => r.id);

/** Issues an e-invoice to the domestic business, sends it, and the buyer's side has it (40). */
async function delivered() {
  const invoice = await issue(w.hr);
  const sent = await send(invoice.id);
  const electronicId = Number(sent.providerDocumentId);
  mer.deliver(electronicId);
  mer.fiscalize(electronicId);
  expect(dataOf<InvoiceDelivery>(await refresh(invoice.id))).toMatchObject({ status: 'DELIVERED', fiscalized: true });
  return { ...invoice, electronicId };
}

describe('a buyer\'s rejection of an issued e-invoice', () => {
  it('comes back on "Refresh status" with its type and text, shown once and audited once', async () => {
    const invoice = await delivered();
    expect((await detail(invoice.id)).buyerRejection).toBeNull();
    mer.rejectByBuyer(invoice.electronicId, 'U', 'Iznos PDV-a ne odgovara ugovoru', '2026-12-07T09:30:00.000Z');
    expect((await refresh(invoice.id)).statusCode).toBe(200);
    const shown = await detail(invoice.id);
    expect(shown.buyerRejection).toEqual({ at: '2026-12-07T09:30:00.000Z', type: 'U', reason: 'Iznos PDV-a ne odgovara ugovoru' });
    // the delivery itself still reads delivered: the rejection is the buyer's answer, not a failed delivery
    expect(shown.delivery.status).toBe('DELIVERED');
    // a second read changes nothing and writes nothing
    await refresh(invoice.id);
    const trail = (await history(invoice.id)).filter((e) => e.action === 'delivery.buyerRejected');
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ operator: null, details: { type: 'U', reason: 'Iznos PDV-a ne odgovara ugovoru', providerDocumentId: String(invoice.electronicId) } });
    expect(JSON.stringify(trail)).not.toContain(PASSWORD);
  }, 120_000);

  it('comes back by the worker\'s windowed round for a document no longer polled, once over two rounds', async () => {
    const invoice = await delivered();
    mer.rejectByBuyer(invoice.electronicId, 'O', 'Roba nije isporučena');
    await deliveryRound(deps(minutesFromNow(10)), 'worker-47');
    expect((await detail(invoice.id)).buyerRejection).toMatchObject({ type: 'O', reason: 'Roba nije isporučena' });
    const asked = mer.requests.filter((r) => r.path === '/apis/v2/queryDocumentProcessStatusOutbox' && r.body.includes('"ByUpdateDate":true'));
    expect(asked.length).toBeGreaterThan(0);
    // the next rounds (later, past the poll interval) find it kept: no second entry
    await deliveryRound(deps(minutesFromNow(20)), 'worker-47');
    await deliveryRound(deps(minutesFromNow(30)), 'worker-47');
    expect((await history(invoice.id)).filter((e) => e.action === 'delivery.buyerRejected')).toHaveLength(1);
    // the list filters them, and the dashboard counts those not yet stornoed
    const ids = await listed('delivery=BUYER_REJECTED');
    expect(ids).toContain(invoice.id);
    // and each row says whether its buyer rejected it
    const rows = await listRows();
    expect(rows.find((r) => r.id === invoice.id)?.buyerRejected).toBe(true);
    expect(await listed('delivery=DELIVERED')).toContain(invoice.id);
    const other = await delivered();
    expect(ids).not.toContain(other.id);
    const otherRows = await listRows();
    expect(otherRows.find((r) => r.id === other.id)?.buyerRejected).toBe(false);
    const dashboard = dataOf<{ delivery: { buyerRejected: number } }>(await h.request('GET', '/api/v1/dashboard', { token }));
    expect(dashboard.delivery.buyerRejected).toBeGreaterThanOrEqual(2);
  }, 120_000);
});

describe('Storno and re-issue', () => {
  it('issues the storno, prepares the copy, and the new invoice closes the chain; numbering stays gapless', async () => {
    const invoice = await delivered();
    mer.rejectByBuyer(invoice.electronicId, 'N', 'Pogrešan broj narudžbe');
    await refresh(invoice.id);
    const seq = (number: string | null) => Number(number?.split('/')[0]);
    const res = await reissue(invoice.id);
    expect(res.statusCode).toBe(201);
    const result = dataOf<ReissueResult>(res);
    expect(result.reissueOf).toBe(invoice.id);
    expect(seq(result.creditNote.number)).toBe(seq(invoice.number) + 1);
    const note = await detail(result.creditNote.id);
    expect(note).toMatchObject({ documentType: 'CREDIT_NOTE', state: 'CLEARED', creditedInvoice: { id: invoice.id } });
    expect(note.totalCents).toBe(-(await detail(invoice.id)).totalCents);
    const rejected = await detail(invoice.id);
    expect(rejected).toMatchObject({ creditStatus: 'FULL', reissuedBy: [] });
    expect(rejected.creditNotes.map((n) => n.id)).toEqual([result.creditNote.id]);
    const reissued = (await history(invoice.id)).filter((e) => e.action === 'invoice.reissued');
    expect(reissued).toHaveLength(1);
    expect(reissued[0]).toMatchObject({ details: { creditNoteId: result.creditNote.id, buyerRejected: true, rejectionType: 'N' } });
    // still listed as rejected by the buyer; the dashboard no longer counts it: it is stornoed
    expect(await listed('delivery=BUYER_REJECTED')).toContain(invoice.id);

    // the user issues the prepared copy (same client and lines), dated today, the next number
    const today = todayInZagreb();
    const created = await h.request('POST', '/api/v1/invoice', {
      token,
      body: invoiceBody(w.hr, [line(w.dev, 50, 8, { description: 'Razvoj softvera', kpdCode: '62.10.11' })], { billingDate: today, deliveryDate: today, reissueOf: invoice.id }),
    });
    expect(created.statusCode).toBe(201);
    const fresh = dataOf<{ id: number; number: string }>(created);
    expect(seq(fresh.number)).toBe(seq(result.creditNote.number) + 1);
    expect((await detail(fresh.id)).reissueOf).toEqual({ id: invoice.id, number: invoice.number });
    expect((await detail(invoice.id)).reissuedBy).toEqual([{ id: fresh.id, number: fresh.number }]);

    // a second re-issue is refused with its reason, and changes nothing
    const again = await reissue(invoice.id, 'en');
    expect(again.statusCode).toBe(409);
    expect(errorsOf(again)[0]).toMatchObject({ code: 'reissueAlreadyDone', reason: expect.stringContaining(invoice.number) as string });
    expect((await detail(invoice.id)).creditNotes).toHaveLength(1);
    // a new invoice cannot claim to re-issue an invoice that is not stornoed
    const other = await issue(w.hr);
    const wrong = await h.request('POST', '/api/v1/invoice', {
      token,
      body: invoiceBody(w.hr, [line(w.dev, 50, 1)], { billingDate: today, deliveryDate: today, reissueOf: other.id }),
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorsOf(wrong)[0]).toMatchObject({ field: 'reissueOf' });
  }, 120_000);

  it('is refused for a credit note, a draft and an invoice already credited, in hr and en', async () => {
    const invoice = await issue(w.hr);
    const note = dataOf<{ id: number }>(await h.request('POST', `/api/v1/invoice/${invoice.id}/credit-note`, { token, body: { reason: 'Pogrešan iznos' } }));
    const forNote = await reissue(note.id);
    expect(forNote.statusCode).toBe(409);
    expect(errorsOf(forNote)[0]).toMatchObject({ code: 'reissueCreditNote', reason: expect.stringContaining('Odobrenje') as string });
    const credited = await reissue(invoice.id, 'en');
    expect(credited.statusCode).toBe(409);
    expect(errorsOf(credited)[0]).toMatchObject({ code: 'reissueAlreadyDone', reason: expect.stringContaining('already been credited') as string });
    const draft = await h.request('POST', '/api/v1/invoice', { token, body: invoiceBody(w.hr, [line(w.dev, 50, 1)], { draft: true }) });
    const forDraft = await reissue(dataOf<{ id: number }>(draft).id, 'en');
    expect(forDraft.statusCode).toBe(409);
    expect(errorsOf(forDraft)[0]).toMatchObject({ code: 'reissueNotIssued', reason: expect.stringContaining('Only an issued invoice') as string });
    expect((await reissue(999_999)).statusCode).toBe(404);
  }, 120_000);
});

import { type Invoice, type InvoiceListResponse, addDays, computeTotals } from '@faktura/shared';
import { describe, expect, it } from 'vitest';
import { type Harness, dataOf, errorsOf } from './harness';
import { daysAgo, invoiceBody, line, onDay, suppliedOn, today, useInvoiceWorld, type InvoiceWorld } from './invoiceFixtures';

let h: Harness;
let token: string;
let w: InvoiceWorld;
useInvoiceWorld({ ready: (world) => ({ h, token, w } = world) });

const year = Number(today.slice(0, 4));
/** Issued today, or on the day given (the server dates what it issues: decision 026). */
const issue = async (lines: unknown[], extra: Record<string, unknown> = {}, on?: string) => {
  const post = () =>
    h.request('POST', '/api/v1/invoice', { token, body: invoiceBody(w.hr, lines, { deliveryDate: today, servicePeriod: null, ...extra }) });
  const res = on ? await onDay(on, post) : await post();
  if (res.statusCode !== 201) throw new Error(res.body);
  return dataOf<{ id: number; number: string }>(res);
};
const detail = async (id: number) => dataOf<Invoice>(await h.request('GET', `/api/v1/invoice/${id}`, { token }));
const credit = (id: number, body: unknown, lang?: string) =>
  h.request('POST', `/api/v1/invoice/${id}/credit-note`, { token, body, ...(lang ? { lang } : {}) });
const dashboard = async () =>
  dataOf<{ issuedEurCents: number; clearedEurCents: number; outstandingEurCents: number; overdueCount: number; monthly: { issuedEurCents: number }[] }>(
    await h.request('GET', `/api/v1/dashboard?year=${year}`, { token }),
  );
const seqOf = (number: string) => Number(number.split('/')[0]);

/** 10 h of development at 45 € (25 %) and one month of rent at 800 € (13 %). */
const twoLines = () => [line(w.dev, 45, 10), line(w.rent, 800, 1, { unit: 'SINGLE', vatRate: 13 })];

describe('a full credit note (storno)', () => {
  // first in this file: its invoice is dated 40 days ago, before any document dated today
  it('credits everything that remains, settles the unpaid invoice and takes it out of the overdue and outstanding figures', async () => {
    const before = await dashboard();
    const invoice = await issue(twoLines(), suppliedOn(daysAgo(40), 15), daysAgo(40));
    const original = await detail(invoice.id);
    const overdueNow = await dashboard();
    expect(overdueNow.overdueCount).toBe(before.overdueCount + 1);
    const [devLine] = original.lineItems;
    await credit(invoice.id, { reason: 'Dio', lines: [{ lineId: devLine!.lineId, quantity: 2.5 }] });

    const storno = await credit(invoice.id, { reason: 'Račun izdan pogrešnom klijentu' });
    expect(storno.statusCode).toBe(201);
    const note = await detail(dataOf<{ id: number }>(storno).id);
    // what remained: 7,5 h of development and the rent
    expect(note.lineItems.map((l) => l.quantity)).toEqual([-7.5, -1]);

    const after = await detail(invoice.id);
    expect(after).toMatchObject({ creditStatus: 'FULL', state: 'CLEARED' });
    // each credit note rounds its own VAT (EN 16931, VAT Act): 28,125 and 84,375 € of VAT at 25 % round
    // to 28,13 and 84,38, one cent more than the invoice's 112,50; the documents say so, to the cent
    expect(after.remainingCents).toBe(-1);
    expect(after.lineItems.map((l) => l.creditedQuantity)).toEqual([10, 1]);
    const notes = await Promise.all(after.creditNotes.map((n) => detail(n.id)));
    expect(notes.map((n) => n.state)).toEqual(['CLEARED', 'CLEARED']);

    const dash = await dashboard();
    expect(dash.overdueCount).toBe(before.overdueCount);
    expect(dash.issuedEurCents).toBe(before.issuedEurCents - 1);
    expect(dash.outstandingEurCents).toBe(before.outstandingEurCents);
    const overdueList = (await h.request('GET', '/api/v1/invoice/list?overdue=1', { token })).json<InvoiceListResponse>();
    expect(overdueList.data.some((r) => r.id === invoice.id)).toBe(false);

    const again = await credit(invoice.id, { reason: 'Još jednom' });
    expect(errorsOf(again)[0]!.code).toBe('invoiceFullyCredited');
    const unclear = await h.request('POST', `/api/v1/invoice/${invoice.id}/unclear`, { token });
    expect(errorsOf(unclear)[0]!.code).toBe('invoiceFullyCredited');
  });
});

describe('a partial credit note', () => {
  it('credits the chosen quantities under the next number, with negative amounts, and the original shows what remains', async () => {
    const invoice = await issue(twoLines());
    const original = await detail(invoice.id);
    const devLine = original.lineItems[0]!;
    const before = await dashboard();

    const res = await credit(invoice.id, { reason: 'Obračunato 4 sata previše', lines: [{ lineId: devLine.lineId, quantity: 4 }] });
    expect(res.statusCode).toBe(201);
    const note = dataOf<{ id: number; number: string }>(res);
    expect(seqOf(note.number)).toBe(seqOf(invoice.number) + 1);

    const shown = await detail(note.id);
    expect(shown).toMatchObject({
      documentType: 'CREDIT_NOTE',
      state: 'PUBLISHED',
      invoiceNumber: note.number,
      creditReason: 'Obračunato 4 sata previše',
      creditedInvoice: { id: invoice.id, number: invoice.number, billingDate: original.billingDate },
      billingDate: today,
      clientId: w.hr,
      locked: true,
    });
    expect(shown.issueTime).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect(shown.lineItems).toHaveLength(1);
    expect(shown.lineItems[0]).toMatchObject({ quantity: -4, priceCents: 4500, vatRate: 25, lineTotalCents: -18000, creditedLineId: devLine.lineId });
    // -180,00 net, -45,00 VAT at 25 %: the same shared computation as every invoice
    const expected = computeTotals([{ priceCents: 4500, quantityMilli: -4000, discountBp: 0, vatRateBp: 2500 }]);
    expect(shown).toMatchObject({ subtotalCents: expected.subtotalCents, vatCents: expected.vatCents, totalCents: -22500 });

    const after = await detail(invoice.id);
    expect(after).toMatchObject({ creditStatus: 'PARTIAL', state: 'PUBLISHED', invoiceNumber: invoice.number, totalCents: original.totalCents });
    expect(after.lineItems.map((l) => l.creditedQuantity)).toEqual([4, 0]);
    expect(after.creditNotes).toEqual([{ id: note.id, number: note.number, billingDate: today, totalCents: -22500 }]);
    expect(after.remainingCents).toBe(original.totalCents - 22500);
    expect(after.deletable).toBe(false);

    const list = (await h.request('GET', `/api/v1/invoice/list?year=${year}`, { token })).json<InvoiceListResponse>();
    const row = list.data.find((r) => r.id === note.id);
    expect(row).toMatchObject({ documentType: 'CREDIT_NOTE', totalCents: -22500, overdue: false });
    expect(row?.amountFormatted).toMatch(/^[-−]225,00\s€$/);
    expect(list.data.find((r) => r.id === invoice.id)).toMatchObject({ documentType: 'INVOICE', creditStatus: 'PARTIAL' });

    const dash = await dashboard();
    expect(dash.issuedEurCents - before.issuedEurCents).toBe(-22500);
    expect(dash.outstandingEurCents - before.outstandingEurCents).toBe(-22500);
  });

  it('leaves a line sent at 0 out of the note: it is not credited (issue 31)', async () => {
    const invoice = await issue(twoLines());
    const [devLine, rentLine] = (await detail(invoice.id)).lineItems;
    const res = await credit(invoice.id, { reason: 'Samo sati', lines: [{ lineId: devLine!.lineId, quantity: 2 }, { lineId: rentLine!.lineId, quantity: 0 }] });
    expect(res.statusCode).toBe(201);
    const note = await detail(dataOf<{ id: number }>(res).id);
    expect(note.lineItems.map((l) => [l.creditedLineId, l.quantity])).toEqual([[devLine!.lineId, -2]]);
    // 2 h × 45 € + 25 % VAT: the rent is not in it
    expect(note.totalCents).toBe(-11_250);
    const original = await detail(invoice.id);
    expect(original.lineItems.map((l) => l.creditedQuantity)).toEqual([2, 0]);
    expect(original.creditStatus).toBe('PARTIAL');
  });

  it("names what remains of a line as the reader's language writes numbers (issue 31)", async () => {
    const invoice = await issue(twoLines());
    const [devLine] = (await detail(invoice.id)).lineItems;
    expect((await credit(invoice.id, { reason: 'Prvi dio', lines: [{ lineId: devLine!.lineId, quantity: 8.5 }] })).statusCode).toBe(201);
    const tooMuch = { reason: 'Drugi dio', lines: [{ lineId: devLine!.lineId, quantity: 2 }] };
    expect(errorsOf(await credit(invoice.id, tooMuch, 'hr'))[0]!.reason).toBe('Količina je veća od one koja je ostala za odobriti (1,5)');
    expect(errorsOf(await credit(invoice.id, tooMuch, 'en'))[0]!.reason).toBe('The quantity is more than what remains to be credited (1.5)');
  });

  it('refuses more than what remains of a line, a negative quantity, only zeros, and a line of another invoice, and changes nothing', async () => {
    const invoice = await issue(twoLines());
    const other = await issue([line(w.dev, 45, 1)]);
    const [devLine] = (await detail(invoice.id)).lineItems;
    const otherLine = (await detail(other.id)).lineItems[0]!;
    expect((await credit(invoice.id, { reason: 'Prvi dio', lines: [{ lineId: devLine!.lineId, quantity: 7 }] })).statusCode).toBe(201);
    const countBefore = (await h.request('GET', '/api/v1/invoice/list', { token })).json<InvoiceListResponse>().page.total;

    const tooMuch = await credit(invoice.id, { reason: 'Drugi dio', lines: [{ lineId: devLine!.lineId, quantity: 3.5 }] });
    expect(tooMuch.statusCode).toBe(400);
    expect(errorsOf(tooMuch)[0]).toMatchObject({ field: 'lines.0.quantity', code: 'validation' });
    expect(errorsOf(tooMuch)[0]!.reason).toContain('(3)');
    const inEnglish = await credit(invoice.id, { reason: 'Second part', lines: [{ lineId: devLine!.lineId, quantity: 3.5 }] }, 'en');
    expect(errorsOf(inEnglish)[0]!.reason).toBe('The quantity is more than what remains to be credited (3)');

    const negative = await credit(invoice.id, { reason: 'Minus', lines: [{ lineId: devLine!.lineId, quantity: -1 }] });
    expect(negative.statusCode).toBe(400);
    expect(errorsOf(negative)[0]!.field).toBe('lines.0.quantity');
    // every line at 0 would credit nothing: refused in the reader's language, nothing issued (issue 31)
    const rentLine = (await detail(invoice.id)).lineItems[1]!;
    const zeros = { reason: 'Nula', lines: [{ lineId: devLine!.lineId, quantity: 0 }, { lineId: rentLine.lineId, quantity: 0 }] };
    const allZero = await credit(invoice.id, zeros);
    expect(allZero.statusCode).toBe(400);
    expect(errorsOf(allZero)[0]).toMatchObject({ field: 'lines', code: 'validation', reason: 'Ništa se ne bi odobrilo: sve odabrane količine su 0' });
    expect(errorsOf(await credit(invoice.id, zeros, 'en'))[0]!.reason).toBe('Nothing would be credited: every quantity chosen is 0');
    const foreign = await credit(invoice.id, { reason: 'Tuđa stavka', lines: [{ lineId: otherLine.lineId, quantity: 1 }] });
    expect(errorsOf(foreign)[0]).toMatchObject({ field: 'lines.0.lineId', reason: 'Ta stavka ne pripada računu koji se odobrava' });
    const noReason = await credit(invoice.id, { reason: '  ' });
    expect(errorsOf(noReason)[0]!.field).toBe('reason');
    // dated the day it is issued (decision 026)
    const backdated = await credit(invoice.id, { reason: 'Prerano', billingDate: daysAgo(30) });
    expect(errorsOf(backdated)[0]).toMatchObject({ field: 'billingDate', code: 'billingDateNotToday' });
    const future = await credit(invoice.id, { reason: 'Sutra', billingDate: addDays(today, 1) });
    expect(errorsOf(future)[0]).toMatchObject({ field: 'billingDate', code: 'billingDateNotToday' });

    expect((await h.request('GET', '/api/v1/invoice/list', { token })).json<InvoiceListResponse>().page.total).toBe(countBefore);
    expect((await detail(invoice.id)).lineItems.map((l) => l.creditedQuantity)).toEqual([7, 0]);
  });

  it('refuses a credit note for a draft and for a credit note, and deleting an invoice that has one', async () => {
    const draft = dataOf<{ id: number }>(
      await h.request('POST', '/api/v1/invoice', { token, body: invoiceBody(w.hr, [line(w.dev, 45)], { draft: true, deliveryDate: today }) }),
    );
    const forDraft = await credit(draft.id, { reason: 'Nacrt' });
    expect(forDraft.statusCode).toBe(409);
    expect(errorsOf(forDraft)[0]!.code).toBe('creditNoteForDraft');

    const invoice = await issue([line(w.dev, 45, 2)]);
    const note = dataOf<{ id: number; number: string }>(await credit(invoice.id, { reason: 'Storno' }));
    const ofNote = await credit(note.id, { reason: 'Storno storna' });
    expect(errorsOf(ofNote)[0]!.code).toBe('creditNoteForCreditNote');

    const del = await h.request('DELETE', `/api/v1/invoice/${invoice.id}`, { token });
    expect(del.statusCode).toBe(409);
    expect(errorsOf(del)[0]).toMatchObject({ code: 'invoiceHasCreditNotes' });
    expect(errorsOf(del)[0]!.reason).toContain(note.number);
    const edit = await h.request('PUT', `/api/v1/invoice/${note.id}`, {
      token,
      body: { paymentDueDate: today, referenceNumber: null, lineItems: [line(w.dev, 45, 1)] },
    });
    expect(errorsOf(edit)[0]!.code).toBe('creditNoteLocked');
    expect(await detail(invoice.id)).toMatchObject({ invoiceNumber: invoice.number, creditStatus: 'FULL' });
  });
});

describe('paying invoices that have credit notes', () => {
  it('settles the open credit notes when the invoice is cleared and reopens them when that is undone', async () => {
    const invoice = await issue([line(w.dev, 100, 3)]);
    const [only] = (await detail(invoice.id)).lineItems;
    const note = dataOf<{ id: number }>(await credit(invoice.id, { reason: 'Popust', lines: [{ lineId: only!.lineId, quantity: 1 }] }));
    const alone = await h.request('POST', `/api/v1/invoice/${note.id}/clear`, { token });
    expect(errorsOf(alone)[0]!.code).toBe('creditNoteSettledWithInvoice');
    const before = await dashboard();

    expect((await h.request('POST', `/api/v1/invoice/${invoice.id}/clear`, { token, body: { paymentDate: today } })).statusCode).toBe(200);
    expect((await detail(note.id)).state).toBe('CLEARED');
    const paid = await dashboard();
    // 375 € less 125 € credited: 250 € was paid and nothing is outstanding of it any more
    expect(paid.clearedEurCents - before.clearedEurCents).toBe(25000);
    expect(paid.outstandingEurCents - before.outstandingEurCents).toBe(-25000);

    expect((await h.request('POST', `/api/v1/invoice/${invoice.id}/unclear`, { token })).statusCode).toBe(200);
    expect((await detail(note.id)).state).toBe('PUBLISHED');
    expect((await dashboard()).outstandingEurCents).toBe(before.outstandingEurCents);
  });

  it('leaves a refund owed for a credit note on a paid invoice until the refund is marked cleared', async () => {
    const invoice = await issue([line(w.dev, 100, 1)]);
    await h.request('POST', `/api/v1/invoice/${invoice.id}/clear`, { token, body: { paymentDate: today } });
    const before = await dashboard();
    const note = dataOf<{ id: number }>(await credit(invoice.id, { reason: 'Povrat' }));
    expect(await detail(invoice.id)).toMatchObject({ state: 'CLEARED', creditStatus: 'FULL' });
    expect(await detail(note.id)).toMatchObject({ state: 'PUBLISHED' });
    const owed = await dashboard();
    expect(owed.outstandingEurCents - before.outstandingEurCents).toBe(-12500);
    expect((await h.request('POST', `/api/v1/invoice/${note.id}/clear`, { token, body: { paymentDate: today } })).statusCode).toBe(200);
    expect((await dashboard()).outstandingEurCents).toBe(before.outstandingEurCents);
  });

  it('deletes the newest credit note like the newest invoice and gives its quantities back', async () => {
    const invoice = await issue([line(w.dev, 45, 2)]);
    const note = dataOf<{ id: number; number: string }>(await credit(invoice.id, { reason: 'Greška' }));
    // the storno settled the unpaid invoice; withdrawing it opens the invoice again
    expect(await detail(invoice.id)).toMatchObject({ state: 'CLEARED', creditStatus: 'FULL' });
    expect((await detail(note.id)).deletable).toBe(true);
    expect((await detail(invoice.id)).deletable).toBe(false);
    expect((await h.request('DELETE', `/api/v1/invoice/${note.id}`, { token })).statusCode).toBe(200);
    expect(await detail(invoice.id)).toMatchObject({ creditStatus: null, state: 'PUBLISHED', creditNotes: [] });
    const next = await issue([line(w.dev, 45, 1)]);
    expect(next.number).toBe(note.number);
  });
});

describe('numbering with credit notes', () => {
  it('stays gapless when invoices and credit notes are issued at once from two processes', async () => {
    const other = await h.sibling();
    const bases = await Promise.all(Array.from({ length: 6 }, () => issue([line(w.dev, 45, 4)])));
    const results = await Promise.all(
      bases.flatMap((base, i) => [
        (i % 2 ? h : other).request('POST', `/api/v1/invoice/${base.id}/credit-note`, { token, body: { reason: `Storno ${i}` } }),
        (i % 2 ? other : h).request('POST', '/api/v1/invoice', { token, body: invoiceBody(w.hr, [line(w.dev, 45, 1)], { deliveryDate: today }) }),
      ]),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    const numbers = results.map((r) => seqOf(dataOf<{ number: string }>(r).number)).sort((a, b) => a - b);
    const first = Math.max(...bases.map((b) => seqOf(b.number))) + 1;
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => first + i));
  });
});

describe('KPD codes and the time of issue on invoice lines', () => {
  it('keeps a line KPD code, refuses a malformed one, and records the time of issue', async () => {
    const invoice = await issue([line(w.dev, 45, 1, { kpdCode: '62.20.20' })]);
    const shown = await detail(invoice.id);
    expect(shown.lineItems[0]!.kpdCode).toBe('62.20.20');
    expect(shown.issueTime).toMatch(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/);
    const bad = await h.request('POST', '/api/v1/invoice', { token, body: invoiceBody(w.hr, [line(w.dev, 45, 1, { kpdCode: '6220' })], {}) });
    expect(errorsOf(bad)[0]).toMatchObject({ field: 'lineItems.0.kpdCode', code: 'validation' });
  });
});

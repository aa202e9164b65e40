import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invoice, Payment } from '@faktura/shared';
import { i18n } from '../../../lib/i18n';
import { bodyOf, callsTo, jsonResponse, stubApi, stubInvoiceApi } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';
import { ISSUED } from '../../../test/samples/invoices';
import { ISSUED as ISSUED_ROW, listBody } from '../../../test/samples/invoiceList';
import { chooseMore, findToast, freezeToday, moreActions, shownDay } from '../../../test/ui';

/** A payment record as the API lists it: on invoice 5, recorded by Ana, not reported. */
function payment(overrides: Partial<Payment> & Pick<Payment, 'id' | 'amountCents'>): Payment {
  return {
    invoiceId: 5,
    date: '2026-03-10',
    currencyCode: 'EUR',
    method: 'TRANSFER',
    reportCode: 'T',
    note: null,
    correctsPaymentId: null,
    operator: 'Ana Anić',
    operatorId: 1,
    reported: false,
    reportedAt: null,
    report: null,
    createdAt: '2026-03-10T09:00:00.000Z',
    ...overrides,
  };
}

// reported cash 50,00; a transfer of 300,00 corrected by -100,00: 250,00 of 531,56 paid
const REPORTED = payment({ id: 1, amountCents: 5_000, method: 'CASH', reportCode: 'Z', reported: true, reportedAt: '2026-03-11T00:00:00Z' });
const TRANSFER = payment({ id: 2, amountCents: 30_000, date: '2026-03-12', note: 'Izvod 12' });
const CORRECTION = payment({ id: 3, amountCents: -10_000, date: '2026-03-15', correctsPaymentId: 2 });
const PAYMENTS = [REPORTED, TRANSFER, CORRECTION];
const PARTLY: Invoice = { ...ISSUED, paidState: 'PARTLY_PAID', paidCents: 25_000, payments: 3, deletable: false };

function pageApi(invoice: Invoice, payments: Payment[], handlers: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    [`GET /api/v1/invoice/${invoice.id}`]: () => jsonResponse(200, { data: invoice }),
    [`GET /api/v1/invoice/${invoice.id}/payment`]: () => jsonResponse(200, { data: payments }),
    ...handlers,
  });
}

/** A name as the screen writes it: money with a no-break space before €, negatives with a true minus sign. */
const named = (text: string) => text.replaceAll(' €', '\u00a0€').replace(/-(?=\d)/g, '\u2212');

const section = async () => within(await screen.findByRole('region', { name: 'Plaćanja' }));

describe('Payments section', () => {
  beforeEach(freezeToday);
  afterEach(() => vi.useRealTimers());

  it('lists each payment with method, who recorded it and whether reported, corrections naming what they correct, and the totals', async () => {
    pageApi(PARTLY, PAYMENTS);
    renderApp({ route: '/Invoices/5', signedIn: true });
    const payments = await section();
    const table = await payments.findByRole('table', { name: 'Plaćanja računa' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^10\. 3\. 2026\.50,00\s€GotovinaAna AnićDa/),
      expect.stringMatching(/^12\. 3\. 2026\.300,00\s€Transakcijski računAna AnićNeIzvod 12Ispravljeno/),
      expect.stringMatching(/^15\. 3\. 2026\.−100,00\s€Transakcijski računAna AnićNeIspravak plaćanja od 12\. 3\. 2026\. \(300,00\s€\)/),
    ]);
    // only what the API would delete has a Delete: not the reported one, not the corrected one
    expect(payments.queryByRole('button', { name: /^Obriši plaćanje od 10\. 3\. 2026\./ })).not.toBeInTheDocument();
    expect(payments.queryByRole('button', { name: /^Obriši plaćanje od 12\. 3\. 2026\./ })).not.toBeInTheDocument();
    expect(payments.getByRole('button', { name: named('Obriši plaćanje od 15. 3. 2026. (-100,00 €)') })).toBeInTheDocument();
    // a correction is not corrected again; payments with something left are
    expect(payments.getByRole('button', { name: named('Ispravi plaćanje od 10. 3. 2026. (50,00 €)') })).toBeInTheDocument();
    expect(payments.getByRole('button', { name: named('Ispravi plaćanje od 12. 3. 2026. (300,00 €)') })).toBeInTheDocument();
    expect(payments.queryByRole('button', { name: /^Ispravi plaćanje od 15\. 3\./ })).not.toBeInTheDocument();
    // due, paid, open
    expect(payments.getByText('Za platiti').nextElementSibling).toHaveTextContent('531,56 €');
    expect(payments.getByText('Plaćeno').nextElementSibling).toHaveTextContent('250,00 €');
    expect(payments.getByText('Preostalo').nextElementSibling).toHaveTextContent('281,56 €');
    // the badge beside the state, with paid of due
    expect(screen.getByText('Djelomično plaćen · 250,00 € / 531,56 €')).toBeInTheDocument();
  });

  it('deletes a payment only after confirmation', async () => {
    const fetchMock = pageApi(PARTLY, PAYMENTS, {
      'DELETE /api/v1/invoice/5/payment/3': () => jsonResponse(200, { data: { id: 3, invoice: {} } }),
    });
    const { user } = renderApp({ route: '/Invoices/5', signedIn: true });
    await user.click((await section()).getByRole('button', { name: named('Obriši plaćanje od 15. 3. 2026. (-100,00 €)') }));
    const dialog = screen.getByRole('dialog', { name: 'Obrisati plaćanje?' });
    expect(dialog).toHaveTextContent('15. 3. 2026. · −100,00 € · Transakcijski račun');
    expect(callsTo(fetchMock, 'DELETE /api/v1/invoice/5/payment/3')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Obriši' }));
    expect(await findToast('Plaćanje je obrisano')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /api/v1/invoice/5/payment/3')).toHaveLength(1);
  });

  it('corrects a payment by a negative record naming it, at most what is left of it', async () => {
    const fetchMock = pageApi(PARTLY, PAYMENTS, {
      'POST /api/v1/invoice/5/payment': () => jsonResponse(201, { data: {} }),
    });
    const { user } = renderApp({ route: '/Invoices/5', signedIn: true });
    await user.click((await section()).getByRole('button', { name: named('Ispravi plaćanje od 12. 3. 2026. (300,00 €)') }));
    const dialog = screen.getByRole('dialog', { name: 'Ispravak plaćanja računa 5/POSL1/1' });
    expect(dialog).toHaveTextContent('najviše 200,00 €');
    const amount = within(dialog).getByRole('textbox', { name: 'Iznos ispravka (oduzima se)' });
    expect(amount).toHaveValue('200,00');
    await user.clear(amount);
    await user.type(amount, '250');
    await user.click(within(dialog).getByRole('button', { name: 'Zabilježi ispravak' }));
    expect(within(dialog).getByText('Ispravak može iznositi najviše 200,00 €')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/v1/invoice/5/payment')).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '50');
    await user.click(within(dialog).getByRole('button', { name: 'Zabilježi ispravak' }));
    expect(await findToast('Ispravak od −50,00 € je zabilježen')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST /api/v1/invoice/5/payment'))).toEqual({
      date: '2026-03-18',
      amount: -50,
      method: 'TRANSFER',
      correctsPaymentId: 2,
    });
  });

  it('undoes the last payment the API would delete', async () => {
    const fetchMock = pageApi(PARTLY, PAYMENTS, {
      'DELETE /api/v1/invoice/5/payment/3': () => jsonResponse(200, { data: { id: 3, invoice: {} } }),
    });
    const { user } = renderApp({ route: '/Invoices/5', signedIn: true });
    await screen.findByRole('button', { name: 'Zabilježi plaćanje' });
    // the payments answer comes after the page's: a loaded machine may need seconds
    await vi.waitFor(async () => expect(await moreActions(user)).toContain('Poništi zadnje plaćanje'), { timeout: 10_000, interval: 200 });
    await chooseMore(user, 'Poništi zadnje plaćanje');
    expect(await findToast('Plaćanje od 15. 3. 2026. (−100,00 €) je obrisano')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /api/v1/invoice/5/payment/3')).toHaveLength(1);
  });
});

describe('Record payment dialog', () => {
  beforeEach(freezeToday);
  afterEach(() => vi.useRealTimers());

  it('proposes a card payment for a card invoice and cash for a cash one', async () => {
    for (const [paymentMethod, proposed] of [['CARD', 'Kartica'], ['CASH', 'Gotovina']] as const) {
      pageApi({ ...PARTLY, paymentMethod }, PAYMENTS);
      const { user, unmount } = renderApp({ route: '/Invoices/5', signedIn: true });
      await user.click(await screen.findByRole('button', { name: 'Zabilježi plaćanje' }));
      const dialog = screen.getByRole('dialog', { name: 'Plaćanje računa 5/POSL1/1' });
      expect(within(dialog).getByRole('textbox', { name: 'Način plaćanja' })).toHaveValue(proposed);
      unmount();
    }
  });

  it('proposes what is open, today and a bank transfer; offers all five methods in words; asks about overpayment only above what is open', async () => {
    const fetchMock = pageApi(PARTLY, PAYMENTS, {
      'POST /api/v1/invoice/5/payment': () => jsonResponse(201, { data: {} }),
    });
    const { user } = renderApp({ route: '/Invoices/5', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Zabilježi plaćanje' }));
    const dialog = screen.getByRole('dialog', { name: 'Plaćanje računa 5/POSL1/1' });
    expect(dialog).toHaveTextContent('Jadranski Softver d.o.o.: za platiti 531,56 €, plaćeno 250,00 €, preostalo 281,56 €');
    const amount = within(dialog).getByRole('textbox', { name: 'Iznos' });
    expect(amount).toHaveValue('281,56');
    expect(within(dialog).getByRole('button', { name: 'Datum plaćanja' })).toHaveTextContent(shownDay('2026-03-18'));
    const method = within(dialog).getByRole('textbox', { name: 'Način plaćanja' });
    expect(method).toHaveValue('Transakcijski račun');
    await user.click(method);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Transakcijski račun',
      'Gotovina',
      'Kartica',
      'Obračunsko plaćanje (kompenzacija)',
      'Ostalo',
    ]);
    await user.click(screen.getByRole('option', { name: 'Gotovina' }));
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '300');
    const overpay = within(dialog).getByRole('checkbox', { name: 'Kupac je stvarno platio više od preostalog iznosa (preplata)' });
    await user.click(overpay);
    await user.type(within(dialog).getByRole('textbox', { name: 'Napomena' }), 'blagajna');
    await user.click(within(dialog).getByRole('button', { name: 'Zabilježi' }));
    expect(await findToast('Plaćanje od 300,00 € je zabilježeno')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST /api/v1/invoice/5/payment'))).toEqual({
      date: '2026-03-18',
      amount: 300,
      method: 'CASH',
      note: 'blagajna',
      allowOverpayment: true,
    });
  });

  it("shows the server's refusal in the dialog, beside the amount or above the inputs, and keeps what was typed", async () => {
    const overpaid = 'Iznos je veći od preostalog duga (281,56 €); ako je kupac stvarno platio više, potvrdite preplatu';
    let refusal = jsonResponse(409, { errors: [{ reason: overpaid, code: 'paymentOverpaid', field: 'amount' }] });
    pageApi(PARTLY, PAYMENTS, { 'POST /api/v1/invoice/5/payment': () => refusal });
    const { user } = renderApp({ route: '/Invoices/5', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Zabilježi plaćanje' }));
    const dialog = screen.getByRole('dialog', { name: 'Plaćanje računa 5/POSL1/1' });
    const amount = within(dialog).getByRole('textbox', { name: 'Iznos' });
    await user.clear(amount);
    await user.type(amount, '281,56');
    await user.click(within(dialog).getByRole('button', { name: 'Zabilježi' }));
    expect(await within(dialog).findByText(overpaid)).toBeInTheDocument();
    expect(amount).toHaveValue('281,56');

    const reported = 'Plaćanje je već prijavljeno Poreznoj upravi i ne može se obrisati: ispravite ga negativnim iznosom';
    refusal = jsonResponse(409, { errors: [{ reason: reported, code: 'paymentReported' }] });
    await user.click(within(dialog).getByRole('button', { name: 'Zabilježi' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(reported);
    expect(screen.getByRole('dialog', { name: 'Plaćanje računa 5/POSL1/1' })).toBeInTheDocument();
  });

  it('reads in English', async () => {
    await i18n.changeLanguage('en');
    try {
      pageApi(PARTLY, PAYMENTS);
      const { user } = renderApp({ route: '/Invoices/5', signedIn: true });
      expect(await screen.findByText('Partly paid · €250.00 / €531.56')).toBeInTheDocument();
      await user.click(await screen.findByRole('button', { name: 'Record payment' }));
      const dialog = screen.getByRole('dialog', { name: 'Payment of invoice 5/POSL1/1' });
      expect(within(dialog).getByRole('textbox', { name: 'Amount' })).toHaveValue('281.56');
      expect(within(dialog).getByRole('textbox', { name: 'Payment method' })).toHaveValue('Bank transfer');
      await user.keyboard('{Escape}');
      expect(await moreActions(user, 'en')).toContain('Undo last payment');
      expect(await screen.findByText('Still open')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('hr');
    }
  });
});

describe('Payment reports to the Tax Administration', () => {
  beforeEach(freezeToday);
  afterEach(() => vi.useRealTimers());

  const report = (overrides: Partial<NonNullable<Payment['report']>>): Payment['report'] => ({
    status: 'PENDING', deadline: '2026-04-20', at: null, requestId: null, error: null, nextAttemptAt: null, attempts: 0, ...overrides,
  });
  const REPORTED_ONE = payment({
    id: 1, amountCents: 5_000, method: 'CASH', reportCode: 'Z', reported: true, reportedAt: '2026-03-11T09:30:00Z',
    report: report({ status: 'REPORTED', at: '2026-03-11T09:30:00Z', requestId: 'f0e1d2c3-0000-4000-8000-000000000001', attempts: 1 }),
  });
  const WAITING = payment({ id: 2, amountCents: 30_000, date: '2026-03-12', report: report({}) });
  const REFUSED = payment({
    id: 3, amountCents: 2_000, date: '2026-03-15',
    report: report({ status: 'FAILED', attempts: 1, error: { code: 'S005', text: 'Dokument nije u skladu s XML shemom' } }),
  });
  const FISCALIZED = { status: 'FISCALIZED', requestId: 'x', at: '2026-03-18T10:00:00Z', attempts: 1, error: null, deadline: '2026-03-20', nextAttemptAt: null, messages: [] };

  it('shows beside each payment whether it was reported, waits with its deadline or was refused with the reason, and reports again', async () => {
    let listed = [REPORTED_ONE, WAITING, REFUSED];
    const fetchMock = pageApi(PARTLY, [], {
      'GET /api/v1/invoice/5/payment': () => jsonResponse(200, { data: listed }),
      'POST /api/v1/invoice/5/fiscalize': () => {
        listed = listed.map((p) => ({ ...p, reported: true, report: report({ status: 'REPORTED', at: '2026-03-18T10:00:00Z', requestId: `r-${p.id}`, attempts: 2 }) }));
        return jsonResponse(200, { data: FISCALIZED });
      },
    });
    const { user } = renderApp({ route: '/Invoices/5', signedIn: true });
    const payments = await section();
    const table = await payments.findByRole('table', { name: 'Plaćanja računa' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Prijavljeno 11. 3. 2026.');
    expect(rows[0]).toHaveTextContent('Oznaka zahtjeva: f0e1d2c3-0000-4000-8000-000000000001');
    expect(rows[1]).toHaveTextContent('Čeka prijavu · rok 20. 4. 2026.');
    expect(rows[2]).toHaveTextContent('Odbijeno: S005 Dokument nije u skladu s XML shemom');
    expect(rows[2]).toHaveTextContent('pa ga prijavite ponovno');
    // only what waits or was refused can be reported again
    expect(within(rows[0] as HTMLElement).queryByRole('button', { name: /^Prijavi ponovno/ })).not.toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: named('Prijavi ponovno plaćanje od 12. 3. 2026. (300,00 €)') })).toHaveTextContent('Prijavi ponovno');
    await user.click(within(rows[2] as HTMLElement).getByRole('button', { name: named('Prijavi ponovno plaćanje od 15. 3. 2026. (20,00 €)') }));
    expect(await findToast('Plaćanja su poslana Poreznoj upravi')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/v1/invoice/5/fiscalize')).toHaveLength(1);
    await vi.waitFor(() => expect(within(table).getAllByText(/^Prijavljeno 18\. 3\. 2026\.$/)).toHaveLength(3));
    expect(payments.queryByRole('button', { name: /^Prijavi ponovno/ })).not.toBeInTheDocument();
  });

  it('says why a report is still not taken after reporting again', async () => {
    const fetchMock = pageApi(PARTLY, [REFUSED], { 'POST /api/v1/invoice/5/fiscalize': () => jsonResponse(200, { data: FISCALIZED }) });
    const { user } = renderApp({ route: '/Invoices/5', signedIn: true });
    await user.click(await (await section()).findByRole('button', { name: /^Prijavi ponovno plaćanje od 15\. 3\. 2026\./ }));
    expect(await findToast('Plaćanje nije prijavljeno')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/v1/invoice/5/fiscalize')).toHaveLength(1);
  });

  it('reads in English', async () => {
    await i18n.changeLanguage('en');
    try {
      pageApi(PARTLY, [REPORTED_ONE, WAITING, REFUSED]);
      renderApp({ route: '/Invoices/5', signedIn: true });
      const table = await screen.findByRole('table', { name: 'Payments of the invoice' });
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows[0]).toHaveTextContent('Reported 11 Mar 2026');
      expect(rows[0]).toHaveTextContent('Request id: f0e1d2c3-0000-4000-8000-000000000001');
      expect(rows[1]).toHaveTextContent('Waiting to be reported · due 20 Apr 2026');
      expect(rows[2]).toHaveTextContent('Refused: S005 Dokument nije u skladu s XML shemom');
      expect(rows[2]).toHaveTextContent('report it again');
      expect(within(rows[2] as HTMLElement).getByRole('button', { name: named('Report the payment of 15 Mar 2026 (€20.00) again') })).toHaveTextContent('Report again');
    } finally {
      await i18n.changeLanguage('hr');
    }
  });
});

describe('Paid state on the invoice page and in the list', () => {
  beforeEach(freezeToday);
  afterEach(() => vi.useRealTimers());

  it('writes the payment day in the reader\'s format and has nothing to record once paid', async () => {
    const paid: Invoice = { ...ISSUED, state: 'CLEARED', paymentDate: '2026-03-10', paidState: 'PAID', paidCents: 53_156, payments: 1 };
    pageApi(paid, [payment({ id: 1, amountCents: 53_156 })]);
    const { user } = renderApp({ route: '/Invoices/5', signedIn: true });
    expect(await screen.findByText('Plaćeno: 10. 3. 2026.')).toBeInTheDocument();
    expect(screen.getByText('Naplaćen')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zabilježi plaćanje' })).not.toBeInTheDocument();
    // the payments answer comes after the page's: a loaded machine may need seconds
    await vi.waitFor(async () => expect(await moreActions(user)).toContain('Poništi zadnje plaćanje'), { timeout: 10_000, interval: 200 });
  });

  it('reads "Stornirano" for an unpaid invoice settled by a full credit note, never paid, with nothing to undo', async () => {
    const settled: Invoice = {
      ...ISSUED,
      state: 'CLEARED',
      paymentDate: '2026-03-12',
      creditStatus: 'FULL',
      creditSettled: true,
      remainingCents: 0,
      paidState: 'PAID',
      creditNotes: [{ id: 8, number: '8/POSL1/1', billingDate: '2026-03-12', totalCents: -53_156 }],
    };
    pageApi(settled, []);
    const { user } = renderApp({ route: '/Invoices/5', signedIn: true });
    expect(await screen.findByText('Stornirano')).toBeInTheDocument();
    expect(screen.queryByText('Naplaćen')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Plaćeno: /)).not.toBeInTheDocument();
    expect(screen.queryByText('Datum plaćanja')).not.toBeInTheDocument();
    for (const name of ['Poništi naplatu', 'Poništi zadnje plaćanje', 'Zabilježi plaćanje', 'Označi kao naplaćeno'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    const more = await moreActions(user);
    for (const name of ['Poništi naplatu', 'Poništi zadnje plaćanje']) expect(more).not.toContain(name);
  });

  it('reads "Stornirano" on the credit note settled with its invoice too, with no refund to mark or undo', async () => {
    const note: Invoice = {
      ...ISSUED,
      id: 8,
      invoiceNumber: '8/POSL1/1',
      documentType: 'CREDIT_NOTE',
      state: 'CLEARED',
      paymentDate: '2026-03-12',
      creditSettled: true,
      paidState: null,
      payments: 0,
      creditedInvoice: { id: 5, number: '5/POSL1/1', billingDate: '2026-02-27' },
      creditReason: 'Storno',
    };
    const fetchMock = pageApi(note, []);
    const { user } = renderApp({ route: '/Invoices/8', signedIn: true });
    expect(await screen.findByText('Stornirano')).toBeInTheDocument();
    expect(screen.queryByText('Naplaćen')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Plaćeno: /)).not.toBeInTheDocument();
    for (const name of ['Poništi naplatu', 'Označi kao naplaćeno', 'Zabilježi plaćanje'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(await moreActions(user)).not.toContain('Poništi naplatu');
    // a credit note has no payments of its own: none are asked for
    expect(callsTo(fetchMock, 'GET /api/v1/invoice/8/payment')).toHaveLength(0);
  });

  it('shows the partly-paid badge in the list and a Delete that is not allowed for an invoice with payments', async () => {
    const row = {
      ...ISSUED_ROW,
      paidState: 'PARTLY_PAID' as const,
      paidCents: 40_000,
      actions: { ...ISSUED_ROW.actions, delete: { allowed: false, reason: 'HAS_PAYMENTS' as const } },
    };
    stubInvoiceApi(() => listBody([row]));
    renderApp({ route: '/Invoices', signedIn: true });
    const tr = (await screen.findByText('3/POSL1/1')).closest('tr')!;
    expect(within(tr).getByText('Djelomično plaćen · 400,00 € / 1.250,00 €')).toBeInTheDocument();
    const remove = within(tr).getByRole('button', { name: 'Obriši račun 3/POSL1/1' });
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toHaveAccessibleDescription(
      'Račun na kojem su zabilježena plaćanja ne može se obrisati: primljeno plaćanje ostaje zabilježeno.',
    );
  });
});

describe('History of payments', () => {
  beforeEach(freezeToday);
  afterEach(() => vi.useRealTimers());

  const entry = (seq: number, action: 'payment.recorded' | 'payment.deleted', details: Record<string, unknown>) => ({
    seq,
    at: '2026-03-18T10:00:00.000Z',
    operator: 'Ana Anić',
    operatorId: 1,
    action,
    invoiceId: 5,
    relatedInvoiceId: null,
    details: { number: '5/POSL1/1', currencyCode: 'EUR', ...details },
    hash: 'h',
    prevHash: 'p',
  });

  it('says the day, amount, method and whether a correction, like the other entries', async () => {
    const entries = [
      entry(3, 'payment.deleted', { paymentId: 3, paymentDate: '2026-03-15', amountCents: -10_000, method: 'TRANSFER', correctsPaymentId: 2 }),
      entry(2, 'payment.recorded', { paymentId: 2, paymentDate: '2026-03-12', amountCents: 30_000, method: 'SETOFF', correctsPaymentId: null, note: 'Izvod 12' }),
    ];
    pageApi(PARTLY, PAYMENTS, {
      'GET /api/v1/audit?invoiceId=5&page=1': () =>
        jsonResponse(200, { data: entries, page: { page: 1, pageSize: 20, total: 2 } }),
    });
    renderApp({ route: '/Invoices/5', signedIn: true });
    const history = within(await screen.findByRole('table', { name: 'Povijest promjena računa' }));
    const deleted = (await history.findByText('Obrisano plaćanje')).closest('tr')!;
    expect(deleted).toHaveTextContent('Ispravak plaćanja, 15. 3. 2026.: −100,00 €, Transakcijski račun');
    const recorded = history.getByText('Zabilježeno plaćanje').closest('tr')!;
    expect(recorded).toHaveTextContent('12. 3. 2026.: 300,00 €, Obračunsko plaćanje (kompenzacija); napomena: Izvod 12');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReceivedDocument, ReceivedListRow } from '@faktura/shared';
import { i18n } from '../../lib/i18n';
import { bodyOf, callsTo, jsonResponse, stubApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';
import { TODAY, findToast, freezeToday } from '../../test/ui';

/** The received invoice of InboxPage.test.tsx. */
const ROW: ReceivedListRow = {
  id: 7,
  documentType: 'INVOICE',
  typeCode: '380',
  number: '17-P1-1',
  supplierName: 'Dobavljač d.o.o.',
  supplierOib: '12345678903',
  issueDate: '2026-03-02',
  dueDate: '2026-04-01',
  currency: 'EUR',
  totalCents: 125000,
  vatCents: 25000,
  payableCents: 125000,
  paidCents: 0,
  state: 'RECEIVED',
  fiscalStatus: 'PENDING',
  fiscalDeadline: '2999-03-09',
  validation: 'VALID',
  flags: [],
  source: 'IMPORT',
  receivedAt: '2026-03-02T09:00:00.000Z',
};
const DOCUMENT: ReceivedDocument = {
  ...ROW,
  issueTime: '12:30:00',
  supplier: {
    name: 'Dobavljač d.o.o.',
    oib: '12345678903',
    vatId: 'HR12345678903',
    endpoint: '9934:12345678903',
    address: { street: 'Ulica 1', city: 'Zagreb', postcode: '10000', country: 'HR' },
    email: null,
    phone: null,
  },
  buyer: {
    name: 'Kupac d.o.o.',
    oib: '98765432106',
    vatId: 'HR98765432106',
    endpoint: '9934:98765432106',
    address: { street: 'Trg 2', city: 'Split', postcode: '21000', country: 'HR' },
    email: null,
    phone: null,
  },
  supplierContact: { id: '12345678903', name: 'Ana Anić' },
  lines: [
    { id: '1', name: 'Održavanje', description: null, quantity: '2', unitCode: 'H87', price: '500.00', netCents: 100000, vatCategory: 'S', vatRate: 25, kpd: '62.02.30', note: null },
  ],
  vatBreakdown: [{ category: 'S', rate: 25, baseCents: 100000, vatCents: 25000, exemptionReason: null }],
  totals: { lineExtensionCents: 100000, taxExclusiveCents: 100000, allowanceCents: 0, chargeCents: 0, prepaidCents: 0, roundingCents: 0 },
  payment: { meansCode: '30', iban: 'HR1210010051863000160', bic: null, accountName: null, paymentId: 'HR00 17-P1-1', model: 'HR00', reference: '17-P1-1', terms: null },
  deliveryDate: '2026-03-01',
  period: null,
  notes: ['Hvala na povjerenju'],
  buyerReference: null,
  orderReference: 'N-44',
  contractReference: null,
  billingReferences: [],
  attachments: [{ index: 0, id: 'PDF', fileName: '17-P1-1.pdf', mimeCode: 'application/pdf', description: null, byteSize: 1000 }],
  sha256: 'ab'.repeat(32),
  byteSize: 10240,
  validationReport: { status: 'VALID', xsd: [], en16931: [], hrCius: [], checkedAt: '2026-03-02T09:00:01.000Z' },
  providerDocumentId: null,
  retainedUntil: '2037-12-31',
  payments: [],
  supplierCompanyId: null,
  rejection: null,
};

/** Issue 46, "Paid" (decision 039): the received invoice's page marks it paid, in parts, and undoes a payment. */
const PAYMENT = { id: 3, documentId: 7, date: TODAY, amountCents: 50000, currency: 'EUR', method: 'TRANSFER' as const, note: null, operator: 'Ana Anić', createdAt: `${TODAY}T10:00:00.000Z` };
const PART: ReceivedDocument = { ...DOCUMENT, paidCents: 50000, payments: [PAYMENT], supplierCompanyId: 12 };

function pageApi(sequence: ReceivedDocument[], handlers: Record<string, (init?: RequestInit) => Response> = {}) {
  let read = 0;
  return stubApi({
    'GET /api/v1/inbox/7': () => jsonResponse(200, { data: sequence[Math.min(read++, sequence.length - 1)] }),
    'GET /api/v1/inbox/7/payment-code': () => jsonResponse(409, { errors: [{ code: 'inboxNoPaymentCode', reason: 'Nema koda' }] }),
    ...handlers,
  });
}

const section = async () => within(await screen.findByRole('region', { name: 'Plaćanja' }));

describe('paying a received invoice', () => {
  beforeEach(freezeToday);
  afterEach(() => {
    vi.useRealTimers();
    void i18n.changeLanguage('hr');
  });

  it('marks it paid in part with today, the open amount proposed and a transfer, then shows what is still open', async () => {
    const fetchMock = pageApi([DOCUMENT, PART], {
      'POST /api/v1/inbox/7/payment': () =>
        jsonResponse(201, { data: { payment: PAYMENT, document: { id: 7, state: 'RECEIVED', payableCents: 125000, paidCents: 50000, openCents: 75000 } } }),
    });
    const { user } = renderApp({ route: '/Inbox/7', signedIn: true });
    const payments = await section();
    expect(payments.getByText('Još za platiti: 1.250,00 € od 1.250,00 €')).toBeVisible();
    expect(payments.getByText('Još nije zabilježeno nijedno plaćanje.')).toBeVisible();
    await user.click(payments.getByRole('button', { name: 'Označi plaćenim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Označi plaćenim: 17-P1-1' });
    const amount = within(dialog).getByRole('textbox', { name: /Iznos/ });
    expect(amount).toHaveValue('1250,00');
    expect(within(dialog).getByLabelText(/Datum plaćanja/)).toHaveValue(TODAY);
    expect(within(dialog).getByRole('textbox', { name: 'Način plaćanja' })).toHaveValue('Transakcijski račun');
    await user.clear(amount);
    await user.type(amount, '500');
    await user.click(within(dialog).getByRole('button', { name: 'Zabilježi plaćanje' }));
    await findToast('Zabilježeno plaćanje od 500,00 €');
    expect(bodyOf(callsTo(fetchMock, 'POST /api/v1/inbox/7/payment'))).toEqual({ date: TODAY, amountCents: 50000, method: 'TRANSFER' });
    const after = await section();
    expect(await after.findByText('Još za platiti: 750,00 € od 1.250,00 €')).toBeVisible();
    const rows = within(after.getByRole('table', { name: 'Plaćanja' })).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(/18\. 3\. 2026\.500,00\s€Transakcijski računAna AnićPoništi/);
    expect(after.getByRole('link', { name: 'Dobavljač u imeniku' })).toHaveAttribute('href', '/Clients?role=supplier');
  });

  it('shows the server’s refusal beside the amount and keeps the dialog open', async () => {
    pageApi([DOCUMENT], {
      'POST /api/v1/inbox/7/payment': () =>
        jsonResponse(409, { errors: [{ code: 'inboxPaymentOverOpen', field: 'amountCents', reason: 'Iznos 2.000,00 € je veći od onoga što je još za platiti (1.250,00 €)' }] }),
    });
    const { user } = renderApp({ route: '/Inbox/7', signedIn: true });
    await user.click((await section()).getByRole('button', { name: 'Označi plaćenim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Označi plaćenim: 17-P1-1' });
    const amount = within(dialog).getByRole('textbox', { name: /Iznos/ });
    await user.clear(amount);
    await user.type(amount, '2000');
    await user.click(within(dialog).getByRole('button', { name: 'Zabilježi plaćanje' }));
    expect(await within(dialog).findByText(/je veći od onoga što je još za platiti/)).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Označi plaćenim: 17-P1-1' })).toBeVisible();
  });

  it('undoes a payment, in English, and reads the invoice again', async () => {
    await i18n.changeLanguage('en');
    const fetchMock = pageApi([{ ...PART, paidCents: 125000, state: 'PAID', payments: [{ ...PAYMENT, amountCents: 125000 }] }, DOCUMENT], {
      'DELETE /api/v1/inbox/7/payment/3': () => jsonResponse(200, { data: { id: 3, document: { id: 7, state: 'RECEIVED', payableCents: 125000, paidCents: 0, openCents: 125000 } } }),
    });
    const { user } = renderApp({ route: '/Inbox/7', signedIn: true });
    const payments = within(await screen.findByRole('region', { name: 'Payments' }));
    expect(payments.getByText('Paid in full (€1,250.00).')).toBeVisible();
    expect(payments.queryByRole('button', { name: 'Mark as paid' })).not.toBeInTheDocument();
    await user.click(payments.getByRole('button', { name: /Undo the payment of €1,250\.00/ }));
    await findToast('The payment of €1,250.00 was undone');
    expect(callsTo(fetchMock, 'DELETE /api/v1/inbox/7/payment/3')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark as paid' })).toBeVisible());
  });
});

describe('rejecting a received invoice (decision 040)', () => {
  beforeEach(freezeToday);
  afterEach(() => {
    vi.useRealTimers();
    void i18n.changeLanguage('hr');
  });

  const REJECTION: NonNullable<ReceivedDocument['rejection']> = {
    date: TODAY,
    type: 'U',
    reason: 'PDV 25 % umjesto 13 %',
    operator: 'Ana Anić',
    createdAt: `${TODAY}T10:00:00.000Z`,
    wasPaid: false,
    report: { status: 'PENDING', deadline: '2026-04-20', attempts: 0, nextAttemptAt: null, waitingForReceipt: true, requestId: null, reportedAt: null, error: null },
    intermediary: null,
  };
  const rejectionRegion = async (name = 'Odbijanje') => within(await screen.findByRole('region', { name }));

  it('asks for the reason type and a reason, sends them, then shows the rejection and its report waiting with the deadline', async () => {
    const fetchMock = pageApi([DOCUMENT, { ...DOCUMENT, state: 'REJECTED', rejection: REJECTION }], {
      'POST /api/v1/inbox/7/reject': () =>
        jsonResponse(200, { data: { rejection: REJECTION, document: { id: 7, state: 'REJECTED', payableCents: 125000, paidCents: 0, openCents: 125000 } } }),
    });
    const { user } = renderApp({ route: '/Inbox/7', signedIn: true });
    await user.click((await rejectionRegion()).getByRole('button', { name: 'Odbij' }));
    const dialog = await screen.findByRole('dialog', { name: 'Odbij račun 17-P1-1' });
    // nothing chosen: said beside each input, nothing sent
    await user.click(within(dialog).getByRole('button', { name: 'Odbij račun' }));
    expect(await within(dialog).findByText('Upišite razlog')).toBeVisible();
    expect(callsTo(fetchMock, 'POST /api/v1/inbox/7/reject')).toEqual([]);
    await user.click(within(dialog).getByRole('radio', { name: /U — Nepodudarnost koja utječe na porez/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Razlog/ }), 'PDV 25 % umjesto 13 %');
    expect(within(dialog).getByText('21 / 1024')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Odbij račun' }));
    await findToast('Račun 17-P1-1 je odbijen');
    expect(bodyOf(callsTo(fetchMock, 'POST /api/v1/inbox/7/reject'))).toEqual({ type: 'U', reason: 'PDV 25 % umjesto 13 %' });
    const shown = await rejectionRegion();
    expect(await shown.findByText('Vrsta razloga: U — Nepodudarnost koja utječe na porez')).toBeVisible();
    expect(shown.getByTestId('rejection-report')).toHaveTextContent('Čeka prijavu Poreznoj upravi (rok 20. 4. 2026.)');
    expect(shown.queryByRole('button', { name: 'Odbij' })).toBeNull();
  });

  it('asks to confirm before rejecting a part-paid invoice, in English', async () => {
    await i18n.changeLanguage('en');
    const fetchMock = pageApi([PART, { ...PART, state: 'REJECTED', rejection: { ...REJECTION, wasPaid: true, report: { ...REJECTION.report, status: 'NONE', waitingForReceipt: false } } }], {
      'POST /api/v1/inbox/7/reject': () =>
        jsonResponse(200, { data: { rejection: REJECTION, document: { id: 7, state: 'REJECTED', payableCents: 125000, paidCents: 50000, openCents: 75000 } } }),
    });
    const { user } = renderApp({ route: '/Inbox/7', signedIn: true });
    await user.click((await rejectionRegion('Rejection')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject invoice 17-P1-1' });
    expect(within(dialog).getByText('Payments of the invoice are recorded (€500.00). They stay recorded.')).toBeVisible();
    await user.click(within(dialog).getByRole('radio', { name: /O — Other/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Not delivered');
    expect(within(dialog).getByRole('button', { name: 'Reject the invoice' })).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'I understand, reject the paid invoice all the same' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject the invoice' }));
    await findToast('Invoice 17-P1-1 is rejected');
    expect(bodyOf(callsTo(fetchMock, 'POST /api/v1/inbox/7/reject'))).toEqual({ type: 'O', reason: 'Not delivered', confirmPaid: true });
    expect(await (await rejectionRegion('Rejection')).findByText('Payments were recorded on the invoice when it was rejected.')).toBeVisible();
  });

  it('says why a report waiting to be sent again failed last time', async () => {
    const retrying = { ...REJECTION, report: { ...REJECTION.report, waitingForReceipt: false, attempts: 1, nextAttemptAt: `${TODAY}T10:05:00.000Z`, error: { code: 'NETWORK', text: 'connect ECONNREFUSED', reason: 'usluga nije dostupna' } } };
    pageApi([{ ...DOCUMENT, state: 'REJECTED', rejection: retrying }]);
    renderApp({ route: '/Inbox/7', signedIn: true });
    const shown = await rejectionRegion();
    expect(await shown.findByTestId('rejection-report-error')).toHaveTextContent('Zadnji pokušaj nije uspio (NETWORK): usluga nije dostupna. Faktura šalje ponovno.');
  });

  it('an S010 answer counts as reported and says so, in English', async () => {
    await i18n.changeLanguage('en');
    const reported = {
      ...REJECTION,
      report: { ...REJECTION.report, status: 'REPORTED' as const, waitingForReceipt: false, attempts: 1, requestId: 'a1b2c3d4-0000-4000-8000-000000000001', reportedAt: `${TODAY}T10:05:00.000Z`, error: { code: 'S010', text: 'Već postoji', reason: 'a rejection is already recorded' } },
    };
    pageApi([{ ...DOCUMENT, state: 'REJECTED', rejection: reported }]);
    renderApp({ route: '/Inbox/7', signedIn: true });
    const shown = await rejectionRegion('Rejection');
    expect(await shown.findByTestId('rejection-report-error')).toHaveTextContent('The Tax Administration already had this rejection on record (S010).');
    expect(shown.getByTestId('rejection-report')).toHaveTextContent('Reported to the Tax Administration on');
  });

  it('"Report now" sends a refused report again and shows it waiting; none is offered while it is not refused', async () => {
    const failed = { ...REJECTION, report: { ...REJECTION.report, status: 'FAILED' as const, waitingForReceipt: false, attempts: 1, error: { code: 'S006', text: 'Neispravan OIB', reason: 'neispravan OIB' } } };
    const fetchMock = pageApi([{ ...DOCUMENT, state: 'REJECTED', rejection: failed }, { ...DOCUMENT, state: 'REJECTED', rejection: { ...failed, report: { ...failed.report, status: 'PENDING', error: null } } }], {
      'POST /api/v1/inbox/7/rejection/report-now': () => jsonResponse(200, { data: { rejection: { ...failed, report: { ...failed.report, status: 'PENDING', error: null } } } }),
    });
    const { user } = renderApp({ route: '/Inbox/7', signedIn: true });
    const shown = await rejectionRegion();
    expect(await shown.findByTestId('rejection-report')).toHaveTextContent('Porezna uprava odbila je prijavu: S006 neispravan OIB');
    await user.click(shown.getByRole('button', { name: 'Prijavi ponovno' }));
    await findToast('Odbijanje računa 17-P1-1 ponovno se šalje na prijavu');
    expect(callsTo(fetchMock, 'POST /api/v1/inbox/7/rejection/report-now')).toHaveLength(1);
    await waitFor(() => expect(shown.getByTestId('rejection-report')).toHaveTextContent('Čeka prijavu Poreznoj upravi'));
    expect(shown.queryByRole('button', { name: 'Prijavi ponovno' })).toBeNull();
  });

  it('"Mark as reported" takes the day (today by default), shows a refusal beside it, then says it was reported by hand', async () => {
    const none = { ...REJECTION, report: { ...REJECTION.report, status: 'NONE' as const, waitingForReceipt: false } };
    let answers = 0;
    const fetchMock = pageApi([{ ...DOCUMENT, state: 'REJECTED', rejection: none }, { ...DOCUMENT, state: 'REJECTED', rejection: { ...none, report: { ...none.report, status: 'REPORTED_BY_HAND', reportedAt: TODAY } } }], {
      'POST /api/v1/inbox/7/rejection/reported': () =>
        answers++ === 0
          ? jsonResponse(400, { errors: [{ code: 'inboxRejectionReportedInFuture', field: 'date', reason: 'Dan prijave je u budućnosti' }] })
          : jsonResponse(200, { data: { rejection: { ...none, report: { ...none.report, status: 'REPORTED_BY_HAND', reportedAt: TODAY } } } }),
    });
    const { user } = renderApp({ route: '/Inbox/7', signedIn: true });
    const shown = await rejectionRegion();
    await user.click(await shown.findByRole('button', { name: 'Označi kao prijavljeno' }));
    const dialog = await screen.findByRole('dialog', { name: 'Odbijanje prijavljeno ručno' });
    const day = within(dialog).getByLabelText(/Dan prijave/);
    expect(day).toHaveValue(TODAY);
    await user.click(within(dialog).getByRole('button', { name: 'Spremi' }));
    expect(await within(dialog).findByText('Dan prijave je u budućnosti')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Spremi' }));
    await findToast('Odbijanje računa 17-P1-1 označeno je kao prijavljeno');
    expect(bodyOf(callsTo(fetchMock, 'POST /api/v1/inbox/7/rejection/reported'))).toEqual({ date: TODAY });
    await waitFor(() => expect(shown.getByTestId('rejection-report')).toHaveTextContent('Prijavili ste ga sami (npr. u FiskAplikaciji)'));
    expect(shown.queryByRole('button', { name: 'Označi kao prijavljeno' })).toBeNull();
  });

  it('says what the intermediary was asked and, refused, its words with "Send to the intermediary again", in English', async () => {
    await i18n.changeLanguage('en');
    const refused = {
      ...REJECTION,
      report: { ...REJECTION.report, status: 'BY_INTERMEDIARY' as const, waitingForReceipt: false },
      intermediary: { status: 'FAILED' as const, reports: true, tellsSupplier: true, attempts: 1, nextAttemptAt: null, error: 'Dokument 7148000 nije pronađen', notSetUp: false },
    };
    const fetchMock = pageApi([{ ...DOCUMENT, state: 'REJECTED', rejection: refused }], {
      'POST /api/v1/inbox/7/rejection/report-now': () => jsonResponse(200, { data: { rejection: refused } }),
    });
    const { user } = renderApp({ route: '/Inbox/7', signedIn: true });
    const shown = await rejectionRegion('Rejection');
    const told = await shown.findByTestId('rejection-intermediary');
    expect(told).toHaveTextContent('The intermediary (moj-eRačun) reports the rejection to the Tax Administration and shows it to the supplier.');
    expect(told).toHaveTextContent('The intermediary refused it: Dokument 7148000 nije pronađen');
    await user.click(shown.getByRole('button', { name: 'Send to the intermediary again' }));
    await findToast('The rejection of invoice 17-P1-1 is sent to the intermediary again');
    expect(callsTo(fetchMock, 'POST /api/v1/inbox/7/rejection/report-now')).toHaveLength(1);
  });

  it('says why a rejection waits when no intermediary is set up, and leads to its settings', async () => {
    const waiting = {
      ...REJECTION,
      report: { ...REJECTION.report, status: 'BY_INTERMEDIARY' as const, waitingForReceipt: false },
      intermediary: { status: 'PENDING' as const, reports: true, tellsSupplier: false, attempts: 0, nextAttemptAt: '2026-12-07T10:00:00.000Z', error: null, notSetUp: true },
    };
    pageApi([{ ...DOCUMENT, state: 'REJECTED', rejection: waiting }]);
    const { user } = renderApp({ route: '/Inbox/7', signedIn: true });
    const shown = await rejectionRegion('Odbijanje');
    expect(await shown.findByTestId('rejection-intermediary-not-set-up')).toHaveTextContent('Čeka jer posrednik još nije postavljen');
    await user.click(shown.getByRole('link', { name: 'Postavke > Dostava e-računa' }));
    expect(await screen.findByRole('tab', { name: 'Dostava e-računa', selected: true })).toBeInTheDocument();
  });
});

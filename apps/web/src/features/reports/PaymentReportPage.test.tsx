import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type PaymentReport, formatMoney, previousMonth, todayInZagreb } from '@faktura/shared';
import { i18n } from '../../lib/i18n';
import { callsTo, jsonResponse, stubApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';

/** November 2026: a part payment in cash, a set-off and its correction, to Jadranski Softver. */
function november(overrides: Partial<PaymentReport> = {}): PaymentReport {
  const row = {
    invoiceId: 7,
    invoiceNumber: '7/POSL1/1',
    issueDate: '2026-10-22',
    issuerOib: '69814562369',
    recipientOib: '33914072203',
    recipientName: 'Jadranski Softver d.o.o.',
    currencyCode: 'EUR',
    correctsPaymentId: null,
    reported: false,
    reportedAt: null,
  };
  return {
    month: '2026-11',
    from: '2026-11-01',
    to: '2026-11-30',
    deadline: '2026-12-20',
    rows: [
      { ...row, paymentId: 11, paidOn: '2026-11-02', amountCents: 20000, method: 'CASH', reportCode: 'Z', reported: true, reportedAt: '2026-11-03T09:00:00Z' },
      { ...row, paymentId: 12, paidOn: '2026-11-02', amountCents: 123456, method: 'SETOFF', reportCode: 'O' },
      { ...row, paymentId: 13, paidOn: '2026-11-26', amountCents: -5000, method: 'SETOFF', reportCode: 'O', correctsPaymentId: 12 },
    ],
    totals: { payments: 3, unreported: 2, amounts: [{ currencyCode: 'EUR', amountCents: 138456, payments: 3 }] },
    ...overrides,
  };
}

/** As the screen writes it (a no-break space before the sign, a true minus). */
const eur = (cents: number) => formatMoney(cents, 'EUR', 'hr');
const PATH = 'GET /api/v1/reports/payments?month=2026-11';

afterEach(async () => {
  await i18n.changeLanguage('hr');
});

describe('Reports', () => {
  it('are in the navigation and list the payment report, which leads to its screen', async () => {
    stubApi({ [PATH]: () => jsonResponse(200, { data: november() }) });
    const { user } = renderApp({ route: '/Reports', signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Izvješća' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Izvješća' })).toHaveAttribute('href', '/Reports');
    await user.click(screen.getByRole('link', { name: 'Naplate za prijavu' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Naplate za prijavu' })).toBeInTheDocument();
  });
});

describe('Payments to report', () => {
  it('opens on the previous month by default', async () => {
    const month = previousMonth(todayInZagreb().slice(0, 7));
    const fetchMock = stubApi({
      [`GET /api/v1/reports/payments?month=${month}`]: () => jsonResponse(200, { data: november({ month, rows: [], totals: { payments: 0, unreported: 0, amounts: [] } }) }),
    });
    renderApp({ route: '/Reports/Payments', signedIn: true });
    expect(await screen.findByText('U ovom mjesecu nema naplata za prijavu.')).toBeInTheDocument();
    expect(callsTo(fetchMock, `GET /api/v1/reports/payments?month=${month}`)).toHaveLength(1);
  });

  it('shows the deadline, how to report by hand, every payment and the totals, in Croatian', async () => {
    stubApi({ [PATH]: () => jsonResponse(200, { data: november() }) });
    renderApp({ route: '/Reports/Payments?month=2026-11', signedIn: true });
    expect(await screen.findByText('Rok za prijavu: 20. 12. 2026.')).toBeInTheDocument();
    expect(screen.getByText(/unesite ručno u FiskAplikaciju/)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Naplate za prijavu u mjesecu' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['7/POSL1/1', '22. 10. 2026.', 'Jadranski Softver d.o.o.', '33914072203', '69814562369', '2. 11. 2026.', eur(20000), 'Z – ostalo', 'da'],
      ['7/POSL1/1', '22. 10. 2026.', 'Jadranski Softver d.o.o.', '33914072203', '69814562369', '2. 11. 2026.', eur(123456), 'O – obračunsko plaćanje', 'ne'],
      ['7/POSL1/1', '22. 10. 2026.', 'Jadranski Softver d.o.o.', '33914072203', '69814562369', '26. 11. 2026.', `${eur(-5000)}ispravak plaćanja 12`, 'O – obračunsko plaćanje', 'ne'],
    ]);
    expect(screen.getByText('Ukupno: 3 naplate')).toBeInTheDocument();
    expect(screen.getByText(eur(138456).replace(/\s/g, ' '))).toBeInTheDocument();
    expect(screen.getByText('Neprijavljeno: 2')).toBeInTheDocument();
  });

  it('picks another month in the month picker, and asks for that one', async () => {
    const october = november({ month: '2026-10', deadline: '2026-11-20', rows: [], totals: { payments: 0, unreported: 0, amounts: [] } });
    const fetchMock = stubApi({
      [PATH]: () => jsonResponse(200, { data: november() }),
      'GET /api/v1/reports/payments?month=2026-10': () => jsonResponse(200, { data: october }),
    });
    const { user } = renderApp({ route: '/Reports/Payments?month=2026-11', signedIn: true });
    await screen.findByText('Rok za prijavu: 20. 12. 2026.');
    await user.click(screen.getByRole('button', { name: 'Mjesec' }));
    await user.click(await screen.findByRole('button', { name: 'listopad 2026.' }));
    expect(await screen.findByText('Rok za prijavu: 20. 11. 2026.')).toBeInTheDocument();
    expect(await screen.findByText('U ovom mjesecu nema naplata za prijavu.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/v1/reports/payments?month=2026-10')).toHaveLength(1);
  });

  it('speaks English too', async () => {
    await i18n.changeLanguage('en');
    stubApi({ [PATH]: () => jsonResponse(200, { data: november() }) });
    renderApp({ route: '/Reports/Payments?month=2026-11', signedIn: true });
    expect(await screen.findByText('Reporting deadline: 20 Dec 2026')).toBeInTheDocument();
    expect(screen.getByText(/by hand in the Tax Administration’s FiskAplikacija/)).toBeInTheDocument();
    expect(await screen.findByText('Total: 3 payments')).toBeInTheDocument();
    expect(screen.getAllByText('O – set-off')).toHaveLength(2);
  });

  it('downloads the CSV under the server’s name', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:faktura/csv');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    const csv = '\uFEFFBroj računa;Datum izdavanja\r\n';
    const fetchMock = stubApi({
      [PATH]: () => jsonResponse(200, { data: november() }),
      'GET /api/v1/reports/payments.csv?month=2026-11&lang=hr': () =>
        new Response(csv, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="naplate-2026-11.csv"' } }),
    });
    const { user } = renderApp({ route: '/Reports/Payments?month=2026-11', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Preuzmi CSV' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]).toHaveAttribute('download', 'naplate-2026-11.csv');
    expect(callsTo(fetchMock, 'GET /api/v1/reports/payments.csv?month=2026-11&lang=hr')).toHaveLength(1);
    expect((created.mock.calls[0]?.[0] as Blob).size).toBeGreaterThan(0);
  });

  it('says why a month cannot be shown', async () => {
    stubApi({ [PATH]: () => jsonResponse(500, { errors: [{ reason: 'Baza nije dostupna', code: 'internal' }] }) });
    renderApp({ route: '/Reports/Payments?month=2026-11', signedIn: true });
    expect(await screen.findByText('Baza nije dostupna')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '@faktura/shared';
import { i18n } from '../../lib/i18n';
import { callsTo, jsonResponse, stubApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';
import { dashboardBody, THIS_YEAR } from '../../test/samples/dashboard';
import { ISSUED, listBody, OVERDUE } from '../../test/samples/invoiceList';

const dashboardPath = (year: number) => `GET /api/v1/dashboard?year=${year}`;
const answer = (body: unknown) => () => jsonResponse(200, { data: body });
// Testing Library reads the page's no-break spaces as plain ones.
const eur = (cents: number, language: 'hr' | 'en' = 'hr') =>
  formatMoney(cents, 'EUR', language).replace(/\s/g, ' ');

// jsdom lays nothing out, so recharts warns that its box is 0×0; anything else still shows.
beforeEach(() => {
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('of chart should be greater than 0')) warn(...args);
  });
});

describe('Dashboard', () => {
  it("shows this year's totals in euro, the overdue link, the chart and the latest invoices", async () => {
    stubApi({ [dashboardPath(THIS_YEAR)]: answer(dashboardBody()) });
    renderApp({ route: '/', signedIn: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Nadzorna ploča' })).toBeInTheDocument();
    expect(await screen.findByText(eur(123_450))).toBeInTheDocument();
    expect(eur(123_450)).toBe('1.234,50 €');
    // paid: the payments received in the year; outstanding: what remains after part payments (decision 028)
    expect(screen.getByText(eur(90_000))).toBeInTheDocument();
    expect(screen.getByText(eur(33_450))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dospjeli neplaćeni: 2' })).toHaveAttribute(
      'href',
      '/Dashboard/Submitted',
    );
    expect(screen.getByText(`Ostaje naplatiti ${eur(21_000)}`)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Godina' })).toHaveValue(String(THIS_YEAR));

    // The chart itself draws nothing in jsdom (no layout), but it must not take the page down.
    expect(screen.getByRole('heading', { level: 2, name: 'Prihod po mjesecima (EUR)' })).toBeInTheDocument();

    const latest = screen.getByRole('table', { name: 'Najnoviji računi' });
    const [first, second] = within(latest).getAllByRole('row').slice(1);
    expect(within(first!).getByRole('link', { name: '3/POSL1/1' })).toHaveAttribute('href', '/Invoices/3');
    expect(first).toHaveTextContent('Obrt Ana');
    expect(first).toHaveTextContent('22. 11. 2026.');
    expect(first).toHaveTextContent('Izdan');
    expect(first).toHaveTextContent('1.250,00 €');
    expect(second).toHaveTextContent('Kasni');
  });

  it('offers Send reminder on an overdue row, which opens the reminder dialog instead of the invoice', async () => {
    const draft = {
      kind: 'reminder',
      language: 'hr',
      to: ['ap@linden.example'],
      cc: [],
      bcc: null,
      subject: 'Podsjetnik: račun 2/POSL1/1',
      body: 'Poštovani,\n\nljubazno Vas podsjećamo da račun 2/POSL1/1 još nije plaćen.',
      attachments: ['Racun-2-POSL1-1.pdf'],
      ready: true,
    };
    const fetchMock = stubApi({
      [dashboardPath(THIS_YEAR)]: answer(dashboardBody()),
      'GET /api/v1/invoice/2/email/draft?kind=reminder': answer(draft),
      'POST /api/v1/invoice/2/email': () =>
        jsonResponse(201, {
          data: {
            id: 1,
            invoiceId: 2,
            kind: 'reminder',
            language: 'hr',
            status: 'SENT',
            to: draft.to,
            cc: [],
            bcc: null,
            subject: draft.subject,
            body: draft.body,
            attachments: draft.attachments,
            messageId: '<1@x>',
            errorCode: null,
            reason: null,
            serverResponse: '250 OK',
            createdAt: '2026-03-18T09:30:00.000Z',
          },
        }),
    });
    const { user } = renderApp({ route: '/', signedIn: true });
    const latest = await screen.findByRole('table', { name: 'Najnoviji računi' });
    const [issued, overdue, cleared] = within(latest).getAllByRole('row').slice(1);
    // only the overdue invoice is reminded of
    expect(within(issued!).queryByRole('button', { name: /podsjetnik/ })).not.toBeInTheDocument();
    expect(within(cleared!).queryByRole('button', { name: /podsjetnik/ })).not.toBeInTheDocument();
    await user.click(within(overdue!).getByRole('button', { name: 'Pošalji podsjetnik za račun 2/POSL1/1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Podsjetnik za račun 2/POSL1/1' });
    expect(await within(dialog).findByRole('textbox', { name: 'Predmet' })).toHaveValue(
      'Podsjetnik: račun 2/POSL1/1',
    );
    // the row's own click (open the invoice) did not happen
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent(/^\/$/);
    await user.click(within(dialog).getByRole('button', { name: 'Pošalji' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/v1/invoice/2/email')).toHaveLength(1));
    expect(
      JSON.parse((callsTo(fetchMock, 'POST /api/v1/invoice/2/email')[0]?.[1] as { body: string }).body),
    ).toMatchObject({
      kind: 'reminder',
      to: ['ap@linden.example'],
    });
  });

  it('lists the overdue invoices of any year with Send reminder, and links to all unpaid ones', async () => {
    stubApi({
      [dashboardPath(THIS_YEAR)]: answer(dashboardBody({ latest: [ISSUED] })),
      'GET /api/v1/invoice/list?overdue=1&pageSize=5': () => jsonResponse(200, listBody([OVERDUE])),
    });
    const { user } = renderApp({ route: '/', signedIn: true });
    const overdue = await screen.findByRole('table', { name: 'Dospjeli neplaćeni računi' });
    const [row] = within(overdue).getAllByRole('row').slice(1);
    expect(row).toHaveTextContent('Linden GmbH');
    expect(screen.getByRole('link', { name: 'Svi nenaplaćeni računi' })).toHaveAttribute(
      'href',
      '/Dashboard/Submitted',
    );
    await user.click(within(row!).getByRole('button', { name: 'Pošalji podsjetnik za račun 2/POSL1/1' }));
    expect(await screen.findByRole('dialog', { name: 'Podsjetnik za račun 2/POSL1/1' })).toBeInTheDocument();
  });

  it('shows no overdue table when nothing is overdue', async () => {
    const fetchMock = stubApi({
      [dashboardPath(THIS_YEAR)]: answer(dashboardBody()),
      'GET /api/v1/invoice/list?overdue=1&pageSize=5': () => jsonResponse(200, listBody([])),
    });
    renderApp({ route: '/', signedIn: true });
    await screen.findByRole('table', { name: 'Najnoviji računi' });
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/v1/invoice/list?overdue=1&pageSize=5')).toHaveLength(1));
    // the answer has been rendered by the time the next frame's queries run
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('table', { name: 'Dospjeli neplaćeni računi' })).not.toBeInTheDocument();
  });

  it('switches the year from the select and keeps it in the address', async () => {
    const fetchMock = stubApi({
      [dashboardPath(THIS_YEAR)]: answer(dashboardBody()),
      [dashboardPath(THIS_YEAR - 1)]: answer(dashboardBody({ year: THIS_YEAR - 1, issuedEurCents: 999_900 })),
    });
    const { user } = renderApp({ route: '/', signedIn: true });
    await screen.findByText(eur(123_450));
    await user.click(screen.getByRole('textbox', { name: 'Godina' }));
    await user.click(screen.getByRole('option', { name: String(THIS_YEAR - 1) }));
    expect(await screen.findByText(eur(999_900))).toBeInTheDocument();
    expect(callsTo(fetchMock, dashboardPath(THIS_YEAR - 1))).toHaveLength(1);
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent(`/?year=${THIS_YEAR - 1}`);
  });

  it('shows zeros and a friendly line for a year without invoices', async () => {
    const empty = dashboardBody({
      year: 2024,
      issuedEurCents: 0,
      clearedEurCents: 0,
      outstandingEurCents: 0,
      paidEurCents: 0,
      overdueCount: 0,
      overdueEurCents: 0,
      monthly: dashboardBody().monthly.map((month) => ({ ...month, issuedEurCents: 0, clearedEurCents: 0, paidEurCents: 0 })),
      latest: [],
    });
    stubApi({ [dashboardPath(2024)]: answer(empty) });
    renderApp({ route: '/?year=2024', signedIn: true });
    expect(await screen.findByText('U 2024. godini još nema izdanih računa.')).toBeInTheDocument();
    expect(screen.getAllByText(eur(0))).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Dospjeli neplaćeni: 0' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the server's reason when the dashboard cannot load", async () => {
    stubApi({
      [dashboardPath(THIS_YEAR)]: () =>
        jsonResponse(503, { errors: [{ reason: 'Baza nije dostupna', code: 'internal' }] }),
    });
    renderApp({ route: '/', signedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Baza nije dostupna');
  });

  it('speaks English when the language is English', async () => {
    await i18n.changeLanguage('en');
    stubApi({ [dashboardPath(THIS_YEAR)]: answer(dashboardBody()) });
    renderApp({ route: '/', signedIn: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText(eur(123_450, 'en'))).toBeInTheDocument();
    expect(eur(123_450, 'en')).toBe('€1,234.50');
    expect(screen.getByRole('link', { name: 'Overdue: 2' })).toBeInTheDocument();
    expect(screen.getByText('Outstanding')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Revenue per month (EUR)' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Latest invoices' })).toHaveTextContent('22 Nov 2026'),
    );
  });

  it('says what needs the user about fiscalization, with links to the refused and the late documents', async () => {
    stubApi({
      [dashboardPath(THIS_YEAR)]: answer(dashboardBody({ fiscalization: { failed: 2, pending: 3, late: 1, waiting: 0, waitingUntil: null, paymentReportsFailed: 1 } })),
    });
    renderApp({ route: '/', signedIn: true });
    expect(await screen.findByText(/Porezna uprava odbila je 2 dokumenta/)).toBeInTheDocument();
    expect(screen.getByText(/1 dokument nije fiskaliziran u zakonskom roku/)).toBeInTheDocument();
    expect(screen.getByText(/odbila je prijavu 1 naplate/)).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Prikaži ih' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/Invoices?fiscalStatus=FAILED', '/Invoices?fiscalStatus=PENDING']);
  });

  it('says which documents wait for a later delivery and until when, in yellow, with the way to them', async () => {
    stubApi({ [dashboardPath(THIS_YEAR)]: answer(dashboardBody({ fiscalization: { failed: 0, pending: 2, late: 0, waiting: 2, waitingUntil: '2026-12-01', paymentReportsFailed: 0 } })) });
    renderApp({ route: '/', signedIn: true });
    expect(await screen.findByText(/2 dokumenta čekaju fiskalizaciju: servis Porezne uprave nije bio dostupan, a Faktura ih šalje ponovno, najkasnije do 1\. 12\. 2026\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Prikaži ih' })).toHaveAttribute('href', '/Invoices?fiscalStatus=PENDING');
  });

  it('says which e-invoices the buyer rejected, the way forward, and links to them; and those the intermediary did not take', async () => {
    stubApi({ [dashboardPath(THIS_YEAR)]: answer(dashboardBody({ delivery: { rejected: 3, failed: 1, notFiscalized: 2 } })) });
    renderApp({ route: '/', signedIn: true });
    expect(await screen.findByText(/3 e-računa su odbijena kod primatelja: razlozi pišu na stranicama računa\. Izdajte odobrenje i novi račun\./)).toBeInTheDocument();
    expect(screen.getByText(/Posrednik nije preuzeo 1 e-račun/)).toBeInTheDocument();
    expect(screen.getByText(/Fiskalizacija 2 e-računa nije uspjela \(javlja posrednik\): za svaki izdajte odobrenje \(storno\) i novi račun s novim brojem\./)).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Prikaži ih' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/Invoices?delivery=REJECTED', '/Invoices?delivery=NOT_FISCALIZED', '/Invoices?delivery=FAILED']);
  });

  it('says it in English', async () => {
    await i18n.changeLanguage('en');
    try {
      stubApi({ [dashboardPath(THIS_YEAR)]: answer(dashboardBody({ delivery: { rejected: 1, failed: 0, notFiscalized: 0 } })) });
      renderApp({ route: '/', signedIn: true });
      expect(await screen.findByText(/1 e-invoice was rejected by the buyer: the invoice page shows why\. Issue a credit note and a new invoice\./)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Show them' })).toHaveAttribute('href', '/Invoices?delivery=REJECTED');
      expect(screen.queryByText(/did not accept/)).not.toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('hr');
    }
  });

  it('says nothing about e-invoice delivery while none was rejected or refused', async () => {
    stubApi({ [dashboardPath(THIS_YEAR)]: answer(dashboardBody()) });
    renderApp({ route: '/', signedIn: true });
    expect(await screen.findByText(eur(123_450))).toBeInTheDocument();
    expect(screen.queryByText(/e-račun/i)).not.toBeInTheDocument();
  });

  it('says nothing about fiscalization while all is well', async () => {
    stubApi({ [dashboardPath(THIS_YEAR)]: answer(dashboardBody({ fiscalization: { failed: 0, pending: 2, late: 0, waiting: 0, waitingUntil: null, paymentReportsFailed: 0 } })) });
    renderApp({ route: '/', signedIn: true });
    expect(await screen.findByText(eur(123_450))).toBeInTheDocument();
    expect(screen.queryByText(/Porezna uprava/)).not.toBeInTheDocument();
  });

  it('warns of received e-invoices to fiscalize as received: deadlines passed and near, and refusals, each with the way to them', async () => {
    stubApi({
      [dashboardPath(THIS_YEAR)]: answer(dashboardBody()),
      'GET /api/v1/inbox/attention': answer({ late: 2, dueSoon: 1, nextDeadline: '2026-12-09', refused: 1 }),
    });
    renderApp({ route: '/', signedIn: true });
    const alert = (await screen.findByText('Primljeni e-računi')).closest('[role=alert]') as HTMLElement;
    expect(alert).toHaveTextContent('Rok za fiskalizaciju primitka istekao je za 2 primljena e-računa.');
    expect(alert).toHaveTextContent('1 primljeni e-račun treba fiskalizirati kao primljen najkasnije do 9. 12. 2026.');
    expect(alert).toHaveTextContent('Porezna uprava odbila je fiskalizaciju primitka 1 e-računa');
    expect(within(alert).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/Inbox?fiscalStatus=PENDING', '/Inbox?fiscalStatus=FAILED']);
  });

  it('warns of rejected e-invoices not yet reported, with the nearest 20th and the way to them (decision 040)', async () => {
    stubApi({
      [dashboardPath(THIS_YEAR)]: answer(dashboardBody()),
      'GET /api/v1/inbox/attention': answer({ late: 0, dueSoon: 0, nextDeadline: null, refused: 0, rejectionsToReport: 2, rejectionsDeadline: '2027-01-20' }),
    });
    renderApp({ route: '/', signedIn: true });
    const alert = (await screen.findByText('Primljeni e-računi')).closest('[role=alert]') as HTMLElement;
    expect(alert).toHaveTextContent('2 odbijena e-računa treba prijaviti Poreznoj upravi, prvi do 20. 1. 2027. Prikaži ih');
    expect(within(alert).getByRole('link', { name: 'Prikaži ih' })).toHaveAttribute('href', '/Inbox?state=REJECTED');
  });

  it('says nothing about received e-invoices while no deadline is near', async () => {
    stubApi({
      [dashboardPath(THIS_YEAR)]: answer(dashboardBody()),
      'GET /api/v1/inbox/attention': answer({ late: 0, dueSoon: 0, nextDeadline: null, refused: 0, rejectionsToReport: 0, rejectionsDeadline: null }),
    });
    renderApp({ route: '/', signedIn: true });
    expect(await screen.findByText(eur(123_450))).toBeInTheDocument();
    expect(screen.queryByText('Primljeni e-računi')).not.toBeInTheDocument();
  });
});

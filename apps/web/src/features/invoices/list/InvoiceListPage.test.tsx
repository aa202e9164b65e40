import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { callsTo, jsonResponse, listQueries, stubInvoiceApi } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';
import { CLEARED, DRAFT, ISSUED, listBody, OVERDUE } from '../../../test/samples/invoiceList';

const address = () => screen.getByRole('status', { name: 'address' });
const table = () => screen.findByRole('table', { name: 'Popis računa' });
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

beforeEach(() => notifications.clean());

describe('Invoice list: rent clients not yet invoiced this month', () => {
  it('asks the API with notInvoicedThisMonth=1, explains the rows, offers Repeat on each, and switches off again', async () => {
    const fetchMock = stubInvoiceApi((query) =>
      query.get('notInvoicedThisMonth') === '1' ? listBody([CLEARED]) : listBody([DRAFT, ISSUED, CLEARED]),
    );
    const { user } = renderApp({ route: '/Invoices', signedIn: true });
    await table();
    const toggle = screen.getByRole('button', { name: 'Najam: još bez računa ovaj mjesec' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(address()).toHaveTextContent('/Invoices?notInvoicedThisMonth=1');
    expect(screen.getByText(/^Klijenti s ugovorom o najmu kojima ovaj mjesec još nije izrađen račun/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('3/POSL1/1')).not.toBeInTheDocument());
    expect(listQueries(fetchMock).at(-1)?.get('notInvoicedThisMonth')).toBe('1');
    const row = await rowOf('1/POSL1/1');
    expect(within(row).getByRole('link', { name: 'Ponovi račun 1/POSL1/1' })).toHaveAttribute('href', '/Invoices/NewInvoice?from=1');

    await user.click(toggle);
    expect(address()).toHaveTextContent(/^\/Invoices$/);
    expect(await screen.findByText('3/POSL1/1')).toBeInTheDocument();
  });

  it('says so when every rent client is invoiced, in English too', async () => {
    await i18n.changeLanguage('en');
    try {
      stubInvoiceApi(() => listBody([], { total: 0 }));
      renderApp({ route: '/Invoices?notInvoicedThisMonth=1', signedIn: true });
      expect(await screen.findByText('Every client with a rent contract already has an invoice this month.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Rent: not yet invoiced this month' })).toHaveAttribute('aria-pressed', 'true');
    } finally {
      await i18n.changeLanguage('hr');
    }
  });
});

describe('Invoice list: rows', () => {
  it('shows number, client, date, state and amount, marks overdue rows and numbers no draft', async () => {
    stubInvoiceApi(() => listBody([DRAFT, ISSUED, OVERDUE, CLEARED]));
    renderApp({ route: '/Invoices', signedIn: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Računi' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Novi račun' })).toHaveAttribute('href', '/Invoices/NewInvoice');
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    // amounts as the screen writes them from cents and currency (Intl's no-break space; hr writes USD as the code)
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^— nacrtKava d\.o\.o\.22\. 11\. 2026\.Nacrt99,00\s€$/),
      expect.stringMatching(/^3\/POSL1\/1Obrt Ana22\. 11\. 2026\.Izdan1\.250,00\s€$/),
      // with the hidden reason that describes the Delete they do not offer
      expect.stringMatching(
        /^2\/POSL1\/1Linden GmbH2\. 3\. 2026\.IzdanKasni500,00\sUSDObrisati se može samo posljednji/,
      ),
      expect.stringMatching(
        /^1\/POSL1\/1Obrt Ana30\. 12\. 2025\.Naplaćen80,00\s€Naplaćeni račun ne može se obrisati\.$/,
      ),
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'Uredi račun 3/POSL1/1' })).toHaveAttribute(
      'href',
      '/Invoices/3',
    );
    expect(within(rows[0]!).getByRole('link', { name: 'Uredi nacrt računa za Kava d.o.o.' })).toHaveAttribute(
      'href',
      '/Invoices/4',
    );
    expect(within(rows[2]!).getByTitle('Dospjelo 17. 3. 2026.')).toHaveTextContent('Kasni');
    // Per row: preview (print/download), credit note, e-mail and repeat (issued invoices only), edit and delete.
    expect(within(rows[1]!).getAllByRole('link').map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      ['Ponovi račun 3/POSL1/1', '/Invoices/NewInvoice?from=3'],
      ['Uredi račun 3/POSL1/1', '/Invoices/3'],
    ]);
    // a draft is not repeated
    expect(within(rows[0]!).queryByRole('link', { name: /^Ponovi/ })).not.toBeInTheDocument();
    expect(
      within(rows[1]!)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([
      'Pregled računa 3/POSL1/1',
      'Odobrenje / storno računa 3/POSL1/1',
      'Pošalji račun 3/POSL1/1 e-poštom',
      'Obriši račun 3/POSL1/1',
    ]);
    expect(within(rows[0]!).queryByRole('button', { name: /Odobrenje/ })).not.toBeInTheDocument();
  });

  it('filters by year from the facets, and clicking the year again shows all years', async () => {
    const fetchMock = stubInvoiceApi((query) => {
      const year = query.has('year') ? Number(query.get('year')) : null;
      const rows = [ISSUED, CLEARED].filter((row) => !year || row.invoiceDate.startsWith(String(year)));
      return listBody(rows, { year });
    });
    // Opened as a reload of a filtered list would open it.
    const { user } = renderApp({ route: '/Invoices?year=2025', signedIn: true });
    await table();
    expect(listQueries(fetchMock)[0]?.get('year')).toBe('2025');
    const years = screen.getByRole('group', { name: 'Godina' });
    expect(
      within(years)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['2026', '2025']);
    const year2025 = within(years).getByRole('button', { name: '2025' });
    expect(year2025).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText('3/POSL1/1')).not.toBeInTheDocument();

    await user.click(year2025);
    expect(year2025).toHaveAttribute('aria-pressed', 'false');
    expect(address()).toHaveTextContent(/^\/Invoices$/);
    expect(await screen.findByText('3/POSL1/1')).toBeInTheDocument();
    expect(listQueries(fetchMock).at(-1)?.has('year')).toBe(false);

    await user.click(within(years).getByRole('button', { name: '2026' }));
    expect(within(years).getByRole('button', { name: '2026' })).toHaveAttribute('aria-pressed', 'true');
    expect(address()).toHaveTextContent('/Invoices?year=2026');
    await waitFor(() => expect(screen.queryByText('1/POSL1/1')).not.toBeInTheDocument());
    expect(listQueries(fetchMock).at(-1)?.get('year')).toBe('2026');
  });

  it('searches by number or client after a pause in typing, and keeps the search in the address', async () => {
    const fetchMock = stubInvoiceApi((query) =>
      listBody(query.get('q') === 'Linden' ? [OVERDUE] : [ISSUED, OVERDUE]),
    );
    const { user } = renderApp({ route: '/Invoices?year=2026', signedIn: true });
    await table();
    expect(listQueries(fetchMock)[0]?.get('year')).toBe('2026');
    await user.type(screen.getByRole('searchbox', { name: 'Traži račune' }), 'Linden');
    await waitFor(() => expect(screen.queryByText('Obrt Ana')).not.toBeInTheDocument());
    expect(listQueries(fetchMock).at(-1)?.get('q')).toBe('Linden');
    // Debounced: the letters typed before the pause were never asked for.
    expect(listQueries(fetchMock).map((query) => query.get('q'))).not.toContain('Li');
    expect(address()).toHaveTextContent('/Invoices?year=2026&q=Linden');
  });

  it('asks for page 2 when there are more invoices than fit on a page', async () => {
    const fetchMock = stubInvoiceApi((query) =>
      listBody(query.get('page') === '2' ? [CLEARED] : [ISSUED], {
        page: Number(query.get('page')),
        total: 120,
      }),
    );
    const { user } = renderApp({ route: '/Invoices', signedIn: true });
    await table();
    expect(screen.getByText('1–50 od 120')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stranica 2' }));
    expect(await screen.findByText('1/POSL1/1')).toBeInTheDocument();
    expect(listQueries(fetchMock).at(-1)?.get('page')).toBe('2');
    expect(listQueries(fetchMock).at(-1)?.get('pageSize')).toBe('50');
    expect(screen.getByText('51–100 od 120')).toBeInTheDocument();
    expect(address()).toHaveTextContent('/Invoices?page=2');
  });
});

describe('Invoice list: delete', () => {
  it('asks first, then deletes, says so and refreshes the list', async () => {
    let rows = [ISSUED, CLEARED];
    const fetchMock = stubInvoiceApi(() => listBody(rows), {
      'DELETE /api/v1/invoice/3': () => {
        rows = [CLEARED];
        return jsonResponse(200, { data: { id: 3 } });
      },
    });
    const { user } = renderApp({ route: '/Invoices', signedIn: true });
    await user.click(
      within(await rowOf('3/POSL1/1')).getByRole('button', { name: 'Obriši račun 3/POSL1/1' }),
    );
    // The dialog loads on first open (lazyDialog): mounted closed, then opened, one render later.
    const dialog = await screen.findByRole('dialog', { name: 'Obrisati račun?' });
    expect(dialog).toHaveTextContent('3/POSL1/1 · Obrt Ana · 22. 11. 2026. · 1.250,00 €');
    expect(callsTo(fetchMock, 'DELETE /api/v1/invoice/3')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Obriši' }));
    expect(await screen.findByText('Račun 3/POSL1/1 obrisan')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Uredi račun 3/POSL1/1' })).not.toBeInTheDocument(),
    );
  });

  it("shows the server's reason when the invoice may not be deleted", async () => {
    const reason = 'Izdani račun može se obrisati samo dok je posljednji u svom nizu (2/POSL1/1 nije)';
    // the list said it could go (someone issued another one since)
    const fetchMock = stubInvoiceApi(() => listBody([ISSUED, { ...OVERDUE, actions: ISSUED.actions }]), {
      'DELETE /api/v1/invoice/2': () => jsonResponse(409, { errors: [{ reason, code: 'invoiceNotNewest' }] }),
    });
    const { user } = renderApp({ route: '/Invoices', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Obriši račun 2/POSL1/1' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Obriši' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByText('2/POSL1/1')).toBeInTheDocument();
    // Asked again after the refusal: the list may have been out of date.
    await waitFor(() => expect(listQueries(fetchMock)).toHaveLength(2));
  });
});

describe('Invoice list: only the actions the server allows (issue 12)', () => {
  it('offers Delete only where it will be taken, and says why in a tooltip where it is not', async () => {
    const fetchMock = stubInvoiceApi(() => listBody([DRAFT, ISSUED, OVERDUE, CLEARED]));
    const { user } = renderApp({ route: '/Invoices', signedIn: true });
    const older = within(await rowOf('2/POSL1/1')).getByRole('button', { name: 'Obriši račun 2/POSL1/1' });
    expect(older).toHaveAttribute('aria-disabled', 'true');
    await user.hover(older);
    const why =
      'Obrisati se može samo posljednji račun u nizu, inače bi u numeraciji nastala rupa. Ovaj račun ispravite odobrenjem (storno).';
    expect(await screen.findByRole('tooltip')).toHaveTextContent(why);
    expect(older).toHaveAccessibleDescription(why);
    // pressing it asks nothing and deletes nothing
    await user.click(older);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /api/v1/invoice/2')).toHaveLength(0);
    // moving away (and the focus the click gave it leaving) takes the tooltip away
    await user.unhover(older);
    older.blur();
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());

    const cleared = within(await rowOf('1/POSL1/1')).getByRole('button', { name: 'Obriši račun 1/POSL1/1' });
    expect(cleared).toHaveAttribute('aria-disabled', 'true');
    // the keyboard reaches it too: focus shows its own reason
    act(() => cleared.focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Naplaćeni račun ne može se obrisati.');
    await waitFor(() => expect(cleared).toHaveAccessibleDescription('Naplaćeni račun ne može se obrisati.'));
    for (const name of ['Obriši račun 3/POSL1/1', 'Obriši nacrt računa za Kava d.o.o.']) {
      expect(screen.getByRole('button', { name })).not.toHaveAttribute('aria-disabled');
    }
  });

  it('on a touch screen the reason stays after the finger lifts, until the next touch elsewhere', async () => {
    stubInvoiceApi(() => listBody([ISSUED, OVERDUE]));
    const { user } = renderApp({ route: '/Invoices', signedIn: true });
    const older = await screen.findByRole('button', { name: 'Obriši račun 2/POSL1/1' });
    await user.pointer({ keys: '[TouchA]', target: older });
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/^Obrisati se može samo posljednji račun u nizu/);
    // the pointer leaving (as a browser reports once the finger lifts) does not take it away
    fireEvent.pointerOut(older, { pointerType: 'touch', relatedTarget: document.body });
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    await user.pointer({ keys: '[TouchA]', target: screen.getByRole('heading', { level: 1, name: 'Računi' }) });
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('says it in English', async () => {
    await i18n.changeLanguage('en');
    stubInvoiceApi(() => listBody([ISSUED, OVERDUE]));
    const { user } = renderApp({ route: '/Invoices', signedIn: true });
    const older = await screen.findByRole('button', { name: 'Delete invoice 2/POSL1/1' });
    await user.hover(older);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Only the newest invoice of a sequence can be deleted, or the numbering would have a gap. Correct this one with a credit note (storno).',
    );
    expect(screen.getByRole('button', { name: 'Delete invoice 3/POSL1/1' })).not.toHaveAttribute(
      'aria-disabled',
    );
    await i18n.changeLanguage('hr');
  });
});

describe('Invoice list: states', () => {
  it('offers the first invoice when there are none, and shows why when the list fails', async () => {
    stubInvoiceApi(() => listBody([], { years: [] }));
    const first = renderApp({ route: '/Invoices', signedIn: true });
    expect(await screen.findByText('Još nema računa')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Novi račun' })).toHaveLength(2);
    first.unmount();

    stubInvoiceApi(() => jsonResponse(503, { errors: [{ reason: 'Baza nije dostupna', code: 'internal' }] }));
    renderApp({ route: '/Invoices', signedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Baza nije dostupna');
  });

  it('speaks English when the language is English', async () => {
    await i18n.changeLanguage('en');
    stubInvoiceApi(() => listBody([DRAFT, { ...OVERDUE, amountFormatted: '$500.00' }]));
    renderApp({ route: '/Invoices', signedIn: true });
    const list = await screen.findByRole('table', { name: 'Invoice list' });
    expect(screen.getByRole('heading', { level: 1, name: 'Invoices' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New invoice' })).toBeInTheDocument();
    for (const header of ['Number', 'Client', 'Date', 'State', 'Amount'])
      expect(within(list).getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(within(list).getByText('— draft')).toBeInTheDocument();
    expect(within(list).getByText('Draft')).toBeInTheDocument();
    expect(within(list).getByText('Published')).toBeInTheDocument();
    expect(within(list).getByText('Overdue')).toBeInTheDocument();
    expect(within(list).getByText('2 Mar 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete invoice 2/POSL1/1' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search invoices' })).toBeInTheDocument();
  });

  it('writes amounts and dates in English after a language switch without asking the server again (decision 019)', async () => {
    // the answer carries cents and codes; its amountFormatted is always Croatian
    const fetchMock = stubInvoiceApi(() => listBody([ISSUED]));
    renderApp({ route: '/Invoices', signedIn: true });
    expect(await screen.findByText('1.250,00 €')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('€1,250.00')).toBeInTheDocument();
    expect(screen.getByText('22 Nov 2026')).toBeInTheDocument();
    expect(listQueries(fetchMock)).toHaveLength(1);
  });
});

describe('Invoice list: credit notes', () => {
  it('labels credit notes, badges credited invoices and offers a credit note only where something remains', async () => {
    const note: typeof ISSUED = {
      ...ISSUED,
      id: 7,
      invoiceNumber: '7/POSL1/1',
      documentType: 'CREDIT_NOTE',
      amountFormatted: '-250,00 €',
      totalCents: -25_000,
      actions: { ...ISSUED.actions, creditNote: { allowed: false, reason: 'IS_CREDIT_NOTE' } },
    };
    const partly: typeof ISSUED = { ...ISSUED, creditStatus: 'PARTIAL' };
    const full: typeof ISSUED = {
      ...CLEARED,
      creditStatus: 'FULL',
      actions: { ...CLEARED.actions, creditNote: { allowed: false, reason: 'FULLY_CREDITED' } },
    };
    stubInvoiceApi(() => listBody([note, partly, full]));
    renderApp({ route: '/Invoices', signedIn: true });
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]).toHaveTextContent(/^7\/POSL1\/1Odobrenje.*Izdan−250,00 €$/);
    expect(within(rows[1]!).getByText('Djelomično odobreno')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Stornirano')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: /Odobrenje \/ storno/ })).not.toBeInTheDocument();
    // a credit note's row names it by its kind, not "račun"
    expect(within(rows[0]!).getByRole('link', { name: 'Otvori odobrenje 7/POSL1/1' })).toHaveAttribute('href', '/Invoices/7');
    expect(within(rows[0]!).getByRole('button', { name: 'Pregled odobrenja 7/POSL1/1' })).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: /Pregled računa/ })).not.toBeInTheDocument();
    expect(
      within(rows[1]!).getByRole('button', { name: 'Odobrenje / storno računa 3/POSL1/1' }),
    ).toBeInTheDocument();
    // where a user may look for it, it says why it is not there
    const unavailable = within(rows[2]!).getByRole('button', { name: 'Odobrenje / storno računa 1/POSL1/1' });
    expect(unavailable).toHaveAttribute('aria-disabled', 'true');
    expect(unavailable).toHaveAccessibleDescription(
      'Račun je u cijelosti odobren (storniran): nema više što odobriti.',
    );
  });

  it('reads in English', async () => {
    await i18n.changeLanguage('en');
    stubInvoiceApi(() =>
      listBody([
        {
          ...ISSUED,
          id: 7,
          invoiceNumber: '7/POSL1/1',
          documentType: 'CREDIT_NOTE',
          actions: { ...ISSUED.actions, creditNote: { allowed: false, reason: 'IS_CREDIT_NOTE' } },
        },
        {
          ...ISSUED,
          creditStatus: 'FULL',
          actions: { ...ISSUED.actions, creditNote: { allowed: false, reason: 'FULLY_CREDITED' } },
        },
      ]),
    );
    renderApp({ route: '/Invoices', signedIn: true });
    await screen.findByRole('table', { name: 'Invoice list' });
    expect(screen.getByText('Credit note')).toBeInTheDocument();
    expect(screen.getByText('Credited')).toBeInTheDocument();
  });
});

describe('Invoice list: fiscalization (decision 030)', () => {
  const FAILED = { ...ISSUED, id: 7, invoiceNumber: '7/POSL1/1', fiscalStatus: 'FAILED' as const };
  const WAITING = { ...ISSUED, id: 8, invoiceNumber: '8/POSL1/1', fiscalStatus: 'PENDING' as const };
  const DONE = { ...CLEARED, fiscalStatus: 'FISCALIZED' as const };

  it('marks refused, waiting and fiscalized rows, and filters by the status in the address', async () => {
    const fetchMock = stubInvoiceApi((query) =>
      query.get('fiscalStatus') === 'FAILED' ? listBody([FAILED]) : listBody([FAILED, WAITING, DONE, DRAFT]),
    );
    const { user } = renderApp({ route: '/Invoices', signedIn: true });
    await table();
    expect(within(await rowOf('7/POSL1/1')).getByText('Fiskalizacija odbijena')).toBeInTheDocument();
    expect(within(await rowOf('8/POSL1/1')).getByText('Čeka fiskalizaciju')).toBeInTheDocument();
    expect(within(await rowOf(DONE.invoiceNumber!)).getByRole('img', { name: 'Fiskalizirano' })).toBeInTheDocument();
    // a draft has no fiscalization mark
    expect(within((await screen.findByText(/nacrt/)).closest('tr')!).queryByText(/Fiskaliz/)).not.toBeInTheDocument();

    const filter = screen.getByRole('combobox', { name: 'Fiskalizacija' });
    await user.selectOptions(filter, 'FAILED');
    expect(address()).toHaveTextContent('/Invoices?fiscalStatus=FAILED');
    await waitFor(() => expect(screen.queryByText('8/POSL1/1')).not.toBeInTheDocument());
    expect(listQueries(fetchMock).at(-1)?.get('fiscalStatus')).toBe('FAILED');
    await user.selectOptions(filter, '');
    expect(address()).toHaveTextContent(/^\/Invoices$/);
  });

  it('offers no fiscalization filter while nothing listed has a fiscalization record, and reads in English', async () => {
    await i18n.changeLanguage('en');
    try {
      stubInvoiceApi(() => listBody([ISSUED, CLEARED]));
      renderApp({ route: '/Invoices', signedIn: true });
      await screen.findByText(ISSUED.invoiceNumber!);
      expect(screen.queryByRole('combobox', { name: 'Fiscalization' })).not.toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('hr');
    }
    await i18n.changeLanguage('en');
    try {
      stubInvoiceApi(() => listBody([FAILED]));
      renderApp({ route: '/Invoices?fiscalStatus=FAILED', signedIn: true });
      expect(await screen.findByText('Fiscalization refused')).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Fiscalization' })).toHaveValue('FAILED');
    } finally {
      await i18n.changeLanguage('hr');
    }
  });
});

describe('Invoice list: e-invoice delivery (issue 32)', () => {
  const REJECTED = { ...ISSUED, id: 9, invoiceNumber: '9/POSL1/1', deliveryStatus: 'REJECTED' as const };
  const REFUSED = { ...ISSUED, id: 10, invoiceNumber: '10/POSL1/1', deliveryStatus: 'FAILED' as const };
  const WAITING = { ...ISSUED, id: 11, invoiceNumber: '11/POSL1/1', deliveryStatus: 'PENDING' as const };
  const DELIVERED = { ...CLEARED, deliveryStatus: 'DELIVERED' as const };
  const SENT = { ...ISSUED, id: 12, invoiceNumber: '12/POSL1/1', deliveryStatus: 'SENT' as const };
  // delivered, then rejected by the buyer (decision 041)
  const BUYER = { ...ISSUED, id: 13, invoiceNumber: '13/POSL1/1', deliveryStatus: 'DELIVERED' as const, buyerRejected: true };

  it('marks rejected, refused, waiting and delivered rows, and filters by the status in the address', async () => {
    const fetchMock = stubInvoiceApi((query) =>
      query.get('delivery') === 'REJECTED' ? listBody([REJECTED]) : listBody([REJECTED, REFUSED, WAITING, DELIVERED, SENT, BUYER, ISSUED, DRAFT]),
    );
    const { user } = renderApp({ route: '/Invoices', signedIn: true });
    await table();
    expect(within(await rowOf('9/POSL1/1')).getByText('E-račun odbijen')).toBeInTheDocument();
    expect(within(await rowOf('10/POSL1/1')).getByText('E-račun nije preuzet')).toBeInTheDocument();
    expect(within(await rowOf('11/POSL1/1')).getByText('E-račun čeka slanje')).toBeInTheDocument();
    expect(within(await rowOf(DELIVERED.invoiceNumber!)).getByRole('img', { name: 'E-račun dostavljen' })).toBeInTheDocument();
    // the buyer's rejection says so in words instead of the delivered mark
    expect(within(await rowOf('13/POSL1/1')).getByText('Kupac odbio')).toBeInTheDocument();
    expect(within(await rowOf('13/POSL1/1')).queryByRole('img', { name: 'E-račun dostavljen' })).not.toBeInTheDocument();
    // sent and on its way, never sent, a draft: nothing to see
    for (const number of ['12/POSL1/1', ISSUED.invoiceNumber!]) expect(within(await rowOf(number)).queryByText(/E-račun/)).not.toBeInTheDocument();
    expect(within((await screen.findByText(/nacrt/)).closest('tr')!).queryByText(/E-račun/)).not.toBeInTheDocument();

    const filter = screen.getByRole('combobox', { name: 'E-račun' });
    await user.selectOptions(filter, 'REJECTED');
    expect(address()).toHaveTextContent('/Invoices?delivery=REJECTED');
    await waitFor(() => expect(screen.queryByText('11/POSL1/1')).not.toBeInTheDocument());
    expect(listQueries(fetchMock).at(-1)?.get('delivery')).toBe('REJECTED');
    await user.selectOptions(filter, '');
    expect(address()).toHaveTextContent(/^\/Invoices$/);
  });

  it('offers no delivery filter while nothing listed went to the intermediary, and reads in English', async () => {
    await i18n.changeLanguage('en');
    try {
      stubInvoiceApi(() => listBody([ISSUED, CLEARED]));
      renderApp({ route: '/Invoices', signedIn: true });
      await screen.findByText(ISSUED.invoiceNumber!);
      expect(screen.queryByRole('combobox', { name: 'E-invoice' })).not.toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('hr');
    }
    await i18n.changeLanguage('en');
    try {
      const fetchMock = stubInvoiceApi(() => listBody([REJECTED, DELIVERED]));
      renderApp({ route: '/Invoices?delivery=REJECTED', signedIn: true });
      expect(await screen.findByText('E-invoice rejected')).toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'E-invoice delivered' })).toBeInTheDocument();
      const filter = screen.getByRole('combobox', { name: 'E-invoice' });
      expect(filter).toHaveValue('REJECTED');
      expect(within(filter).getByRole('option', { name: 'E-invoice: Rejected by the buyer' })).toBeInTheDocument();
      expect(listQueries(fetchMock).at(-1)?.get('delivery')).toBe('REJECTED');
    } finally {
      await i18n.changeLanguage('hr');
    }
  });

  it('ignores a delivery status it does not know in a hand-edited address', async () => {
    const fetchMock = stubInvoiceApi(() => listBody([ISSUED]));
    renderApp({ route: '/Invoices?delivery=LOST', signedIn: true });
    await screen.findByText(ISSUED.invoiceNumber!);
    expect(listQueries(fetchMock).at(-1)?.get('delivery')).toBeNull();
  });
});

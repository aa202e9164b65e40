import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setProfile } from '../lib/profileStore';
import { callsTo, jsonResponse, stubApi } from '../test/fakeApi';
import { renderApp } from '../test/renderApp';
import { dashboardBody } from '../test/samples/dashboard';
import { ISSUED, listBody } from '../test/samples/invoiceList';
import { OPERATOR } from '../test/samples/session';
import { preloadPage } from './pages';

/*
 * main.tsx starts a screen's reads at boot, side by side with its code (pages.tsx). The read must be
 * the very one the screen makes: then the screen takes it and asks nothing twice. A read under another
 * key would be a second request and an answer nobody uses.
 */
describe('a screen opened at boot reads its data while its code loads', () => {
  it('the invoice list of the address (year, search, page) is asked for once, and its rows show', async () => {
    const list = 'GET /api/v1/invoice/list?year=2025&q=Jadran&page=2&pageSize=50';
    const fetchMock = stubApi({ [list]: () => jsonResponse(200, listBody([ISSUED], { total: 51 })) });
    setProfile(OPERATOR);
    const code = preloadPage('/Invoices', '?year=2025&q=Jadran&page=2');
    // the read leaves before the screen's code is there
    expect(callsTo(fetchMock, list)).toHaveLength(1);
    await code;
    renderApp({ route: '/Invoices?year=2025&q=Jadran&page=2', signedIn: true });
    expect(await screen.findByText(ISSUED.invoiceNumber!)).toBeInTheDocument();
    expect(callsTo(fetchMock, list)).toHaveLength(1);
  });

  it("the dashboard's year and its overdue invoices are asked for once each", async () => {
    const dashboard = 'GET /api/v1/dashboard?year=2025';
    const overdue = 'GET /api/v1/invoice/list?overdue=1&pageSize=5';
    const fetchMock = stubApi({
      [dashboard]: () => jsonResponse(200, { data: dashboardBody({ year: 2025 }) }),
      [overdue]: () => jsonResponse(200, listBody([])),
    });
    setProfile(OPERATOR);
    await preloadPage('/', '?year=2025');
    expect(callsTo(fetchMock, dashboard)).toHaveLength(1);
    expect(callsTo(fetchMock, overdue)).toHaveLength(1);
    renderApp({ route: '/?year=2025', signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nadzorna ploča' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Godina' })).toHaveValue('2025'));
    expect(callsTo(fetchMock, dashboard)).toHaveLength(1);
    expect(callsTo(fetchMock, overdue)).toHaveLength(1);
  });

  it('a screen without early reads, or an unknown address, asks for nothing before it renders', async () => {
    const fetchMock = stubApi({});
    setProfile(OPERATOR);
    await preloadPage('/Settings', '');
    await preloadPage('/No/Such/Screen', '');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, stubApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';
import { OBRT_ANA } from '../../test/samples/clients';

/** Issue 46 (decision 039): the suppliers of received e-invoices shown apart on the clients' page. */
const SUPPLIER = { ...OBRT_ANA, id: 9, name: 'Dobavljač d.o.o.', pin: '10015555554', vatNumber: 'HR10015555554', email: '', isClient: false, isSupplier: true };

describe('Clients page: suppliers', () => {
  it('lists the suppliers under Dobavljači, marked, each linking to the received invoices from it; the clients as before', async () => {
    const fetchMock = stubApi({
      'GET /api/v1/company': () => jsonResponse(200, { data: [OBRT_ANA] }),
      'GET /api/v1/company?role=supplier': () => jsonResponse(200, { data: [SUPPLIER] }),
    });
    const { user } = renderApp({ route: '/Clients', signedIn: true });
    const clients = await screen.findByRole('table', { name: 'Popis klijenata' });
    expect(within(clients).getAllByRole('row')).toHaveLength(2);
    expect(within(clients).queryByText('Dobavljač')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Dobavljači' }));
    expect(await screen.findByText('Dobavljač d.o.o.')).toBeInTheDocument();
    const [row] = within(screen.getByRole('table', { name: 'Popis klijenata' })).getAllByRole('row').slice(1);
    expect(within(row!).getByText('Dobavljač')).toBeInTheDocument();
    expect(within(row!).getByRole('link', { name: 'Primljeni računi od ovog dobavljača' })).toHaveAttribute('href', '/Inbox?supplier=10015555554');
    expect(callsTo(fetchMock, 'GET /api/v1/company?role=supplier')).toHaveLength(1);
  });
});

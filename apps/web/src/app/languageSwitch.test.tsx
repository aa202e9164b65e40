import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { endpoints } from '@faktura/shared';
import { i18n } from '../lib/i18n';
import { jsonResponse, stubInvoiceApi } from '../test/fakeApi';
import { renderApp } from '../test/renderApp';
import { ISSUED, OVERDUE, listBody } from '../test/samples/invoiceList';

afterEach(async () => {
  await i18n.changeLanguage('hr');
});

// Intl writes a no-break space before a trailing currency
const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');

describe('a language switch re-words the screen without asking the API again (issue 11)', () => {
  it('writes the list amounts and country names in the new language from the answers already there', async () => {
    const fetchMock = stubInvoiceApi(() => listBody([ISSUED, OVERDUE]), {
      [`GET ${endpoints.address.list.path}`]: () =>
        jsonResponse(200, {
          // the API names countries in Croatian whatever the language; the screen names them itself
          data: [{ id: 7, address1: 'Hauptstraße 1', address2: null, city: 'Wien', zip: '1010', state: null, country: 'Austrija', countryCode: 'AT' }],
        }),
    });
    const { user } = renderApp({ route: '/Invoices', signedIn: true });
    const table = await screen.findByRole('table', { name: 'Popis računa' });
    expect(plain(within(table).getByText(/1\.250,00/).textContent)).toBe('1.250,00 €');
    expect(plain(within(table).getByText(/500,00/).textContent)).toBe('500,00 USD');
    const asked = fetchMock.mock.calls.length;

    await user.click(screen.getAllByRole('radio', { name: 'EN' })[0]!);
    const english = await screen.findByRole('table', { name: 'Invoice list' });
    expect(within(english).getByText('€1,250.00')).toBeInTheDocument();
    expect(within(english).getByText('US$500.00')).toBeInTheDocument();
    // give a revalidation every chance to be sent
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock.mock.calls.slice(asked).map(([url]) => url as string)).toEqual([]);

    // another screen: its answer is fetched once, and switching back names the country anew without a request
    await user.click(screen.getAllByRole('link', { name: /Addresses/ })[0]!);
    expect(await screen.findByRole('cell', { name: 'Austria' })).toBeInTheDocument();
    const before = fetchMock.mock.calls.length;
    await user.click(screen.getAllByRole('radio', { name: 'HR' })[0]!);
    expect(await screen.findByRole('cell', { name: 'Austrija' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock.mock.calls.length).toBe(before);
  });
});

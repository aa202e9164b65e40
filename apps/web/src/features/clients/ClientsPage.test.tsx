import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { callsTo, clientApi, jsonResponse, stubApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';
import { LINDEN, MARIJA, OBRT_ANA } from '../../test/samples/clients';
import { dialog, findToast } from '../../test/ui';

describe('Clients page: list', () => {
  it('shows the clients from the API with address, country, e-mail and the tax number named by the country', async () => {
    const swiss = { ...LINDEN, id: 6, name: 'Berg AG', pin: 'CHE-123.456.789', vatNumber: 'CHE-123.456.789', address: { ...LINDEN.address, countryCode: 'CH', country: 'Švicarska' } };
    stubApi(clientApi([{ ...OBRT_ANA, receivesEInvoices: false }, { ...LINDEN, pin: 'DE811907980', vatNumber: 'DE811907980' }, swiss]));
    renderApp({ route: '/Clients', signedIn: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Klijenti' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Popis klijenata' });
    for (const header of ['Id', 'Naziv', 'Adresa', 'Država', 'Kontakt', 'Porezni broj']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const [ana, linden, berg] = within(table).getAllByRole('row').slice(1);
    expect(within(ana!).getByText('Obrt Ana')).toBeInTheDocument();
    expect(within(ana!).getByText('Ilica 42, 10000 Zagreb')).toBeInTheDocument();
    expect(within(ana!).getByText('Hrvatska')).toBeInTheDocument();
    expect(within(ana!).getByRole('link', { name: 'ana@obrt.hr' })).toHaveAttribute(
      'href',
      'mailto:ana@obrt.hr',
    );
    // a Croatian client's OIB, an EU client's VAT number, anyone else's tax number
    expect(within(ana!).getAllByRole('cell').at(-2)).toHaveTextContent('OIB 69435151530');
    expect(within(linden!).getAllByRole('cell').at(-2)).toHaveTextContent('PDV ID broj DE811907980');
    expect(within(berg!).getAllByRole('cell').at(-2)).toHaveTextContent('Porezni broj CHE-123.456.789');
    expect(within(linden!).getByText('Njemačka')).toBeInTheDocument();
    // a client marked as not receiving e-invoices says so beside its name
    expect(within(ana!).getByText('bez e-računa')).toBeInTheDocument();
    expect(within(linden!).queryByText('bez e-računa')).not.toBeInTheDocument();
    expect(within(ana!).getByRole('button', { name: 'Uredi klijenta Obrt Ana' })).toBeInTheDocument();
    expect(within(ana!).getByRole('button', { name: 'Obriši klijenta Obrt Ana' })).toBeInTheDocument();
  });

  it('marks a private person beside their name, without a VAT number', async () => {
    stubApi(clientApi([OBRT_ANA, MARIJA]));
    renderApp({ route: '/Clients', signedIn: true });
    const table = await screen.findByRole('table', { name: 'Popis klijenata' });
    const [ana, marija] = within(table).getAllByRole('row').slice(1);
    expect(within(marija!).getByText('Marija Kovačević')).toBeInTheDocument();
    expect(within(marija!).getByText('Privatna osoba')).toBeInTheDocument();
    // never "no e-invoices": a private person does not receive them at all
    expect(within(marija!).queryByText('bez e-računa')).not.toBeInTheDocument();
    expect(within(marija!).queryByText(/HR54702138609/)).not.toBeInTheDocument();
    expect(within(ana!).queryByText('Privatna osoba')).not.toBeInTheDocument();
  });

  it('marks a private person in English too', async () => {
    await i18n.changeLanguage('en');
    stubApi(clientApi([OBRT_ANA, MARIJA]));
    renderApp({ route: '/Clients', signedIn: true });
    const table = await screen.findByRole('table', { name: 'Client list' });
    const marija = within(table).getByRole('row', { name: /Marija Kovačević/ });
    expect(within(marija).getByText('Private person')).toBeInTheDocument();
  });

  it('speaks English when the language is English', async () => {
    await i18n.changeLanguage('en');
    stubApi(clientApi());
    renderApp({ route: '/Clients', signedIn: true });
    const table = await screen.findByRole('table', { name: 'Client list' });
    expect(within(table).getByText('Croatia')).toBeInTheDocument();
    expect(within(table).getByText('Germany')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Tax number' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Obrt Ana/ })).toHaveTextContent('TIN (OIB) 69435151530');
    expect(screen.getByRole('heading', { level: 1, name: 'Clients' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New client' })).toBeInTheDocument();
  });

  it('says so when there are no clients, and shows why when the list fails', async () => {
    stubApi({ 'GET /api/v1/company': () => jsonResponse(200, { data: [] }) });
    const first = renderApp({ route: '/Clients', signedIn: true });
    expect(await screen.findByText(/Još nema klijenata/)).toBeInTheDocument();
    first.unmount();

    stubApi({
      'GET /api/v1/company': () =>
        jsonResponse(503, { errors: [{ reason: 'Baza nije dostupna', code: 'internal' }] }),
    });
    renderApp({ route: '/Clients', signedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Baza nije dostupna');
  });
});

describe('Clients page: delete', () => {
  it('asks first, then deletes and says so', async () => {
    const fetchMock = stubApi({
      ...clientApi(),
      'DELETE /api/v1/company/4': () => jsonResponse(200, { data: { id: 4 } }),
    });
    const { user } = renderApp({ route: '/Clients', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Obriši klijenta Linden GmbH' }));
    const confirm = dialog('Obrisati klijenta?');
    expect(confirm).toHaveTextContent('Linden GmbH');
    expect(callsTo(fetchMock, 'DELETE /api/v1/company/4')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Obriši' }));
    expect(await findToast('Klijent je obrisan')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /api/v1/company/4')).toHaveLength(1);
  });

  it("titles a refused delete and gives the server's reason", async () => {
    const reason = 'Klijenta nije moguće obrisati jer ima 2 računa';
    stubApi({
      ...clientApi([OBRT_ANA, LINDEN]),
      'DELETE /api/v1/company/3': () =>
        jsonResponse(409, { errors: [{ reason, code: 'companyHasInvoices' }] }),
    });
    const { user } = renderApp({ route: '/Clients', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Obriši klijenta Obrt Ana' }));
    await user.click(within(dialog('Obrisati klijenta?')).getByRole('button', { name: 'Obriši' }));
    expect(await findToast(reason)).toBeInTheDocument();
    expect(screen.getByText('Nije moguće obrisati klijenta!')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { bodyOf, callsTo, jsonResponse, stubApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';
import { BERLIN, ILICA } from '../../test/samples/addresses';
import { dialog, findToast } from '../../test/ui';

const list =
  (...addresses: unknown[]) =>
  () =>
    jsonResponse(200, { data: addresses });

describe('Address page: list', () => {
  it('shows the addresses from the API with Croatian country names', async () => {
    stubApi({ 'GET /api/v1/address': list(ILICA, BERLIN) });
    renderApp({ route: '/Address', signedIn: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Adrese' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Popis adresa' });
    for (const header of ['Id', 'Adresa', 'Adresa (2. red)', 'Grad', 'Poštanski broj', 'Država']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Ilica 42')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Hrvatska')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('3. OG')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Njemačka')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Uredi adresu Ilica 42' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Obriši adresu Ilica 42' })).toBeInTheDocument();
  });

  it('names countries in English when the language is English', async () => {
    await i18n.changeLanguage('en');
    stubApi({
      'GET /api/v1/address': list({ ...ILICA, country: 'Croatia' }, { ...BERLIN, country: 'Germany' }),
    });
    renderApp({ route: '/Address', signedIn: true });
    const table = await screen.findByRole('table', { name: 'Address list' });
    expect(within(table).getByText('Croatia')).toBeInTheDocument();
    expect(within(table).getByText('Germany')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Country' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New address' })).toBeInTheDocument();
  });

  it('says so when there are no addresses yet', async () => {
    stubApi({ 'GET /api/v1/address': list() });
    renderApp({ route: '/Address', signedIn: true });
    expect(await screen.findByText(/Još nema adresa/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the server's reason when the list cannot be loaded, and tries again on request", async () => {
    let fail = true;
    stubApi({
      'GET /api/v1/address': () =>
        fail
          ? jsonResponse(500, { errors: [{ reason: 'Baza nije dostupna', code: 'internal' }] })
          : jsonResponse(200, { data: [ILICA] }),
    });
    const { user } = renderApp({ route: '/Address', signedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Baza nije dostupna');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Pokušaj ponovno' }));
    expect(await screen.findByText('Ilica 42')).toBeInTheDocument();
  });
});

describe('Address page: create and edit', () => {
  it('refuses empty required fields, then sends the new address and reports its id', async () => {
    const created = { ...BERLIN, id: 7 };
    let saved = false;
    const fetchMock = stubApi({
      'GET /api/v1/address': () => jsonResponse(200, { data: saved ? [ILICA, created] : [ILICA] }),
      'POST /api/v1/address': () => {
        saved = true;
        return jsonResponse(201, { data: created });
      },
    });
    const { user } = renderApp({ route: '/Address', signedIn: true });
    await screen.findByText('Ilica 42');
    await user.click(screen.getByRole('button', { name: 'Nova adresa' }));
    const form = dialog('Nova adresa');
    await user.click(within(form).getByRole('button', { name: 'Spremi' }));

    expect(await within(form).findAllByText('Ovo polje je obavezno')).toHaveLength(3);
    expect(within(form).getByText('Država: postoje pogreške')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/v1/address')).toHaveLength(0);

    const field = (name: string) => within(form).getByRole('textbox', { name });
    await user.type(field('Adresa'), ' Unter den Linden 5 ');
    await user.type(field('Adresa (2. red)'), '3. OG');
    await user.type(field('Poštanski broj'), '10117');
    await user.type(field('Grad'), 'Berlin');
    await user.type(field('Županija / savezna država'), 'Berlin');
    // Searching by the Croatian name finds the country.
    await user.type(field('Država'), 'njemačka');
    await user.click(await screen.findByRole('option', { name: 'Njemačka (DE)' }));
    await user.click(within(form).getByRole('button', { name: 'Spremi' }));

    expect(await findToast('Adresa je spremljena')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST /api/v1/address'))).toEqual({
      address1: 'Unter den Linden 5',
      address2: '3. OG',
      city: 'Berlin',
      zip: '10117',
      state: 'Berlin',
      countryCode: 'DE',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Unter den Linden 5')).toBeInTheDocument();
  });
});

describe('Address page: edit', () => {
  it('opens the address filled in and sends the change with PUT', async () => {
    const fetchMock = stubApi({
      'GET /api/v1/address': list(ILICA, BERLIN),
      'PUT /api/v1/address/1': () => jsonResponse(200, { data: { ...ILICA, zip: '10020' } }),
    });
    const { user } = renderApp({ route: '/Address', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Uredi adresu Ilica 42' }));
    const form = dialog('Uredi adresu');
    expect(within(form).getByRole('textbox', { name: 'Adresa' })).toHaveValue('Ilica 42');
    expect(within(form).getByRole('textbox', { name: 'Država' })).toHaveValue('Hrvatska (HR)');
    const zip = within(form).getByRole('textbox', { name: 'Poštanski broj' });
    await user.clear(zip);
    await user.type(zip, '10020');
    await user.click(within(form).getByRole('button', { name: 'Spremi' }));

    expect(await findToast('Adresa je spremljena')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'PUT /api/v1/address/1'))).toEqual({
      address1: 'Ilica 42',
      address2: null,
      city: 'Zagreb',
      zip: '10020',
      state: 'Grad Zagreb',
      countryCode: 'HR',
    });
  });

  it("keeps the dialog open and shows a 400's reason under the field it names", async () => {
    stubApi({
      'GET /api/v1/address': list(ILICA),
      'PUT /api/v1/address/1': () =>
        jsonResponse(400, {
          errors: [{ reason: 'Neispravna vrijednost', code: 'validation', field: 'zip' }],
        }),
    });
    const { user } = renderApp({ route: '/Address', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Uredi adresu Ilica 42' }));
    const form = dialog('Uredi adresu');
    await user.type(within(form).getByRole('textbox', { name: 'Grad' }), ' centar');
    await user.click(within(form).getByRole('button', { name: 'Spremi' }));

    const zip = within(form).getByRole('textbox', { name: 'Poštanski broj' });
    await waitFor(() => expect(zip).toHaveAccessibleDescription('Neispravna vrijednost'));
    expect(within(form).getByRole('textbox', { name: 'Grad' })).toHaveValue('Zagreb centar');
  });
});

describe('Address page: delete', () => {
  it('asks first and deletes only after confirmation', async () => {
    const fetchMock = stubApi({
      'GET /api/v1/address': list(ILICA, BERLIN),
      'DELETE /api/v1/address/2': () => jsonResponse(200, { data: { id: 2 } }),
    });
    const { user } = renderApp({ route: '/Address', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Obriši adresu Unter den Linden 5' }));
    let confirm = dialog('Obrisati adresu?');
    expect(confirm).toHaveTextContent('Unter den Linden 5, 3. OG, 10117 Berlin, Berlin, Njemačka');
    await user.click(within(confirm).getByRole('button', { name: 'Odustani' }));
    expect(callsTo(fetchMock, 'DELETE /api/v1/address/2')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Obriši adresu Unter den Linden 5' }));
    confirm = dialog('Obrisati adresu?');
    await user.click(within(confirm).getByRole('button', { name: 'Obriši' }));
    expect(await findToast('Adresa je obrisana')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /api/v1/address/2')).toHaveLength(1);
  });

  it("shows the server's reason when a client still uses the address", async () => {
    const reason = 'The address cannot be deleted because a client uses it: Obrt Ana';
    stubApi({
      'GET /api/v1/address': list(ILICA),
      'DELETE /api/v1/address/1': () => jsonResponse(409, { errors: [{ reason, code: 'addressInUse' }] }),
    });
    const { user } = renderApp({ route: '/Address', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Obriši adresu Ilica 42' }));
    await user.click(within(dialog('Obrisati adresu?')).getByRole('button', { name: 'Obriši' }));
    expect(await findToast(reason)).toBeInTheDocument();
    expect(screen.getByText('Brisanje adrese nije uspjelo')).toBeInTheDocument();
    expect(screen.getByText('Ilica 42')).toBeInTheDocument();
  });
});

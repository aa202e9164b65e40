import { screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, stubApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';
import { LINE_ITEMS } from '../../test/samples/settings';

const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');
const card = (name: string) => screen.getByRole('article', { name });

describe('Settings > Line items', () => {
  beforeEach(() => notifications.clean());

  it('shows a card per item: both names (or N/A), the price with its symbol, the unit and the KPD code', async () => {
    stubApi({ 'GET /api/v1/lineItem': () => jsonResponse(200, { data: LINE_ITEMS }) });
    const { user } = renderApp({ route: '/Settings?tab=lineItems', signedIn: true });

    const programming = await screen.findByRole('article', { name: 'Programiranje' });
    expect(programming).toHaveTextContent('Programming');
    expect(plain(programming.textContent)).toContain('1.234,50 €');
    expect(programming).toHaveTextContent('Jedinica: sat');
    expect(programming).toHaveTextContent('KPD šifra: 62.10.11');

    const licence = card('Licenca za softver');
    expect(licence).toHaveTextContent('N/A');
    expect(plain(licence.textContent)).toContain('99,00 $');
    expect(licence).toHaveTextContent('Jedinica: komad');
    expect(licence).toHaveTextContent('KPD šifra: nije unesena');

    await user.click(screen.getByRole('radio', { name: 'EN' }));
    expect(card('Programiranje')).toHaveTextContent('€1,234.50');
    expect(card('Programiranje')).toHaveTextContent('Unit: hourly rate');
    expect(card('Licenca za softver')).toHaveTextContent('$99.00');
    expect(card('Licenca za softver')).toHaveTextContent('Unit: piece');
    expect(card('Programiranje')).toHaveTextContent('KPD code: 62.10.11');
    expect(card('Licenca za softver')).toHaveTextContent('KPD code: not set');
    expect(screen.getByRole('button', { name: 'Edit line item Programiranje' })).toBeInTheDocument();
  });

  it('creates an item from "Nova stavka" and shows it in the list', async () => {
    const created = { ...LINE_ITEMS[0]!, id: 9, nameHr: 'Održavanje' };
    let list = [LINE_ITEMS[0]!];
    stubApi({
      'GET /api/v1/lineItem': () => jsonResponse(200, { data: list }),
      'POST /api/v1/lineItem': () => {
        list = [...list, created];
        return jsonResponse(201, { data: created });
      },
    });
    const { user } = renderApp({ route: '/Settings?tab=lineItems', signedIn: true });
    await screen.findByRole('article', { name: 'Programiranje' });

    await user.click(screen.getByRole('button', { name: 'Nova stavka' }));
    const dialog = screen.getByRole('dialog', { name: 'Nova stavka' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Naziv (hrvatski)' }), 'Održavanje');
    await user.type(within(dialog).getByRole('textbox', { name: 'Jedinična cijena' }), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Stvori novu' }));

    expect(await screen.findByText('Stavka je spremljena')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Održavanje' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Nova stavka' })).not.toBeInTheDocument();
  });

  it('opens the dialog for editing with the item filled in', async () => {
    stubApi({ 'GET /api/v1/lineItem': () => jsonResponse(200, { data: LINE_ITEMS }) });
    const { user } = renderApp({ route: '/Settings?tab=lineItems', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Uredi stavku Licenca za softver' }));
    const dialog = screen.getByRole('dialog', { name: 'Uredi stavku' });
    expect(within(dialog).getByRole('textbox', { name: 'Naziv (hrvatski)' })).toHaveValue(
      'Licenca za softver',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Valuta' })).toHaveValue('USD ($)');
    expect(within(dialog).getByRole('button', { name: 'Ažuriraj postojeću' })).toBeInTheDocument();
  });

  it('deletes an item only after confirmation', async () => {
    let list = LINE_ITEMS;
    const fetchMock = stubApi({
      'GET /api/v1/lineItem': () => jsonResponse(200, { data: list }),
      'DELETE /api/v1/lineItem/2': () => {
        list = list.filter((item) => item.id !== 2);
        return jsonResponse(200, { data: { id: 2 } });
      },
    });
    const { user } = renderApp({ route: '/Settings?tab=lineItems', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Obriši stavku Licenca za softver' }));

    const confirm = screen.getByRole('dialog', { name: 'Obrisati stavku?' });
    expect(confirm).toHaveTextContent('Licenca za softver');
    expect(callsTo(fetchMock, 'DELETE /api/v1/lineItem/2')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Obriši' }));

    expect(await screen.findByText('Stavka je obrisana')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Licenca za softver' })).not.toBeInTheDocument(),
    );
  });

  it("shows the server's reason when deleting fails", async () => {
    stubApi({
      'GET /api/v1/lineItem': () => jsonResponse(200, { data: LINE_ITEMS }),
      'DELETE /api/v1/lineItem/1': () =>
        jsonResponse(404, { errors: [{ reason: 'Stavka ne postoji', code: 'lineItemNotFound' }] }),
    });
    const { user } = renderApp({ route: '/Settings?tab=lineItems', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Obriši stavku Programiranje' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Obrisati stavku?' })).getByRole('button', {
        name: 'Obriši',
      }),
    );
    expect(await screen.findByText('Stavka ne postoji')).toBeInTheDocument();
    expect(screen.getByText('Stavku nije moguće obrisati')).toBeInTheDocument();
  });
});

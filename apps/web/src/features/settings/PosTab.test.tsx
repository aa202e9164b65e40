import { screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, stubApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';

const POS = { premisesCode: 'POSL1', deviceCode: '1' };
const sentBody = (calls: ReturnType<typeof callsTo>) => JSON.parse(calls[0]?.[1]?.body as string) as unknown;

describe('Settings > POS', () => {
  beforeEach(() => notifications.clean());

  it('previews the invoice number as the codes are typed and saves them', async () => {
    const fetchMock = stubApi({
      'GET /api/v1/settings/pos': () => jsonResponse(200, { data: POS }),
      'PUT /api/v1/settings/pos': () =>
        jsonResponse(200, { data: { premisesCode: 'URED2', deviceCode: '3' } }),
    });
    const { user } = renderApp({ route: '/Settings?tab=pos', signedIn: true });
    const form = await screen.findByRole('form', { name: 'Naplatni uređaj' });
    expect(within(form).getByRole('status')).toHaveTextContent('Primjer broja računa: 1/POSL1/1');

    const premises = within(form).getByRole('textbox', { name: 'Oznaka poslovnog prostora' });
    const device = within(form).getByRole('textbox', { name: 'Oznaka naplatnog uređaja' });
    await user.clear(premises);
    await user.type(premises, 'ured2');
    await user.clear(device);
    await user.type(device, '3');
    expect(within(form).getByRole('status')).toHaveTextContent('Primjer broja računa: 1/URED2/3');

    await user.click(within(form).getByRole('button', { name: 'Spremi' }));
    expect(await screen.findByText('Postavke naplatnog uređaja su spremljene')).toBeInTheDocument();
    expect(sentBody(callsTo(fetchMock, 'PUT /api/v1/settings/pos'))).toEqual({
      premisesCode: 'ured2',
      deviceCode: '3',
    });
  });

  it('refuses a device code that is not a whole number above 0 before sending', async () => {
    const fetchMock = stubApi({ 'GET /api/v1/settings/pos': () => jsonResponse(200, { data: POS }) });
    const { user } = renderApp({ route: '/Settings?tab=pos', signedIn: true });
    const form = await screen.findByRole('form', { name: 'Naplatni uređaj' });
    const device = within(form).getByRole('textbox', { name: 'Oznaka naplatnog uređaja' });
    await user.clear(device);
    await user.type(device, '0');
    await user.click(within(form).getByRole('button', { name: 'Spremi' }));
    expect(
      await within(form).findByText('Oznaka naplatnog uređaja mora biti cijeli broj veći od 0'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/v1/settings/pos')).toHaveLength(0);
  });

  it("shows the server's reason when the company has not been entered yet", async () => {
    const reason = 'Prvo unesite podatke o svojoj tvrtki (Postavke > Općenito)';
    stubApi({
      'GET /api/v1/settings/pos': () => jsonResponse(200, { data: POS }),
      'PUT /api/v1/settings/pos': () => jsonResponse(409, { errors: [{ reason, code: 'issuerMissing' }] }),
    });
    const { user } = renderApp({ route: '/Settings?tab=pos', signedIn: true });
    const form = await screen.findByRole('form', { name: 'Naplatni uređaj' });
    await user.click(within(form).getByRole('button', { name: 'Spremi' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(reason);
  });
});

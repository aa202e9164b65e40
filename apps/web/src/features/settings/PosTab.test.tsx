import { screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, stubApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';
import { i18n } from '../../lib/i18n';
import { SCREEN } from '../../test/samples/invoices';

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
    expect(within(form).getByRole('status')).toHaveTextContent(
      'Sljedeći broj s novim oznakama: 1/URED2/3 (ili viši, ako su ove oznake ove godine već korištene)',
    );

    await user.click(within(form).getByRole('button', { name: 'Spremi' }));
    expect(await screen.findByText('Postavke naplatnog uređaja su spremljene')).toBeInTheDocument();
    expect(sentBody(callsTo(fetchMock, 'PUT /api/v1/settings/pos'))).toEqual({
      premisesCode: 'ured2',
      deviceCode: '3',
    });
  });

  it.each([
    ['hr', 'Naplatni uređaj', 'Sljedeći broj računa: 8/POSL1/1', /svaki par oznaka.*kreću od 1.*izdani računi zadržavaju svoje brojeve/],
    ['en', 'POS', 'Next invoice number: 8/POSL1/1', /each pair of codes.*start at 1.*issued invoices keep their numbers/],
  ])('in %s shows the real next number and what changing the codes does to the sequence', async (language, title, next, sequence) => {
    await i18n.changeLanguage(language);
    stubApi({
      'GET /api/v1/settings/pos': () => jsonResponse(200, { data: POS }),
      'GET /screen/v1/invoice/new': () => jsonResponse(200, { data: { ...SCREEN, nextInvoiceNumber: '8/POSL1/1' } }),
    });
    const { user } = renderApp({ route: '/Settings?tab=pos', signedIn: true });
    const form = await screen.findByRole('form', { name: title });
    expect(await within(form).findByText('8/POSL1/1')).toBeInTheDocument();
    expect(within(form).getByRole('status')).toHaveTextContent(next);
    expect(within(form).getByText(sequence)).toBeInTheDocument();
    // other codes have their own sequence
    const device = within(form).getAllByRole('textbox')[1]!;
    await user.clear(device);
    await user.type(device, '2');
    expect(within(form).getByRole('status')).toHaveTextContent(language === 'hr' ? 'Sljedeći broj s novim oznakama: 1/POSL1/2' : 'Next number with the new codes: 1/POSL1/2');
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

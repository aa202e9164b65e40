import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';
import { ISSUER, LINE_ITEMS } from '../../test/samples/settings';

const api = () =>
  stubApi({
    'GET /api/v1/settings/issuer': () => jsonResponse(200, { data: ISSUER }),
    'GET /api/v1/account': () => jsonResponse(200, { data: { name: 'Ana Anić', email: 'ana@obrt.hr' } }),
    'GET /api/v1/lineItem': () => jsonResponse(200, { data: LINE_ITEMS }),
    'GET /api/v1/settings/pos': () => jsonResponse(200, { data: { premisesCode: 'POSL1', deviceCode: '1' } }),
  });

const address = () => screen.getByRole('status', { name: 'address' });

describe('Settings page', () => {
  it('opens on General and keeps the chosen tab in the address', async () => {
    api();
    const { user } = renderApp({ route: '/Settings', signedIn: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Postavke' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Općenito' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('form', { name: 'Podaci o tvrtki' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Stavke' }));
    expect(address()).toHaveTextContent('/Settings?tab=lineItems');
    expect(await screen.findByRole('button', { name: 'Nova stavka' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Naplatni uređaj' }));
    expect(address()).toHaveTextContent('/Settings?tab=pos');
    await user.click(screen.getByRole('tab', { name: 'Općenito' }));
    expect(address()).toHaveTextContent(/^\/Settings$/);
  });

  it('opens the tab named in the address, as after a reload', async () => {
    api();
    renderApp({ route: '/Settings?tab=lineItems', signedIn: true });
    expect(screen.getByRole('tab', { name: 'Stavke' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('article', { name: 'Programiranje' })).toBeInTheDocument();
  });

  it('falls back to General for an unknown tab and links to the JOPPD tool', async () => {
    api();
    const { user } = renderApp({ route: '/Settings?tab=nepostoji', signedIn: true });
    expect(screen.getByRole('tab', { name: 'Općenito' })).toHaveAttribute('aria-selected', 'true');
    const link = screen.getByRole('link', { name: 'JOPPD broj' });
    expect(link).toHaveAttribute('href', '/Tools/Joppd');
    await user.click(link);
    expect(screen.getByRole('heading', { level: 1, name: 'JOPPD broj' })).toBeInTheDocument();
  });

  it('reads in English after switching the language', async () => {
    api();
    const { user } = renderApp({ route: '/Settings', signedIn: true });
    await user.click(screen.getByRole('radio', { name: 'EN' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    for (const name of ['General', 'Line items', 'POS'])
      expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Company details' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'In the VAT system' })).toBeInTheDocument();
  });
});

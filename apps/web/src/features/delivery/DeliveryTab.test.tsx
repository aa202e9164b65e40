import { screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeliverySettings, DeliveryTestResult } from '@faktura/shared';
import { i18n } from '../../lib/i18n';
import { bodyOf, callsTo, jsonResponse, stubApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';

const NONE: DeliverySettings = {
  configured: false, provider: 'MOJ_ERACUN', baseUrl: null, username: null, passwordSet: false, companyId: null, companyBu: null,
  softwareId: null, autoSend: false, trustedCaPem: null, defaults: { live: 'https://www.moj-eracun.hr', demo: 'https://demo.moj-eracun.hr' }, updatedAt: null,
};
const SAVED: DeliverySettings = { ...NONE, configured: true, baseUrl: 'https://demo.moj-eracun.hr', username: '1083', passwordSet: true, companyId: '69814562369', softwareId: 'Faktura-001' };
const WRONG_PASSWORD: DeliveryTestResult = {
  ok: false, reachable: true, authenticated: false, problem: 'credentials',
  reason: 'Posrednik demo.moj-eracun.hr odbio je korisničke podatke: provjerite korisničko ime, lozinku, OIB i oznaku softvera.',
  detail: 'Username or password is not correct',
};

async function openTab(settings: DeliverySettings, handlers: Parameters<typeof stubApi>[0] = {}, name = 'Dostava e-računa') {
  const fetchMock = stubApi({ 'GET /api/v1/settings/delivery': () => jsonResponse(200, { data: settings }), ...handlers });
  const rendered = renderApp({ route: '/Settings?tab=delivery', signedIn: true });
  const form = await screen.findByRole('form', { name });
  return { ...rendered, fetchMock, form };
}

describe('Settings > E-invoice delivery', () => {
  beforeEach(() => notifications.clean());

  it('saves the intermediary\'s credentials (the live address proposed) and shows the server\'s reason beside a field', async () => {
    const { user, form, fetchMock } = await openTab(NONE, {
      'PUT /api/v1/settings/delivery': () => jsonResponse(400, { errors: [{ reason: 'Neispravan OIB', code: 'validation', field: 'companyId' }] }),
    });
    expect(screen.getByRole('tab', { name: 'Dostava e-računa' })).toHaveAttribute('aria-selected', 'true');
    expect(within(form).getByRole('textbox', { name: /Adresa API-ja/ })).toHaveValue('https://www.moj-eracun.hr');
    expect(within(form).getByRole('button', { name: 'Provjeri vezu' })).toBeDisabled();
    await user.type(within(form).getByRole('textbox', { name: /Korisničko ime/ }), '1083');
    await user.type(within(form).getByLabelText(/^Lozinka/), 'tajna');
    await user.type(within(form).getByRole('textbox', { name: /OIB tvrtke/ }), '12345678901');
    await user.type(within(form).getByRole('textbox', { name: /Oznaka softvera/ }), 'Faktura-001');
    await user.click(within(form).getByRole('switch', { name: /automatski pri izdavanju/ }));
    await user.click(within(form).getByRole('button', { name: 'Spremi' }));
    expect(await within(form).findByText('Neispravan OIB')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'PUT /api/v1/settings/delivery'))).toEqual({
      provider: 'MOJ_ERACUN', baseUrl: 'https://www.moj-eracun.hr', username: '1083', password: 'tajna', companyId: '12345678901',
      companyBu: null, softwareId: 'Faktura-001', autoSend: true, trustedCaPem: null,
    });
  }, 60_000);

  it('keeps the stored password unless a new one is typed; Test connection names a wrong password in the intermediary\'s words', async () => {
    const { user, form, fetchMock } = await openTab(SAVED, {
      'PUT /api/v1/settings/delivery': () => jsonResponse(200, { data: SAVED }),
      'POST /api/v1/settings/delivery/test': () => jsonResponse(200, { data: WRONG_PASSWORD }),
    });
    expect(within(form).getByText('Lozinka je spremljena (šifrirana). Ostavite prazno da ostane ista.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Lozinka/)).toHaveValue('');
    await user.click(within(form).getByRole('button', { name: 'Spremi' }));
    expect(await screen.findByText('Postavke dostave e-računa su spremljene')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'PUT /api/v1/settings/delivery'))).not.toHaveProperty('password');
    await user.click(within(form).getByRole('button', { name: 'Provjeri vezu' }));
    expect(await within(form).findByText('Veza ne radi')).toBeInTheDocument();
    expect(within(form).getByText(WRONG_PASSWORD.reason)).toBeInTheDocument();
    expect(within(form).getByText('Odgovor posrednika: Username or password is not correct')).toBeInTheDocument();
  }, 60_000);

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    try {
      const { form } = await openTab(SAVED, {}, 'E-invoice delivery');
      expect(within(form).getByText('A password is stored (encrypted). Leave empty to keep it.')).toBeInTheDocument();
      expect(within(form).getByRole('button', { name: 'Test connection' })).toBeEnabled();
    } finally {
      await i18n.changeLanguage('hr');
    }
  }, 60_000);
});

describe('Settings > E-invoice delivery: who fiscalizes', () => {
  it('says so while Faktura fiscalizes, so that the intermediary is not authorised for it too', async () => {
    const endpoints = { einvoice: 'https://t', ereporting: 'https://t', b2c: 'https://t' };
    const self = {
      mode: 'SELF', environment: 'TEST', certificate: null, endpoints, defaults: endpoints, trustedCaPem: null,
      issuerOib: '69814562369', certificateIsIssuers: null, ready: true, updatedAt: null,
    };
    await openTab(SAVED, { 'GET /api/v1/settings/fiscalization': () => jsonResponse(200, { data: self }) });
    expect(await screen.findByText('Tko fiskalizira')).toBeInTheDocument();
    expect(screen.getByText(/E-račune fiskalizira Faktura \(Postavke > Fiskalizacija\)\. Ako ste u ePoreznoj ovlastili posrednika/)).toBeInTheDocument();
  });

  it('says nothing while the intermediary fiscalizes', async () => {
    const endpoints = { einvoice: 'https://t', ereporting: 'https://t', b2c: 'https://t' };
    const fiscal = {
      mode: 'INTERMEDIARY', environment: 'TEST', certificate: null, endpoints, defaults: endpoints, trustedCaPem: null,
      issuerOib: '69814562369', certificateIsIssuers: null, ready: true, updatedAt: null,
    };
    const { fetchMock } = await openTab(SAVED, { 'GET /api/v1/settings/fiscalization': () => jsonResponse(200, { data: fiscal }) });
    await vi.waitFor(() => expect(callsTo(fetchMock, 'GET /api/v1/settings/fiscalization').length).toBeGreaterThan(0));
    expect(screen.queryByText('Tko fiskalizira')).not.toBeInTheDocument();
  });
});

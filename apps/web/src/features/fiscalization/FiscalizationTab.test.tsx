import { screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FiscalSettings } from '@faktura/shared';
import { bodyOf, callsTo, jsonResponse, stubApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';

const DEFAULTS = {
  einvoice: 'https://cistest.apis-it.hr:8509/FiskalizacijaServiceEprod',
  ereporting: 'https://cistest.apis-it.hr:8509/FiskalizacijaServiceEprod',
  b2c: 'https://cistest.apis-it.hr:8449/FiskalizacijaServiceTest',
};
const OFF: FiscalSettings = {
  mode: 'OFF', environment: 'TEST', certificate: null, endpoints: DEFAULTS, defaults: DEFAULTS, trustedCaPem: null,
  issuerOib: '69814562369', certificateIsIssuers: null, ready: false, updatedAt: null,
};
const WITH_CERTIFICATE: FiscalSettings = {
  ...OFF,
  mode: 'SELF',
  ready: true,
  certificate: {
    subject: 'C=HR, O=DRUGI OBRT 12345678903, CN=fiskal 1', issuer: 'CN=Fina Demo CA 2025', oib: '12345678903', serialNumber: '1003',
    validFrom: '2026-01-01T00:00:00.000Z', validTo: '2030-01-01T00:00:00.000Z', fingerprint256: 'AB:CD', kind: 'DEMO',
  },
  certificateIsIssuers: false,
};

async function openTab(settings: FiscalSettings, handlers: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({ 'GET /api/v1/settings/fiscalization': () => jsonResponse(200, { data: settings }), ...handlers });
  const rendered = renderApp({ route: '/Settings?tab=fiscalization', signedIn: true });
  const form = await screen.findByRole('form', { name: 'Fiskalizacija' });
  return { ...rendered, fetchMock, form };
}

describe('Settings > Fiscalization', () => {
  beforeEach(() => notifications.clean());

  it('uploads the certificate file with its password as base64, and shows the server’s reason beside it', async () => {
    const { user, form, fetchMock } = await openTab(OFF, {
      'PUT /api/v1/settings/fiscalization': () =>
        jsonResponse(400, { errors: [{ reason: 'Lozinka certifikata nije ispravna', code: 'fiscalCertificatePassword', field: 'certificate' }] }),
    });
    expect(within(form).getByText('Certifikat još nije učitan.')).toBeInTheDocument();
    await user.click(within(form).getByRole('radio', { name: /Fiskalizira Faktura/ }));
    const file = new File([new Uint8Array([0x30, 0x82, 0x01, 0x02])], 'fiskal.p12', { type: 'application/x-pkcs12' });
    // Mantine's file input is a button (named by its label) over a hidden <input type="file">
    expect(within(form).getByRole('button', { name: 'Datoteka certifikata (.p12 ili .pfx)' })).toBeInTheDocument();
    const input = form.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, file);
    await user.type(within(form).getByLabelText('Lozinka certifikata'), 'kriva');
    await user.click(within(form).getByRole('button', { name: 'Spremi postavke fiskalizacije' }));
    expect(await within(form).findByText('Lozinka certifikata nije ispravna')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'PUT /api/v1/settings/fiscalization'))).toEqual({
      mode: 'SELF', environment: 'TEST', certificate: { p12: 'MIIBAg==', password: 'kriva' },
      endpoints: { einvoice: null, ereporting: null, b2c: null }, trustedCaPem: null,
    });
  }, 60_000);

  it('shows the stored certificate, never asks for it again, and warns when it is not the company’s own', async () => {
    const { user, form, fetchMock } = await openTab(WITH_CERTIFICATE, {
      'PUT /api/v1/settings/fiscalization': () => jsonResponse(200, { data: { ...WITH_CERTIFICATE, mode: 'INTERMEDIARY' } }),
    });
    const table = within(form).getByRole('table', { name: 'Certifikat' });
    expect(table).toHaveTextContent('12345678903');
    expect(table).toHaveTextContent('CN=Fina Demo CA 2025 (demo (FINA))');
    expect(table).toHaveTextContent('1. 1. 2030.');
    expect(within(form).getByText(/OIB u certifikatu \(12345678903\) nije OIB Vaše tvrtke \(69814562369\)/)).toBeInTheDocument();
    await user.click(within(form).getByRole('radio', { name: /Fiskalizira moj informacijski posrednik/ }));
    await user.click(within(form).getByRole('button', { name: 'Spremi postavke fiskalizacije' }));
    expect(await screen.findByText('Postavke fiskalizacije spremljene')).toBeInTheDocument();
    // no certificate sent: the stored one stays
    expect(bodyOf(callsTo(fetchMock, 'PUT /api/v1/settings/fiscalization'))).not.toHaveProperty('certificate');
  }, 60_000);
});

import { screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DeliverySettings, Invoice, InvoiceDelivery } from '@faktura/shared';
import { bodyOf, callsTo, formApi, jsonResponse, stubApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';
import { ISSUED } from '../../test/samples/invoices';
import { findToast } from '../../test/ui';

/** "Send e-invoice" on the invoice page and the delivery section (issue 32). */
const SETTINGS: DeliverySettings = {
  configured: true, provider: 'MOJ_ERACUN', baseUrl: 'https://demo.moj-eracun.hr', username: '1083', passwordSet: true, companyId: '69814562369',
  companyBu: null, softwareId: 'Faktura-001', autoSend: false, trustedCaPem: null, defaults: { live: 'https://www.moj-eracun.hr', demo: 'https://demo.moj-eracun.hr' }, updatedAt: null,
};
const SENT: InvoiceDelivery = {
  status: 'SENT', providerDocumentId: '3239400', at: '2026-11-27T09:30:00.000Z', error: null, providerStatus: '30 Poslan', fiscalized: null, fiscalizationError: null, eReported: false, attempts: 1, nextAttemptAt: null,
};
const E_INVOICE: Invoice = { ...ISSUED, eInvoice: true };

function open(invoice: Invoice, handlers: Parameters<typeof stubApi>[0] = {}, settings: DeliverySettings | null = SETTINGS) {
  const fetchMock = stubApi({
    ...formApi(),
    [`GET /api/v1/invoice/${invoice.id}`]: () => jsonResponse(200, { data: invoice }),
    ...(settings ? { 'GET /api/v1/settings/delivery': () => jsonResponse(200, { data: settings }) } : {}),
    ...handlers,
  });
  return { ...renderApp({ route: `/Invoices/${invoice.id}`, signedIn: true }), fetchMock };
}

describe('sending an e-invoice from the invoice page', () => {
  beforeEach(() => notifications.clean());

  it('offers "Pošalji e-račun" in view while not sent; sends it and shows it sent with the intermediary\'s id', async () => {
    let current: Invoice = E_INVOICE;
    const { user, fetchMock } = open(E_INVOICE, {
      [`GET /api/v1/invoice/${E_INVOICE.id}`]: () => jsonResponse(200, { data: current }),
      [`POST /api/v1/invoice/${E_INVOICE.id}/einvoice/send`]: () => {
        current = { ...E_INVOICE, delivery: SENT };
        return jsonResponse(200, { data: SENT });
      },
    });
    const section = await screen.findByRole('region', { name: 'Dostava e-računa' });
    expect(within(section).getByText('Nije poslan')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Pošalji e-račun' }));
    expect(await findToast(`E-račun ${E_INVOICE.invoiceNumber ?? ''} je poslan posredniku (oznaka 3239400)`)).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, `POST /api/v1/invoice/${E_INVOICE.id}/einvoice/send`))).toEqual({});
    expect(await within(section).findByText('Poslan')).toBeInTheDocument();
    expect(within(section).getByText('Oznaka kod posrednika: 3239400')).toBeInTheDocument();
    // sent: no longer in view, "send again" waits in More
    expect(screen.queryByRole('button', { name: 'Pošalji e-račun' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Više radnji s dokumentom' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Pošalji e-račun ponovno' }));
    // sending again is asked first: Cancel sends nothing
    const dialog = await screen.findByRole('dialog', { name: 'Poslati e-račun ponovno?' });
    expect(within(dialog).getByText(/već je predan posredniku \(oznaka 3239400, stanje: Poslan\)/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Odustani' }));
    expect(callsTo(fetchMock, `POST /api/v1/invoice/${E_INVOICE.id}/einvoice/send`)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Više radnji s dokumentom' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Pošalji e-račun ponovno' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Poslati e-račun ponovno?' })).getByRole('button', { name: 'Pošalji ponovno' }));
    expect(await findToast(`E-račun ${E_INVOICE.invoiceNumber ?? ''} je poslan posredniku (oznaka 3239400)`)).toBeInTheDocument();
    const calls = callsTo(fetchMock, `POST /api/v1/invoice/${E_INVOICE.id}/einvoice/send`);
    expect(calls).toHaveLength(2);
    expect(bodyOf(calls, 1)).toEqual({ resend: true });
  }, 60_000);

  it('the intermediary\'s word on the fiscalization: refused with the code and the way forward; a buyer without an e-invoice address', async () => {
    const refused: InvoiceDelivery = { ...SENT, status: 'DELIVERED', providerStatus: '40 Dostavljen', fiscalized: false, fiscalizationError: 'S006 Neispravan OIB primatelja' };
    const { unmount } = open({ ...E_INVOICE, delivery: refused });
    let section = await screen.findByRole('region', { name: 'Dostava e-računa' });
    expect(within(section).getByText('Fiskalizacija nije uspjela')).toBeInTheDocument();
    expect(within(section).getByText('S006 Neispravan OIB primatelja')).toBeInTheDocument();
    expect(within(section).getByText(/Izdajte odobrenje \(storno\) za ovaj račun, ispravite podatke i izdajte novi račun s novim brojem/)).toBeInTheDocument();
    unmount();
    open({ ...E_INVOICE, delivery: { ...SENT, fiscalized: true, eReported: true } });
    section = await screen.findByRole('region', { name: 'Dostava e-računa' });
    expect(within(section).getByText('Kupac ne prima e-račune')).toBeInTheDocument();
    expect(within(section).getByText(/Račun mu pošaljite e-poštom/)).toBeInTheDocument();
    expect(within(section).getByText('Posrednik javlja da je fiskaliziran.')).toBeInTheDocument();
  }, 60_000);

  it('a supply Faktura reported without an e-invoice is not offered to the intermediary', async () => {
    open({ ...E_INVOICE, fiscalization: { ...E_INVOICE.fiscalization, status: 'FISCALIZED', kind: 'ISPORUKA' } });
    expect(await screen.findByRole('button', { name: 'Više radnji s dokumentom' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pošalji e-račun' })).not.toBeInTheDocument();
  }, 60_000);

  it('a rejected e-invoice says why and what to do; "Osvježi stanje" asks the intermediary', async () => {
    const rejected: InvoiceDelivery = { ...SENT, status: 'REJECTED', error: 'Kupac odbija: pogrešan iznos', providerStatus: '45 Odbijen' };
    const { user, fetchMock } = open({ ...E_INVOICE, delivery: rejected }, {
      [`POST /api/v1/invoice/${E_INVOICE.id}/einvoice/refresh`]: () => jsonResponse(200, { data: rejected }),
    });
    const section = await screen.findByRole('region', { name: 'Dostava e-računa' });
    expect(within(section).getByText('Odbijen')).toBeInTheDocument();
    expect(within(section).getByText('Kupac odbija: pogrešan iznos')).toBeInTheDocument();
    expect(within(section).getByText('Izdajte odobrenje za ovaj račun i novi, ispravan račun.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Osvježi stanje' }));
    await screen.findByRole('region', { name: 'Dostava e-računa' });
    expect(callsTo(fetchMock, `POST /api/v1/invoice/${E_INVOICE.id}/einvoice/refresh`)).toHaveLength(1);
  }, 60_000);

  it('without delivery set up, neither the button nor the section appear', async () => {
    open(E_INVOICE, {}, null);
    expect(await screen.findByRole('button', { name: 'Više radnji s dokumentom' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pošalji e-račun' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Dostava e-računa' })).not.toBeInTheDocument();
  }, 60_000);
});

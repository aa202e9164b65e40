import { screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Invoice } from '@faktura/shared';
import { callsTo, formApi, jsonResponse, stubApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';
import { ISSUED } from '../../test/samples/invoices';
import { findToast } from '../../test/ui';

/** A buyer's rejection on the invoice page and "Storno and re-issue" (issue 47). */
const REJECTED: Invoice = {
  ...ISSUED,
  eInvoice: true,
  delivery: { status: 'DELIVERED', providerDocumentId: '3239400', at: '2026-12-05T09:30:00.000Z', error: null, providerStatus: '40 Dostavljen', fiscalized: true, fiscalizationError: null, eReported: false, attempts: 1, nextAttemptAt: null },
  buyerRejection: { at: '2026-12-06T10:15:00.000Z', type: 'U', reason: 'Iznos PDV-a ne odgovara ugovoru' },
};

function open(invoice: Invoice, handlers: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({
    ...formApi(),
    [`GET /api/v1/invoice/${invoice.id}`]: () => jsonResponse(200, { data: invoice }),
    ...handlers,
  });
  return { ...renderApp({ route: `/Invoices/${invoice.id}`, signedIn: true }), fetchMock };
}

describe('a buyer\'s rejection on the invoice page', () => {
  beforeEach(() => notifications.clean());

  it('reads "Kupac odbio" with the date, the reason type in words and the buyer\'s text', async () => {
    open(REJECTED);
    const region = await screen.findByRole('region', { name: 'Kupac je odbio e-račun' });
    expect(within(region).getByText('Kupac odbio')).toBeInTheDocument();
    expect(within(region).getByText('U – nepodudarnost koja utječe na porez')).toBeInTheDocument();
    expect(within(region).getByText('Iznos PDV-a ne odgovara ugovoru')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Storno i ponovno izdavanje' })).toBeInTheDocument();
  });

  it('asks first; confirming issues the storno and opens New invoice repeating it', async () => {
    const { user, fetchMock } = open(REJECTED, {
      [`POST /api/v1/invoice/${REJECTED.id}/reissue`]: () => jsonResponse(201, { data: { creditNote: { id: 77, number: '8/POSL1/1' }, reissueOf: REJECTED.id } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Storno i ponovno izdavanje' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/odobrenje \(storno\) cijelog računa/)).toBeInTheDocument();
    // cancelling sends nothing
    await user.click(within(dialog).getByRole('button', { name: 'Odustani' }));
    expect(callsTo(fetchMock, `POST /api/v1/invoice/${REJECTED.id}/reissue`)).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Storno i ponovno izdavanje' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Storniraj i pripremi novi račun' }));
    expect(await findToast('Izdano odobrenje 8/POSL1/1: provjerite i izdajte novi račun.')).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST /api/v1/invoice/${REJECTED.id}/reissue`)).toHaveLength(1);
    // New invoice, repeating the rejected invoice and recording what it re-issues
    expect(await screen.findByRole('region', { name: `Ponavljanje računa ${REJECTED.invoiceNumber ?? ''}` })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent(`/Invoices/NewInvoice?from=${REJECTED.id}&reissue=${REJECTED.id}`);
  });

  it('is not offered once the invoice is stornoed; the links tie the documents', async () => {
    open({ ...REJECTED, creditStatus: 'FULL', reissuedBy: [{ id: 78, number: '9/POSL1/1' }] });
    const region = await screen.findByRole('region', { name: 'Kupac je odbio e-račun' });
    expect(within(region).queryByRole('button', { name: 'Storno i ponovno izdavanje' })).toBeNull();
    expect(within(region).getByRole('link', { name: '9/POSL1/1' })).toHaveAttribute('href', '/Invoices/78');
  });
});

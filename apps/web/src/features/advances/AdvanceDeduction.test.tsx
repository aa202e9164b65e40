import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { bodyOf, callsTo, formApi, jsonResponse, stubApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';
import { addItem, choose, findToast, freezeToday } from '../../test/ui';

const POST = 'POST /api/v1/invoice';
const ADVANCES = 'GET /api/v1/advance?clientId=1';
const OPEN = [
  { id: 31, number: '5/POSL1/1', billingDate: '2026-02-20', totalCents: 12_500, vatGroups: [{ rateBp: 2500, baseCents: 10_000, vatCents: 2_500 }], currencyCode: 'EUR' },
  { id: 32, number: '6/POSL1/1', billingDate: '2026-02-25', totalCents: 6_250, vatGroups: [{ rateBp: 2500, baseCents: 5_000, vatCents: 1_250 }], currencyCode: 'EUR' },
];

/** The New invoice form proposes the chosen client's advances for deduction (issue 48). */
describe('advances in the New invoice form', () => {
  beforeEach(freezeToday);
  afterEach(() => vi.useRealTimers());

  it('proposes every open advance of the client, ticked; the ones left ticked are sent with the issue', async () => {
    const fetchMock = stubApi({
      ...formApi(),
      [ADVANCES]: () => jsonResponse(200, { data: OPEN }),
      [POST]: () => jsonResponse(201, { data: { id: 9, number: '8/POSL1/1' } }),
    });
    const { user } = renderApp({ route: '/Invoices/NewInvoice', signedIn: true });
    await screen.findByRole('form', { name: 'Račun' });
    expect(screen.queryByRole('region', { name: 'Predujmovi za odbiti' })).not.toBeInTheDocument();
    await choose(user, 'Klijent', 'Jadranski Softver d.o.o.');
    const region = await screen.findByRole('region', { name: 'Predujmovi za odbiti' });
    const first = within(region).getByRole('checkbox', { name: /^5\/POSL1\/1 od 20\. 2\. 2026\.: 125,00\s€ \(osnovica 100,00\s€, PDV 25,00\s€\)$/ });
    const second = within(region).getByRole('checkbox', { name: /^6\/POSL1\/1/ });
    expect(first).toBeChecked();
    expect(second).toBeChecked();
    await user.click(second);
    expect(second).not.toBeChecked();
    await i18n.changeLanguage('en');
    expect(await screen.findByRole('region', { name: 'Advances to deduct' })).toBeInTheDocument();
    await i18n.changeLanguage('hr');

    await addItem(user, /^Programiranje/);
    await user.click(screen.getByRole('button', { name: 'Izdaj račun' }));
    expect(await findToast('Uspjeh! Broj: 8/POSL1/1')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, POST))).toMatchObject({ clientId: 1, advanceIds: [31] });
  });

  it('sends no advances with a draft', async () => {
    const fetchMock = stubApi({
      ...formApi(),
      [ADVANCES]: () => jsonResponse(200, { data: OPEN }),
      [POST]: () => jsonResponse(201, { data: { id: 10, number: null } }),
    });
    const { user } = renderApp({ route: '/Invoices/NewInvoice', signedIn: true });
    await screen.findByRole('form', { name: 'Račun' });
    await choose(user, 'Klijent', 'Jadranski Softver d.o.o.');
    await screen.findByRole('region', { name: 'Predujmovi za odbiti' });
    await addItem(user, /^Programiranje/);
    await user.click(screen.getByRole('button', { name: 'Spremi kao nacrt' }));
    expect(await findToast(/nacrt/i)).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, POST))).not.toHaveProperty('advanceIds');
  });
});

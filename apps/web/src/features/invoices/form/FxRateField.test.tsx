import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodyOf, callsTo, formApi, jsonResponse, stubApi } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';
import { addItem, choose, findToast, freezeToday } from '../../../test/ui';

const NEW = '/Invoices/NewInvoice';
const POST = 'POST /api/v1/invoice';
/** What the form asks for a USD invoice issued today (the tests' today: 18 March 2026). */
const RATE = 'GET /api/v1/exchange-rate?currency=USD&date=2026-03-18';
const hnb = (rate: string) => () =>
  jsonResponse(200, {
    data: { currency: 'USD', rate, source: 'HNB_MIDDLE', date: '2026-03-18', appliesOn: '2026-03-18', listNumber: '54' },
  });
const unavailable = () =>
  jsonResponse(503, { errors: [{ code: 'exchangeRateUnavailable', reason: 'Tečajnica HNB-a nije dostupna; upišite tečaj ručno.' }] });

/** The New invoice form with a USD line for the German client (the review is priced in dollars). */
async function usdInvoice(handlers: Parameters<typeof stubApi>[0], english = false) {
  const fetchMock = stubApi({ ...formApi(), [POST]: () => jsonResponse(201, { data: { id: 9, number: null } }), ...handlers });
  const view = renderApp({ route: NEW, signedIn: true });
  await screen.findByRole('form', { name: english ? 'Invoice' : 'Račun' });
  await choose(view.user, english ? 'Client' : 'Klijent', 'Nordlicht Digital GmbH');
  if (english) await addItem(view.user, /^Code review/, { catalogue: 'Catalogue item', add: 'Add item' });
  else await addItem(view.user, /^Revizija koda/);
  return { ...view, fetchMock, rate: () => screen.getByRole('textbox', { name: english ? 'Euro exchange rate' : 'Tečaj prema euru' }) };
}

describe('the euro rate of a USD invoice', () => {
  beforeEach(freezeToday);
  afterEach(() => vi.useRealTimers());

  it("proposes HNB's middle rate for the invoice's date, says whose it is, and sends it exactly", async () => {
    const { user, fetchMock, rate } = await usdInvoice({ [RATE]: hnb('1.0856') });
    await waitFor(() => expect(rate()).toHaveValue('1,0856'));
    expect(rate()).toHaveAccessibleDescription(/^Tečaj HNB srednji za 18\. 3\. 2026\./);
    await user.click(screen.getByRole('button', { name: 'Spremi kao nacrt' }));
    expect(await findToast('Nacrt je spremljen')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, POST))).toMatchObject({ eurFxRate: '1.0856' });
    expect(callsTo(fetchMock, RATE)).toHaveLength(1);
  });

  it('lets the operator type another rate, which is then no longer called HNB’s', async () => {
    const { user, fetchMock, rate } = await usdInvoice({ [RATE]: hnb('1.0856') });
    await waitFor(() => expect(rate()).toHaveValue('1,0856'));
    await user.clear(rate());
    await user.type(rate(), '1,1');
    expect(rate()).not.toHaveAccessibleDescription(/HNB/);
    await user.click(screen.getByRole('button', { name: 'Spremi kao nacrt' }));
    expect(await findToast('Nacrt je spremljen')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, POST))).toMatchObject({ eurFxRate: '1.1' });
  });

  it("says so and keeps the input empty for typing when HNB's list is not available", async () => {
    const { user, fetchMock, rate } = await usdInvoice({ [RATE]: unavailable });
    await waitFor(() => expect(rate()).toHaveAccessibleDescription(/^Tečajnica HNB-a nije dostupna; upišite tečaj ručno\./));
    expect(rate()).toHaveValue('');
    await user.type(rate(), '1,09');
    await user.click(screen.getByRole('button', { name: 'Spremi kao nacrt' }));
    expect(await findToast('Nacrt je spremljen')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, POST))).toMatchObject({ eurFxRate: '1.09' });
  });

  it('says both in English', async () => {
    await i18n.changeLanguage('en');
    const proposed = await usdInvoice({ [RATE]: hnb('1.0856') }, true);
    await waitFor(() => expect(proposed.rate()).toHaveValue('1.0856'));
    expect(proposed.rate()).toHaveAccessibleDescription(/^HNB middle rate for 18 Mar 2026/);
    proposed.unmount();

    const fallback = await usdInvoice({ [RATE]: unavailable }, true);
    await waitFor(() =>
      expect(fallback.rate()).toHaveAccessibleDescription(/^The HNB exchange-rate list is not available; enter the rate by hand\./),
    );
    expect(fallback.rate()).toHaveValue('');
  });
});

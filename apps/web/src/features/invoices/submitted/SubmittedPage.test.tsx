import { screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodyOf, callsTo, jsonResponse, listQueries, stubInvoiceApi } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';
import { ISSUED, listBody, OVERDUE } from '../../../test/samples/invoiceList';

const table = () => screen.findByRole('table', { name: 'Izdani, nenaplaćeni računi' });

beforeEach(() => {
  notifications.clean();
  // Only the clock is fixed (not timers), so "today" is 15 December 2026 and typing still works.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-15T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('Submitted invoices', () => {
  it('lists issued invoices of all years, overdue ones first and marked', async () => {
    const fetchMock = stubInvoiceApi(() => listBody([ISSUED, OVERDUE]));
    renderApp({ route: '/Dashboard/Submitted', signedIn: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Izdani, nenaplaćeni računi' })).toBeInTheDocument();
    const [first, second] = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(first).toHaveTextContent('2/POSL1/1');
    expect(within(first!).getByText('Kasni')).toBeInTheDocument();
    expect(second).toHaveTextContent('3/POSL1/1');
    expect(within(second!).queryByText('Kasni')).not.toBeInTheDocument();
    expect(within(second!).getByRole('button', { name: 'OZNAČI KAO NAPLAĆENO' })).toBeInTheDocument();
    const [query] = listQueries(fetchMock);
    expect(query?.get('state')).toBe('PUBLISHED');
    expect(query?.get('pageSize')).toBe('200');
    expect(query?.has('year')).toBe(false);
  });

  it('marks one cleared on the chosen payment date and drops it from the list', async () => {
    let rows = [ISSUED, OVERDUE];
    const fetchMock = stubInvoiceApi(() => listBody(rows), {
      'POST /api/v1/invoice/3/clear': () => {
        rows = [OVERDUE];
        return jsonResponse(200, { data: { id: 3, state: 'CLEARED' } });
      },
    });
    const { user } = renderApp({ route: '/Dashboard/Submitted', signedIn: true });
    const row = (await screen.findByText('3/POSL1/1')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'OZNAČI KAO NAPLAĆENO' }));
    const dialog = screen.getByRole('dialog', { name: 'Naplata računa 3/POSL1/1' });
    const picker = within(dialog).getByRole('button', { name: 'Datum plaćanja' });
    expect(picker).toHaveTextContent('2026-12-15');

    await user.click(picker);
    // The invoice is dated 22 November: earlier days cannot be picked, and neither can tomorrow.
    expect(screen.getByRole('button', { name: '16 prosinca 2026' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '10 prosinca 2026' }));
    expect(picker).toHaveTextContent('2026-12-10');
    await user.click(within(dialog).getByRole('button', { name: 'Potvrdi' }));

    expect(await screen.findByText('Račun 3/POSL1/1 označen kao naplaćen')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST /api/v1/invoice/3/clear'))).toEqual({ paymentDate: '2026-12-10' });
    await waitFor(() => expect(screen.queryByText('3/POSL1/1')).not.toBeInTheDocument());
    expect(screen.getByText('2/POSL1/1')).toBeInTheDocument();
  });

  it("shows the server's reason beside the date when the date is refused", async () => {
    const reason = 'Datum plaćanja mora biti između datuma računa i danas';
    stubInvoiceApi(() => listBody([ISSUED]), {
      'POST /api/v1/invoice/3/clear': () =>
        jsonResponse(400, { errors: [{ reason, code: 'validation', field: 'paymentDate' }] }),
    });
    const { user } = renderApp({ route: '/Dashboard/Submitted', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'OZNAČI KAO NAPLAĆENO' }));
    const dialog = screen.getByRole('dialog', { name: 'Naplata računa 3/POSL1/1' });
    await user.click(within(dialog).getByRole('button', { name: 'Potvrdi' }));
    expect(await within(dialog).findByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says so when everything has been paid', async () => {
    stubInvoiceApi(() => listBody([]));
    renderApp({ route: '/Dashboard/Submitted', signedIn: true });
    expect(await screen.findByText('Sve je naplaćeno')).toBeInTheDocument();
  });

  it('speaks English when the language is English', async () => {
    await i18n.changeLanguage('en');
    stubInvoiceApi(() => listBody([OVERDUE]));
    renderApp({ route: '/Dashboard/Submitted', signedIn: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Issued, uncleared invoices' })).toBeInTheDocument();
    const list = await screen.findByRole('table', { name: 'Issued, uncleared invoices' });
    expect(within(list).getByText('Overdue')).toBeInTheDocument();
    expect(within(list).getByRole('columnheader', { name: 'Due' })).toBeInTheDocument();
    expect(within(list).getByText('17 Mar 2026')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'MARK AS CLEARED' })).toBeInTheDocument();
  });
});

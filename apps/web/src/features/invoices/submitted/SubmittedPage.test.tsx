import { screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodyOf, callsTo, jsonResponse, listQueries, stubInvoiceApi } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';
import { shownDay } from '../../../test/ui';
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
  it('on a phone shows each invoice as a card: number, amount, client and due date, with its buttons', async () => {
    const media = vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      matches: /max-width: 48em|prefers-reduced-motion/.test(query), media: query, onchange: null,
      addListener: vi.fn(), removeListener: vi.fn(), addEventListener: vi.fn(), removeEventListener: vi.fn(), dispatchEvent: vi.fn(),
    }));
    try {
      stubInvoiceApi(() => listBody([ISSUED, OVERDUE]));
      renderApp({ route: '/Dashboard/Submitted', signedIn: true });
      const list = await screen.findByRole('list', { name: 'Izdani, nenaplaćeni računi' });
      expect(screen.queryByRole('table', { name: 'Izdani, nenaplaćeni računi' })).not.toBeInTheDocument();
      const [first] = within(list).getAllByRole('listitem');
      expect(first).toHaveTextContent('2/POSL1/1');
      expect(first).toHaveTextContent(OVERDUE.client);
      expect(first).toHaveTextContent('Dospijeće: 17. 3. 2026.');
      expect(first).toHaveTextContent('500,00 USD');
      expect(within(first!).getByText('Kasni')).toBeInTheDocument();
      expect(within(first!).getByRole('button', { name: 'ZABILJEŽI PLAĆANJE' })).toBeInTheDocument();
    } finally {
      media.mockRestore();
    }
  });

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
    expect(within(second!).getByRole('button', { name: 'ZABILJEŽI PLAĆANJE' })).toBeInTheDocument();
    const [query] = listQueries(fetchMock);
    expect(query?.get('state')).toBe('PUBLISHED');
    expect(query?.get('pageSize')).toBe('200');
    expect(query?.has('year')).toBe(false);
  });

  it('records a payment of what is open on the chosen day, and the paid invoice leaves the list', async () => {
    let rows = [ISSUED, OVERDUE];
    const fetchMock = stubInvoiceApi(() => listBody(rows), {
      'POST /api/v1/invoice/3/payment': () => {
        rows = [OVERDUE];
        return jsonResponse(201, {
          data: {
            payment: {
              id: 1, invoiceId: 3, date: '2026-12-10', amountCents: ISSUED.totalCents, currencyCode: 'EUR', method: 'TRANSFER', reportCode: 'T',
              note: null, correctsPaymentId: null, operator: 'Ana', operatorId: 1, reported: false, reportedAt: null, report: null, createdAt: '2026-12-15T10:00:00.000Z',
            },
            invoice: { id: 3, state: 'CLEARED', paidState: 'PAID', dueCents: ISSUED.totalCents, paidCents: ISSUED.totalCents, outstandingCents: 0 },
          },
        });
      },
    });
    const { user } = renderApp({ route: '/Dashboard/Submitted', signedIn: true });
    const row = (await screen.findByText('3/POSL1/1')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'ZABILJEŽI PLAĆANJE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plaćanje računa 3/POSL1/1' });
    const picker = within(dialog).getByRole('button', { name: 'Datum plaćanja' });
    expect(picker).toHaveTextContent(shownDay('2026-12-15'));
    await user.click(picker);
    await user.click(screen.getByRole('button', { name: '10 prosinca 2026' }));
    expect(picker).toHaveTextContent(shownDay('2026-12-10'));
    await user.click(within(dialog).getByRole('button', { name: /^Zabilježi$/ }));

    expect(await screen.findByText(/je zabilježeno/)).toBeInTheDocument();
    // what is open, by transfer, on the chosen day
    expect(bodyOf(callsTo(fetchMock, 'POST /api/v1/invoice/3/payment'))).toEqual({ date: '2026-12-10', amount: ISSUED.totalCents / 100, method: 'TRANSFER' });
    await waitFor(() => expect(screen.queryByText('3/POSL1/1')).not.toBeInTheDocument());
    expect(screen.getByText('2/POSL1/1')).toBeInTheDocument();
  });

  it("shows the server's reason in the dialog when the payment is refused, and keeps it open", async () => {
    const reason = 'Datum plaćanja ne smije biti prije datuma izdavanja računa';
    stubInvoiceApi(() => listBody([ISSUED]), {
      'POST /api/v1/invoice/3/payment': () => jsonResponse(400, { errors: [{ reason, code: 'paymentDateBeforeIssue', field: 'date' }] }),
    });
    const { user } = renderApp({ route: '/Dashboard/Submitted', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'ZABILJEŽI PLAĆANJE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plaćanje računa 3/POSL1/1' });
    await user.click(within(dialog).getByRole('button', { name: /^Zabilježi$/ }));
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
    expect(within(list).getByRole('button', { name: 'RECORD PAYMENT' })).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { callsTo, jsonResponse, stubInvoiceApi } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';
import { DRAFT, ISSUED, listBody, OVERDUE } from '../../../test/samples/invoiceList';
import { DRAFT_VIEW, HR_VIEW } from '../../../test/samples/printViews';

describe('Invoice list: print preview', () => {
  it("opens the preview of the row's invoice, and of a draft named after its client", async () => {
    const fetchMock = stubInvoiceApi(() => listBody([DRAFT, ISSUED, OVERDUE]), {
      'GET /screen/v1/invoice/print/3?lang=hr': () =>
        jsonResponse(200, {
          data: { ...HR_VIEW, commonData: { ...HR_VIEW.commonData, invoiceNumber: '3/POSL1/1' } },
        }),
      'GET /screen/v1/invoice/print/4?lang=hr': () => jsonResponse(200, { data: DRAFT_VIEW }),
    });
    const { user } = renderApp({ route: '/Invoices', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Pregled računa 3/POSL1/1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pregled računa 3/POSL1/1' });
    expect(await within(dialog).findByRole('heading', { name: 'RAČUN' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /screen/v1/invoice/print/3?lang=hr')).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET /screen/v1/invoice/print/2?lang=hr')).toHaveLength(0);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pregled nacrta računa za Kava d.o.o.' }));
    const draft = await screen.findByRole('dialog', { name: 'Pregled nacrta računa' });
    expect(await within(draft).findByText('NACRT')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /screen/v1/invoice/print/4?lang=hr')).toHaveLength(1);
  });

  it('names the action in English when the screen is English', async () => {
    await i18n.changeLanguage('en');
    stubInvoiceApi(() => listBody([DRAFT, ISSUED]));
    renderApp({ route: '/Invoices', signedIn: true });
    expect(await screen.findByRole('button', { name: 'Preview invoice 3/POSL1/1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview draft invoice for Kava d.o.o.' })).toBeInTheDocument();
  });
});

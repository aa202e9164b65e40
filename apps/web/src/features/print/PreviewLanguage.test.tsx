import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { answer, callsTo, stubApi } from '../../test/fakeApi';
import { openPreview } from '../../test/print';
import { DE_VIEW_EN, DE_VIEW_HR, HR_VIEW } from '../../test/samples/printViews';
import { sheet } from '../../test/ui';

describe('Print preview: language', () => {
  it('offers no switch for a Croatian client: the invoice stays Croatian under an English screen', async () => {
    await i18n.changeLanguage('en');
    const fetchMock = stubApi({ 'GET /screen/v1/invoice/print/1?lang=en': answer(HR_VIEW) });
    await openPreview(1);
    const page = await sheet();
    expect(page.getByText('Kupac')).toBeInTheDocument();
    expect(page.getByRole('heading', { name: 'RAČUN' })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    // The dialog's own controls follow the screen.
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Close preview' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /screen/v1/invoice/print/1?lang=en')).toHaveLength(1);
  });

  it("switches a foreign client's invoice to English and asks the server again", async () => {
    const fetchMock = stubApi({
      'GET /screen/v1/invoice/print/2?lang=hr': answer(DE_VIEW_HR),
      'GET /screen/v1/invoice/print/2?lang=en': answer(DE_VIEW_EN),
    });
    const { user } = await openPreview(2);
    expect((await sheet()).getByText('Kupac')).toBeInTheDocument();
    const languages = screen.getByRole('radiogroup', { name: 'Jezik računa' });
    expect(within(languages).getByRole('radio', { name: 'HR' })).toBeChecked();

    await user.click(within(languages).getByRole('radio', { name: 'EN' }));
    const page = await sheet();
    expect(await page.findByText('Bill to')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /screen/v1/invoice/print/2?lang=en')).toHaveLength(1);
    expect(page.getByRole('heading', { name: 'INVOICE' })).toBeInTheDocument();
    expect(page.getByRole('row', { name: 'Total €1,800.00' })).toBeInTheDocument();
    expect(page.getByText('Invoice type')).toBeInTheDocument();
    expect(page.getByRole('img', { name: 'Scan to pay (SEPA QR)' })).toBeInTheDocument();
    expect(page.getByRole('table', { name: 'Invoice lines' })).toBeInTheDocument();
    // The dialog itself still speaks Croatian, like the rest of the screen.
    expect(screen.getByRole('button', { name: 'Preuzmi PDF' })).toBeInTheDocument();
  });
});

import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { answer, stubApi } from '../../test/fakeApi';
import { openPreview } from '../../test/print';
import {
  CONSUMER_DRAFT_VIEW,
  CONSUMER_DRAFT_VIEW_EN,
  FISCAL_VIEW,
  FISCAL_VIEW_EN,
  HR_VIEW,
} from '../../test/samples/printViews';
import { sheet } from '../../test/ui';

/** The terms and values of the sheet's description lists, as a reader pairs them. */
const factsOf = (page: Awaited<ReturnType<typeof sheet>>) =>
  Object.fromEntries(
    page.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

describe('Print preview: a fiscalized invoice (decision 031)', () => {
  it('shows the ZKI, the JIR and the QR code at its printed size, with the time of issue and the operator', async () => {
    stubApi({ 'GET /screen/v1/invoice/print/5?lang=hr': answer(FISCAL_VIEW) });
    await openPreview(5);
    const page = await sheet();
    expect(factsOf(page)).toMatchObject({
      ZKI: 'e4d909c290d0fb1ca068ffaddf22cbd0',
      JIR: '6f1c2a7e-0b8d-4c1e-9f3a-5d2b7c8e9a10',
      'Datum i vrijeme izdavanja': '20. 11. 2026. 10:15',
      Operater: 'Ana Anić',
      'Način plaćanja': 'Transakcijski račun',
    });
    const qr = page.getByRole('img', { name: 'QR kod za provjeru računa u Poreznoj upravi' });
    expect(qr).toHaveAttribute('src', FISCAL_VIEW.fiscal?.qrUrl);
    // the symbol 2 × 2 cm once its quiet zone is added, as the PDF draws it
    expect(qr.closest('figure')).toHaveStyle({ width: '24.85mm' });
    expect(page.getByText('Provjera računa')).toBeInTheDocument();
    expect(page.queryByText(/NIJE FISKALIZIRANI/)).not.toBeInTheDocument();
  });

  it('in English, says the JIR is still to come', async () => {
    await i18n.changeLanguage('en');
    stubApi({ 'GET /screen/v1/invoice/print/6?lang=en': answer(FISCAL_VIEW_EN) });
    await openPreview(6);
    const page = await sheet();
    expect(factsOf(page)).toMatchObject({
      ZKI: 'e4d909c290d0fb1ca068ffaddf22cbd0',
      JIR: 'late delivery in progress',
      'Payment method': 'Card',
    });
    expect(page.getByRole('img', { name: 'QR code to verify the invoice with the Tax Administration' })).toBeInTheDocument();
    expect(page.getByText('Verify the invoice')).toBeInTheDocument();
  });

  it('shows no fiscal block on an invoice that has none, nor from a server that sends none', async () => {
    stubApi({ 'GET /screen/v1/invoice/print/1?lang=hr': answer(HR_VIEW) });
    await openPreview(1);
    const page = await sheet();
    expect(page.queryByText('ZKI')).not.toBeInTheDocument();
    expect(page.queryByText('JIR')).not.toBeInTheDocument();
    expect(page.getAllByRole('img')).toHaveLength(1); // the HUB-3 code alone
  });
});

describe('Print preview: a draft that would be fiscalized (ZoF čl. 29)', () => {
  it('says it is not a fiscalized invoice', async () => {
    stubApi({ 'GET /screen/v1/invoice/print/7?lang=hr': answer(CONSUMER_DRAFT_VIEW) });
    await openPreview(7);
    const page = await sheet();
    expect(page.getByText('OVO NIJE FISKALIZIRANI RAČUN')).toHaveClass('fk-sheet__not-fiscalized');
    expect(page.queryByText('ZKI')).not.toBeInTheDocument();
    expect(page.queryByRole('img')).not.toBeInTheDocument();
  });

  it('in English, with the Croatian words the law asks for', async () => {
    await i18n.changeLanguage('en');
    stubApi({ 'GET /screen/v1/invoice/print/8?lang=en': answer(CONSUMER_DRAFT_VIEW_EN) });
    await openPreview(8);
    const page = await sheet();
    expect(page.getByText('OVO NIJE FISKALIZIRANI RAČUN – THIS IS NOT A FISCALIZED INVOICE')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, jsonResponse, stubApi } from '../../test/fakeApi';
import { openPreview } from '../../test/print';
import { DRAFT_VIEW, HR_VIEW, USD_VIEW } from '../../test/samples/printViews';
import { sheet } from '../../test/ui';

beforeEach(() => notifications.clean());

describe('Print preview: the sheet', () => {
  it('shows sender, title, client, facts, lines, totals, payment data, payment code, notes and footer', async () => {
    stubApi({ 'GET /screen/v1/invoice/print/1?lang=hr': answer(HR_VIEW) });
    await openPreview(1);
    const page = await sheet();
    expect(await screen.findByRole('dialog')).toHaveAccessibleName('Pregled računa 1/POSL1/1');
    for (const text of [
      'Kodni Obrt Ivana Horvat',
      'Ilica 42',
      '10000 Zagreb, Hrvatska',
      'OIB: 69814562369 · PDV ID: HR69814562369',
      'E-mail: ivana@kodni-obrt.hr',
      'Telefon: +385 91 234 5678',
    ])
      expect(page.getByText(text)).toBeInTheDocument();
    expect(page.getByRole('heading', { name: 'RAČUN' })).toBeInTheDocument();
    expect(page.getAllByText('1/POSL1/1')).toHaveLength(2); // under the title and among the facts
    for (const text of [
      'Kupac',
      'Jadranski Softver d.o.o.',
      'Obala kneza Branimira 12',
      '21000 Split, Splitsko-dalmatinska, Hrvatska',
      'OIB: 33914072203',
    ])
      expect(page.getByText(text)).toBeInTheDocument();
    const facts = Object.fromEntries(
      page.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toMatchObject({
      'Vrsta računa': 'Račun',
      'Broj računa': '1/POSL1/1',
      'Interni broj': 'INT-42',
      'Datum isporuke': '31. 10. 2026.',
      'Razdoblje isporuke': '1.\u00a010.\u00a02026. – 31.\u00a010.\u00a02026.',
      'Datum dospijeća': '05. 12. 2026.',
      'Način plaćanja': 'Transakcijski račun',
      Operater: 'Ana Anić',
      'Datum i vrijeme izdavanja': '20. 11. 2026. 10:15',
      'Mjesto izdavanja': 'Zagreb',
      'Poslovni prostor': 'POSL1',
      'Naplatni uređaj': '1',
      IBAN: 'HR6023600001101234567',
      'SWIFT/BIC': 'ZABAHR2X',
      'Poziv na broj': 'HR00 1-2026',
    });
    // the date of issue is said once, with its time (decision 026)
    expect(facts).not.toHaveProperty('Datum računa');
    const lines = within(page.getByRole('table', { name: 'Stavke računa' }));
    expect(lines.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Opis',
      'Količina',
      'Jed.',
      'Cijena',
      'Popust',
      'PDV',
      'Iznos',
    ]);
    expect(
      lines
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Razvoj softvera12,5h45,00 €25 %562,50 €', 'Savjetovanje3h60,00 €10 %25 %162,00 €']);
    expect(page.getByRole('row', { name: 'Osnovica 724,50 €' })).toBeInTheDocument();
    // the taxable amount per rate (VAT Act art. 79)
    const vat = within(page.getByRole('table', { name: 'Rekapitulacija PDV-a' }));
    expect(vat.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'StopaOsnovicaIznos PDV-a',
      '25 %724,50 €181,13 €',
    ]);
    expect(page.getByRole('row', { name: 'PDV 25 % 181,13 €' })).toBeInTheDocument();
    expect(page.getByRole('row', { name: 'Ukupno 905,63 €' })).toBeInTheDocument();
    expect(page.getByRole('img', { name: 'Skenirajte za plaćanje (HUB-3)' })).toHaveAttribute(
      'src',
      HR_VIEW.barcodeUrl,
    );
    expect(
      page.getByText('Plaćanje u roku od 15 dana od datuma računa, najkasnije 05. 12. 2026.'),
    ).toBeInTheDocument();
    expect(page.getByText('Hvala na povjerenju!')).toBeInTheDocument();
    expect(page.getByText(HR_VIEW.commonData.footer!)).toBeInTheDocument();
  });

  it('adds the euro total and the rate for a foreign currency, and leaves out empty discount and VAT columns', async () => {
    stubApi({ 'GET /screen/v1/invoice/print/3?lang=hr': answer(USD_VIEW) });
    await openPreview(3);
    const page = await sheet();
    const lines = within(page.getByRole('table', { name: 'Stavke računa' }));
    expect(lines.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Opis',
      'Količina',
      'Jed.',
      'Cijena',
      'Iznos',
    ]);
    expect(page.getByRole('row', { name: 'Ukupno 1.200,00 USD' })).toBeInTheDocument();
    expect(page.getByRole('row', { name: 'Ukupno u EUR 1.111,11 €' })).toBeInTheDocument();
    expect(page.getByText('Tečaj: 1 EUR = 1,08 USD')).toBeInTheDocument();
    expect(page.getByText('94105 San Francisco, CA, Sjedinjene Američke Države')).toBeInTheDocument();
    // a client outside the EU has a tax number, neither an OIB nor a VAT ID
    expect(page.getByText('Porezni broj: 84-1234567')).toBeInTheDocument();
  });

  it('marks a draft in red and shows no number, reference or payment code', async () => {
    stubApi({ 'GET /screen/v1/invoice/print/4?lang=hr': answer(DRAFT_VIEW) });
    await openPreview(4);
    const page = await sheet();
    expect(page.getByText('NACRT')).toHaveClass('fk-sheet__draft-mark');
    expect(page.getByText('nacrt — bez broja')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Pregled nacrta računa');
    expect(page.queryByText('Broj računa')).not.toBeInTheDocument();
    expect(page.queryByText('Poziv na broj')).not.toBeInTheDocument();
    expect(page.queryByText('Naplatni uređaj')).not.toBeInTheDocument();
    expect(page.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows markup in a name as the literal text it is', async () => {
    const name = '<img src=x onerror=alert(1)>';
    stubApi({
      'GET /screen/v1/invoice/print/1?lang=hr': answer({
        ...HR_VIEW,
        client: { ...HR_VIEW.client, title: name },
      }),
    });
    await openPreview(1);
    const page = await sheet();
    expect(page.getByText(name)).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(page.getAllByRole('img')).toHaveLength(1);
  });
});

describe('Print preview: dialog', () => {
  it('closes on Escape and gives focus back to the button', async () => {
    stubApi({ 'GET /screen/v1/invoice/print/1?lang=hr': answer(HR_VIEW) });
    const { user } = await openPreview(1);
    await sheet();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pregled i ispis' })).toHaveFocus());
  });

  it('closes with its close button', async () => {
    stubApi({ 'GET /screen/v1/invoice/print/1?lang=hr': answer(HR_VIEW) });
    const { user } = await openPreview(1);
    await sheet();
    await user.click(screen.getByRole('button', { name: 'Zatvori pregled' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('prints through the browser', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    stubApi({ 'GET /screen/v1/invoice/print/1?lang=hr': answer(HR_VIEW) });
    const { user } = await openPreview(1);
    await sheet();
    await user.click(screen.getByRole('button', { name: 'Ispiši' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it("shows the server's reason when the invoice cannot be loaded, and tries again on request", async () => {
    let answerFirst: (response: Response) => void = () => undefined;
    let calls = 0;
    stubApi({
      'GET /screen/v1/invoice/print/9?lang=hr': () =>
        ++calls === 1
          ? new Promise<Response>((resolve) => (answerFirst = resolve))
          : jsonResponse(200, { data: HR_VIEW }),
    });
    const { user } = await openPreview(9);
    expect(screen.getByRole('status')).toHaveTextContent('Učitavanje računa…');
    expect(screen.getByRole('button', { name: 'Preuzmi PDF' })).toBeDisabled();
    answerFirst(jsonResponse(404, { errors: [{ reason: 'Račun 9 ne postoji', code: 'notFound' }] }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Račun se ne može prikazati');
    expect(alert).toHaveTextContent('Račun 9 ne postoji');
    expect(screen.getByRole('button', { name: 'Preuzmi PDF' })).toBeDisabled();
    await user.click(within(alert).getByRole('button', { name: 'Pokušaj ponovno' }));
    expect((await sheet()).getByText('Jadranski Softver d.o.o.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('shows a failure, not a blank sheet, when the answer is not a print view', async () => {
    stubApi({ 'GET /screen/v1/invoice/print/1?lang=hr': answer({ language: 'hr' }) });
    await openPreview(1);
    expect(await screen.findByRole('alert')).toHaveTextContent('Račun se ne može prikazati');
  });
});

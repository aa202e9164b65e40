import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodyOf, callsTo, formApi, jsonResponse, stubApi } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';
import { CREDIT_NOTE, PARTLY_CREDITED, TWO_LINES } from '../../../test/samples/creditNotes';
import { ISSUED } from '../../../test/samples/invoices';
import { HR_VIEW } from '../../../test/samples/printViews';
import { chooseMore, findToast, freezeToday, moreActions } from '../../../test/ui';

const api = (invoice = TWO_LINES, handlers: Parameters<typeof stubApi>[0] = {}) =>
  stubApi({
    ...formApi(),
    [`GET /api/v1/invoice/${invoice.id}`]: () => jsonResponse(200, { data: invoice }),
    ...handlers,
  });

const created = () => jsonResponse(201, { data: { id: 7, number: '7/POSL1/1' } });

async function openDialog() {
  const rendered = renderApp({ route: '/Invoices/5', signedIn: true });
  await screen.findByRole('button', { name: 'Pregled i ispis' });
  await chooseMore(rendered.user, 'Odobrenje / storno');
  const dialog = await screen.findByRole('dialog', { name: 'Odobrenje / storno računa 5/POSL1/1' });
  await within(dialog).findByRole('table', { name: 'Stavke za odobrenje' });
  return { ...rendered, dialog };
}

describe('Credit note dialog', () => {
  beforeEach(freezeToday);
  afterEach(() => vi.useRealTimers());

  it('credits all that remains without naming lines (storno), toasts the number and refreshes', async () => {
    const fetchMock = api(TWO_LINES, { 'POST /api/v1/invoice/5/credit-note': created });
    const { user, dialog } = await openDialog();
    // Every line checked at its full quantity, the date today.
    expect(within(dialog).getByRole('checkbox', { name: 'Odobri stavku Programiranje' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Odobri stavku Održavanje' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Količina za Programiranje' })).toHaveValue('45');
    expect(within(dialog).getByRole('textbox', { name: 'Količina za Održavanje' })).toHaveValue('2');
    // dated by the server the day it is issued: no picker, and no date sent
    expect(within(dialog).queryByRole('button', { name: 'Datum odobrenja' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Odobrenje nosi datum i vrijeme izdavanja: danas, 18. 3. 2026.')).toBeInTheDocument();
    expect(within(dialog).getByText(/izdaje se storno cijelog računa/)).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Razlog' }), 'Pogrešan klijent');
    await user.click(within(dialog).getByRole('button', { name: 'Izdaj odobrenje' }));

    expect(await findToast('Odobrenje 7/POSL1/1 je izdano')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST /api/v1/invoice/5/credit-note'))).toEqual({
      reason: 'Pogrešan klijent',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The invoice is read again (list, detail and dashboard keys are revalidated).
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/v1/invoice/5').length).toBeGreaterThan(1));
  });

  it('sends only the chosen lines and quantities for a partial credit', async () => {
    const fetchMock = api(TWO_LINES, { 'POST /api/v1/invoice/5/credit-note': created });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Odobri stavku Održavanje' }));
    expect(within(dialog).getByRole('textbox', { name: 'Količina za Održavanje' })).toBeDisabled();
    const quantity = within(dialog).getByRole('textbox', { name: 'Količina za Programiranje' });
    await user.clear(quantity);
    await user.type(quantity, '10,5');
    expect(within(dialog).getByText('Odobrava se dio računa.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Razlog' }), 'Manje sati');
    await user.click(within(dialog).getByRole('button', { name: 'Izdaj odobrenje' }));

    expect(await findToast('Odobrenje 7/POSL1/1 je izdano')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST /api/v1/invoice/5/credit-note'))).toEqual({
      reason: 'Manje sati',
      lines: [{ lineId: 51, quantity: 10.5 }],
    });
  });

  it("shows the server's reason under the quantity it names and keeps the dialog open", async () => {
    const fetchMock = api(TWO_LINES, {
      'POST /api/v1/invoice/5/credit-note': () =>
        jsonResponse(400, {
          errors: [
            {
              reason: 'Preostalo je još 1',
              code: 'validation',
              field: 'lines.0.quantity',
            },
          ],
        }),
    });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Odobri stavku Programiranje' }));
    const quantity = within(dialog).getByRole('textbox', { name: 'Količina za Održavanje' });
    await user.clear(quantity);
    await user.type(quantity, '1');
    await user.type(within(dialog).getByRole('textbox', { name: 'Razlog' }), 'Povrat');
    await user.click(within(dialog).getByRole('button', { name: 'Izdaj odobrenje' }));

    // lines.0 is the first line sent, which is the maintenance line here.
    await waitFor(() => expect(quantity).toHaveAccessibleDescription('Preostalo je još 1'));
    expect(bodyOf(callsTo(fetchMock, 'POST /api/v1/invoice/5/credit-note'))).toMatchObject({
      lines: [{ lineId: 52, quantity: 1 }],
    });
    expect(screen.getByRole('dialog', { name: 'Odobrenje / storno računa 5/POSL1/1' })).toBeInTheDocument();
    expect(screen.queryByText('Odobrenje nije izdano')).not.toBeInTheDocument();
  });

  it('asks for a reason and refuses more than remains before sending anything', async () => {
    const fetchMock = api(TWO_LINES);
    const { user, dialog } = await openDialog();
    const quantity = within(dialog).getByRole('textbox', { name: 'Količina za Održavanje' });
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Izdaj odobrenje' }));
    expect(within(dialog).getByRole('textbox', { name: 'Razlog' })).toHaveAccessibleDescription(
      'Ovo polje je obavezno',
    );
    // More than the remaining 2 is refused under the input, which keeps what was typed.
    expect(quantity).toHaveValue('3');
    expect(quantity).toHaveAccessibleDescription('Najviše 2');
    // read as typed, once: a fourth decimal is refused, not rounded away
    await user.clear(quantity);
    await user.type(quantity, '1,0005');
    await user.click(within(dialog).getByRole('button', { name: 'Izdaj odobrenje' }));
    expect(quantity).toHaveAccessibleDescription('Količina smije imati najviše tri decimale');
    expect(callsTo(fetchMock, 'POST /api/v1/invoice/5/credit-note')).toHaveLength(0);
  });

  it('toasts a refusal about the invoice itself and closes', async () => {
    const reason = 'Račun je već u cijelosti odobren';
    api(TWO_LINES, {
      'POST /api/v1/invoice/5/credit-note': () =>
        jsonResponse(409, { errors: [{ reason, code: 'invoiceFullyCredited' }] }),
    });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByRole('textbox', { name: 'Razlog' }), 'Storno');
    await user.click(within(dialog).getByRole('button', { name: 'Izdaj odobrenje' }));
    expect(await findToast(reason)).toBeInTheDocument();
    expect(screen.getByText('Odobrenje nije izdano')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('reads 0 on a ticked line as "not credited": the line is left out of the note (issue 31)', async () => {
    const fetchMock = api(TWO_LINES, { 'POST /api/v1/invoice/5/credit-note': created });
    const { user, dialog } = await openDialog();
    const maintenance = within(dialog).getByRole('textbox', { name: 'Količina za Održavanje' });
    await user.clear(maintenance);
    await user.type(maintenance, '0');
    // still ticked, no error under it: a part of the invoice is credited
    expect(within(dialog).getByRole('checkbox', { name: 'Odobri stavku Održavanje' })).toBeChecked();
    expect(within(dialog).getByText('Odobrava se dio računa.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Razlog' }), 'Održavanje ostaje');
    await user.click(within(dialog).getByRole('button', { name: 'Izdaj odobrenje' }));

    expect(await findToast('Odobrenje 7/POSL1/1 je izdano')).toBeInTheDocument();
    expect(maintenance).not.toHaveAccessibleDescription();
    expect(bodyOf(callsTo(fetchMock, 'POST /api/v1/invoice/5/credit-note'))).toEqual({
      reason: 'Održavanje ostaje',
      lines: [{ lineId: 51, quantity: 45 }],
    });
  });

  it('says nothing would be credited when every ticked line is at 0, and sends nothing', async () => {
    const fetchMock = api(TWO_LINES, { 'POST /api/v1/invoice/5/credit-note': created });
    const { user, dialog } = await openDialog();
    for (const name of ['Količina za Programiranje', 'Količina za Održavanje']) {
      const quantity = within(dialog).getByRole('textbox', { name });
      await user.clear(quantity);
      await user.type(quantity, '0');
    }
    // said at once, where the dialog says what will be credited
    expect(within(dialog).getByText('Ništa se ne bi odobrilo: sve odabrane količine su 0.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Razlog' }), 'Ništa');
    await user.click(within(dialog).getByRole('button', { name: 'Izdaj odobrenje' }));
    expect(within(dialog).getByText('Ništa se ne bi odobrilo: sve odabrane količine su 0.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/v1/invoice/5/credit-note')).toHaveLength(0);
    // an empty quantity still asks for one
    const programming = within(dialog).getByRole('textbox', { name: 'Količina za Programiranje' });
    await user.clear(programming);
    await user.click(within(dialog).getByRole('button', { name: 'Izdaj odobrenje' }));
    expect(programming).toHaveAccessibleDescription('Upišite količinu (0 znači da se stavka ne odobrava)');
  });

  it("names the lines in the invoice's language: an English invoice's English names, in a Croatian screen (issue 31)", async () => {
    api({ ...TWO_LINES, documentLanguage: 'en' });
    const { dialog } = await openDialog();
    expect(within(dialog).getByRole('checkbox', { name: 'Odobri stavku Programming' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Količina za Maintenance' })).toHaveValue('2');
    expect(within(dialog).queryByText('Održavanje')).not.toBeInTheDocument();
  });

  it("names a Croatian invoice's lines in Croatian in an English screen, and an English one's in English", async () => {
    await i18n.changeLanguage('en');
    api(TWO_LINES);
    const { user } = renderApp({ route: '/Invoices/5', signedIn: true });
    await screen.findByRole('button', { name: 'Preview and print' });
    await chooseMore(user, 'Credit note / storno', 'en');
    const dialog = await screen.findByRole('dialog', { name: 'Credit note / storno for invoice 5/POSL1/1' });
    expect(await within(dialog).findByRole('checkbox', { name: 'Credit line Održavanje' })).toBeChecked();
  });

  it('offers only what remains: a fully credited line is disabled, the rest defaults to its remainder', async () => {
    const fetchMock = api(PARTLY_CREDITED, { 'POST /api/v1/invoice/5/credit-note': created });
    const { user, dialog } = await openDialog();
    const done = within(dialog).getByRole('checkbox', { name: 'Odobri stavku Održavanje' });
    expect(done).toBeDisabled();
    expect(done).not.toBeChecked();
    expect(within(dialog).getByText('Već je sve odobreno')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Količina za Programiranje' })).toHaveValue('35');
    expect(within(dialog).getByText('Preostalo: 35 h')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Razlog' }), 'Ostatak');
    await user.click(within(dialog).getByRole('button', { name: 'Izdaj odobrenje' }));
    await findToast('Odobrenje 7/POSL1/1 je izdano');
    // Everything that remains: a storno of the rest, no lines named.
    expect(bodyOf(callsTo(fetchMock, 'POST /api/v1/invoice/5/credit-note'))).toEqual({
      reason: 'Ostatak',
    });
  });
});

describe('Credit notes on the edit page', () => {
  beforeEach(freezeToday);
  afterEach(() => vi.useRealTimers());

  it('shows a partly credited invoice: badge, credited and remaining per line, its notes and what remains', async () => {
    api(PARTLY_CREDITED);
    const { user } = renderApp({ route: '/Invoices/5', signedIn: true });
    expect(await screen.findByText('Djelomično odobreno')).toBeInTheDocument();
    expect(screen.getByTitle('Klijent prima hrvatske e-račune')).toHaveTextContent('e-Račun');
    const lines = screen.getByRole('table', { name: 'Stavke' });
    expect(within(lines).getByRole('columnheader', { name: 'Odobreno' })).toBeInTheDocument();
    expect(within(lines).getByRole('row', { name: /Programiranje/ })).toHaveTextContent(/10 h35 h$/);
    const notes = screen.getByRole('table', { name: 'Odobrenja računa' });
    expect(within(notes).getByRole('link', { name: '7/POSL1/1' })).toHaveAttribute('href', '/Invoices/7');
    expect(within(notes).getByRole('row', { name: /7\/POSL1\/1/ })).toHaveTextContent('10. 3. 2026.');
    expect(within(notes).getByRole('row', { name: /7\/POSL1\/1/ })).toHaveTextContent('−743,13 €');
    expect(screen.getByText(/Preostalo nakon odobrenja: 413,43/)).toBeInTheDocument();
    // Something remains, so another credit note can still be issued.
    expect(await moreActions(user)).toContain('Odobrenje / storno');
  });

  it('offers no credit note for a fully credited invoice nor for a draft', async () => {
    api({ ...PARTLY_CREDITED, creditStatus: 'FULL', state: 'CLEARED' });
    const { user } = renderApp({ route: '/Invoices/5', signedIn: true });
    expect(await screen.findByText('Stornirano')).toBeInTheDocument();
    expect(await moreActions(user)).not.toContain('Odobrenje / storno');
  });

  it('shows a credit note read-only: title, the invoice it corrects, reason, lines; no update form', async () => {
    api(CREDIT_NOTE);
    const { user } = renderApp({ route: '/Invoices/7', signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Odobrenje 7/POSL1/1' })).toBeInTheDocument();
    const original = screen.getByRole('link', { name: '5/POSL1/1' });
    expect(original).toHaveAttribute('href', '/Invoices/5');
    expect(original.parentElement).toHaveTextContent('za račun br. 5/POSL1/1 od 27. 2. 2026.');
    expect(screen.getByText('Manje sati nego obračunato')).toBeInTheDocument();
    expect(
      screen.getByText('Izdano odobrenje se ne mijenja. Za ispravak izdajte novi račun.'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Stavke' })).getByRole('row', { name: /Programiranje/ }),
    ).toHaveTextContent('−10 h');
    expect(screen.queryByRole('button', { name: 'Ažuriraj račun' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Interni broj' })).not.toBeInTheDocument();
    expect(await moreActions(user)).not.toContain('Odobrenje / storno');
    // Still printable and downloadable.
    expect(screen.getByRole('button', { name: 'Pregled i ispis' })).toBeInTheDocument();
    expect(await moreActions(user)).toContain('Preuzmi e-račun (XML)');
  });

  it('reads in English', async () => {
    await i18n.changeLanguage('en');
    api(CREDIT_NOTE);
    const { user } = renderApp({ route: '/Invoices/7', signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Credit note 7/POSL1/1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '5/POSL1/1' }).parentElement).toHaveTextContent(
      'for invoice no. 5/POSL1/1 of 27 Feb 2026',
    );
    expect(await moreActions(user, 'en')).toContain('Download e-invoice (XML)');
  });

  it('names the document by its kind: page title, number field, e-mail history, preview title (hr)', async () => {
    api(CREDIT_NOTE, {
      'GET /api/v1/invoice/7/email': () => jsonResponse(200, { data: [] }),
      'GET /screen/v1/invoice/print/7?lang=hr': () => jsonResponse(200, { data: { ...HR_VIEW, documentType: 'CREDIT_NOTE' } }),
    });
    const { user } = renderApp({ route: '/Invoices/7', signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Računi > Odobrenje' })).toBeInTheDocument();
    expect(screen.queryByText('Računi > Uredi račun')).not.toBeInTheDocument();
    expect(screen.getByText('Broj odobrenja')).toBeInTheDocument();
    expect(screen.queryByText('Broj računa')).not.toBeInTheDocument();
    expect(await screen.findByText('Odobrenje još nije poslano e-poštom.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pregled i ispis' }));
    expect(await screen.findByRole('dialog', { name: 'Pregled odobrenja 1/POSL1/1' })).toBeInTheDocument();
  });

  it('names the document by its kind in English too', async () => {
    await i18n.changeLanguage('en');
    api(CREDIT_NOTE, {
      'GET /api/v1/invoice/7/email': () => jsonResponse(200, { data: [] }),
      'GET /screen/v1/invoice/print/7?lang=en': () => jsonResponse(200, { data: { ...HR_VIEW, language: 'en', documentType: 'CREDIT_NOTE' } }),
    });
    const { user } = renderApp({ route: '/Invoices/7', signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices > Credit note' })).toBeInTheDocument();
    expect(screen.getByText('Credit note number')).toBeInTheDocument();
    expect(screen.queryByText('Invoice number')).not.toBeInTheDocument();
    expect(await screen.findByText('The credit note has not been sent by e-mail yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview and print' }));
    expect(await screen.findByRole('dialog', { name: 'Preview of credit note 1/POSL1/1' })).toBeInTheDocument();
  });

  it("has no XML download for a private person's credit note (decision 031)", async () => {
    api({ ...CREDIT_NOTE, clientKind: 'CONSUMER', eInvoice: false });
    const { user } = renderApp({ route: '/Invoices/7', signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Odobrenje 7/POSL1/1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pregled i ispis' })).toBeInTheDocument();
    expect(await moreActions(user)).not.toContain('Preuzmi e-račun (XML)');
  });

  it('has no XML download for a draft', async () => {
    api({ ...ISSUED, id: 5, state: 'DRAFT', invoiceNumber: null, locked: false });
    const { user } = renderApp({ route: '/Invoices/5', signedIn: true });
    await screen.findByRole('form', { name: 'Račun' });
    const more = await moreActions(user);
    expect(more).not.toContain('Preuzmi e-račun (XML)');
    expect(more).not.toContain('Odobrenje / storno');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodyOf, callsTo, formApi, jsonResponse, stubApi } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';
import { DRAFT, ISSUED } from '../../../test/samples/invoices';
import { dateButton, findToast, freezeToday, shownDay } from '../../../test/ui';

const invoiceApi = (invoice = ISSUED, handlers: Parameters<typeof stubApi>[0] = {}) =>
  stubApi({
    ...formApi(),
    [`GET /api/v1/invoice/${invoice.id}`]: () => jsonResponse(200, { data: invoice }),
    [`GET /api/v1/invoice/${invoice.id}/payment`]: () => jsonResponse(200, { data: [] }),
    ...handlers,
  });

const address = () => screen.getByRole('status', { name: 'address' });

describe('Edit invoice page', () => {
  beforeEach(freezeToday);
  afterEach(() => vi.useRealTimers());

  it('shows an issued invoice as issued, with the reason, and updates only what may change', async () => {
    const fetchMock = invoiceApi(ISSUED, {
      'PUT /api/v1/invoice/5': () => jsonResponse(200, { data: { number: '5/POSL1/1' } }),
    });
    const { user } = renderApp({ route: '/Invoices/5', signedIn: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Računi > Uredi račun' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Izdani račun se ne mijenja: klijent, datumi, stavke i iznosi ostaju kakvi su izdani. Ispravak se radi storno računom.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Izdan')).toBeInTheDocument();
    expect(screen.getAllByText('5/POSL1/1').length).toBeGreaterThan(0);
    // Client, dates and lines are text, not inputs.
    expect(screen.getByText('Jadranski Softver d.o.o.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Klijent' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Datum isporuke' })).not.toBeInTheDocument();
    // dated the day and time it was issued; the supply as it was issued
    expect(screen.getByText('Datum izdavanja').nextElementSibling).toHaveTextContent('27. 2. 2026. 11:00');
    expect(screen.getByText('Datum isporuke').nextElementSibling).toHaveTextContent('27. 2. 2026.');
    expect(screen.queryByRole('textbox', { name: 'Količina' })).not.toBeInTheDocument();
    const lines = screen.getByRole('table', { name: 'Stavke' });
    expect(within(lines).getByRole('row', { name: /Programiranje/ })).toHaveTextContent('45 h');
    expect(
      within(screen.getByRole('table', { name: 'Ukupni iznosi' })).getByRole('row', { name: /^Ukupno/ }),
    ).toHaveTextContent('531,56 €');

    const internal = screen.getByRole('textbox', { name: 'Interni broj' });
    await user.clear(internal);
    await user.type(internal, 'INT-5b');
    await user.type(screen.getByRole('textbox', { name: 'Poziv na broj' }), '2026-5');
    await user.click(dateButton('Datum dospijeća'));
    await user.click(screen.getByRole('button', { name: '20 ožujka 2026' }));
    await user.click(screen.getByRole('button', { name: 'Ažuriraj račun' }));

    expect(await findToast('Račun 5/POSL1/1 je ažuriran')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'PUT /api/v1/invoice/5'))).toEqual({
      extraInfo: 'INT-5b',
      paymentDueDate: '2026-03-20',
      referenceModel: 'HR00',
      referenceNumber: '2026-5',
      lineItems: [
        {
          id: 1,
          quantity: 45,
          description: 'Programiranje',
          descriptionEn: 'Programming',
          price: 10.5,
          unit: 'HOURLY',
          currency: 'EUR',
          discountPercent: 10,
          vatRate: 25,
          kpdCode: '62.10.11',
        },
      ],
    });
    await waitFor(() => expect(address()).toHaveTextContent('/Invoices'));
  });

  it('shows a 409 reason of an update as a toast', async () => {
    const reason = 'Izdani račun zadržava klijenta, datume, stavke i iznose';
    let answer: () => void = () => undefined;
    invoiceApi(ISSUED, {
      'PUT /api/v1/invoice/5': () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(jsonResponse(409, { errors: [{ reason, code: 'invoiceLocked' }] }));
        }),
    });
    const { user } = renderApp({ route: '/Invoices/5', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Ažuriraj račun' }));
    // The form is covered while it saves.
    await waitFor(() => expect(document.querySelector('.mantine-LoadingOverlay-root')).toBeInTheDocument());
    answer();
    expect(await findToast(reason)).toBeInTheDocument();
    await waitFor(() =>
      expect(document.querySelector('.mantine-LoadingOverlay-root')).not.toBeInTheDocument(),
    );
    expect(address()).toHaveTextContent('/Invoices/5');
  });

  it('records a payment of what is open, today, by bank transfer, from the invoice page', async () => {
    const fetchMock = invoiceApi(ISSUED, {
      'POST /api/v1/invoice/5/payment': () => jsonResponse(201, { data: {} }),
    });
    const { user } = renderApp({ route: '/Invoices/5', signedIn: true });
    expect(await screen.findByText('Još nema zabilježenih plaćanja.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Označi kao naplaćeno' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Zabilježi plaćanje' }));
    const dialog = screen.getByRole('dialog', { name: 'Plaćanje računa 5/POSL1/1' });
    expect(within(dialog).getByRole('textbox', { name: 'Iznos' })).toHaveValue('531,56');
    expect(within(dialog).getByRole('button', { name: 'Datum plaćanja' })).toHaveTextContent(shownDay('2026-03-18'));
    await user.click(within(dialog).getByRole('button', { name: 'Zabilježi' }));
    expect(await findToast('Plaćanje od 531,56 € je zabilježeno')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST /api/v1/invoice/5/payment'))).toEqual({
      date: '2026-03-18',
      amount: 531.56,
      method: 'TRANSFER',
    });
  });

  it('edits a draft with the full form and issues it with the number the server gives', async () => {
    const fetchMock = invoiceApi(DRAFT, {
      'PUT /api/v1/invoice/6': () => jsonResponse(200, { data: { number: null } }),
      'POST /api/v1/invoice/6/issue': () =>
        jsonResponse(200, { data: { id: 6, state: 'PUBLISHED', number: '9/POSL1/1' } }),
    });
    const { user } = renderApp({ route: '/Invoices/6', signedIn: true });
    const form = await screen.findByRole('form', { name: 'Račun' });
    expect(screen.getByText('Nacrt', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Klijent' })).toHaveValue('Jadranski Softver d.o.o.');
    expect(within(form).getByRole('textbox', { name: 'Ugovor' })).toHaveValue(
      'Ugovor o djelu (SOW), 15 dana',
    );
    expect(within(form).getByRole('textbox', { name: 'Broj računa' })).toHaveValue(
      'Dodjeljuje se pri izdavanju',
    );
    const quantity = within(screen.getByRole('group', { name: 'Stavka 1' })).getByRole('textbox', {
      name: 'Količina',
    });
    expect(quantity).toHaveValue('45');
    await user.clear(quantity);
    await user.type(quantity, '40');
    await user.click(screen.getByRole('button', { name: 'Izdaj račun' }));

    expect(await findToast('Uspjeh! Broj: 9/POSL1/1')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Datum izdavanja' })).toHaveValue('danas, 18. 3. 2026., pri izdavanju');
    const body = bodyOf(callsTo(fetchMock, 'PUT /api/v1/invoice/6'));
    // the server dates it when it is issued: no date of issue is sent
    expect(body).not.toHaveProperty('billingDate');
    expect(body).toMatchObject({
      clientId: 1,
      deliveryDate: '2026-02-27',
      servicePeriod: null,
      paymentDueDate: '2026-03-31',
      contractType: 'SOW',
      vatTreatment: 'DOMESTIC',
      lineItems: [expect.objectContaining({ id: 1, quantity: 40, discountPercent: 10 })],
    });
    expect(callsTo(fetchMock, 'POST /api/v1/invoice/6/issue')).toHaveLength(1);
  });

  it('keeps the saved draft and says why when issuing it is refused', async () => {
    const reason = 'Izdavatelj još nije unesen';
    invoiceApi(DRAFT, {
      'PUT /api/v1/invoice/6': () => jsonResponse(200, { data: { number: null } }),
      'POST /api/v1/invoice/6/issue': () => jsonResponse(409, { errors: [{ reason, code: 'issuerMissing' }] }),
    });
    const { user } = renderApp({ route: '/Invoices/6', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Izdaj račun' }));
    expect(await findToast(reason)).toBeInTheDocument();
    expect(screen.getByText('Nacrt je spremljen, ali račun nije izdan')).toBeInTheDocument();
    expect(address()).toHaveTextContent('/Invoices/6');
  });

  it("refused for the operator's missing OIB: says where to enter it, with a link there", async () => {
    const reason = 'Operater Ana nema upisan OIB, a e-račun mora navesti OIB operatera koji ga izdaje: upišite ga u Postavkama > Općenito > Vaš korisnički račun, pa ga izdajte';
    invoiceApi(DRAFT, {
      'PUT /api/v1/invoice/6': () => jsonResponse(200, { data: { number: null } }),
      'POST /api/v1/invoice/6/issue': () => jsonResponse(409, { errors: [{ reason, code: 'issueOperatorOib' }] }),
    });
    const { user } = renderApp({ route: '/Invoices/6', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Izdaj račun' }));
    expect(await findToast(reason)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upišite OIB u Postavkama > Općenito > Vaš korisnički račun' })).toHaveAttribute('href', '/Settings');
  });

  it("a draft whose due date has passed says so beside it and is not sent until it is moved", async () => {
    const fetchMock = invoiceApi({ ...DRAFT, paymentDueDate: '2026-03-10' }, {
      'PUT /api/v1/invoice/6': () => jsonResponse(200, { data: { number: null } }),
    });
    const { user } = renderApp({ route: '/Invoices/6', signedIn: true });
    await screen.findByRole('form', { name: 'Račun' });
    expect(dateButton('Datum dospijeća')).toHaveAccessibleDescription(
      'Ovaj datum dospijeća već je prošao: račun bi bio u kašnjenju čim se izda.',
    );
    await user.click(screen.getByRole('button', { name: 'Izdaj račun' }));
    expect(await screen.findByText('Datum dospijeća ne smije biti prije datuma izdavanja računa')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/v1/invoice/6')).toHaveLength(0);
  });

  it('saves a draft again as a draft without issuing it', async () => {
    const fetchMock = invoiceApi(DRAFT, {
      'PUT /api/v1/invoice/6': () => jsonResponse(200, { data: { number: null } }),
    });
    const { user } = renderApp({ route: '/Invoices/6', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Spremi nacrt' }));
    expect(await findToast('Nacrt je spremljen')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/v1/invoice/6/issue')).toHaveLength(0);
  });

  it('deletes a draft only after confirmation', async () => {
    const fetchMock = invoiceApi(DRAFT, {
      'DELETE /api/v1/invoice/6': () => jsonResponse(200, { data: { id: 6 } }),
    });
    const { user } = renderApp({ route: '/Invoices/6', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Obriši' }));
    const dialog = screen.getByRole('dialog', { name: 'Obrisati račun?' });
    expect(callsTo(fetchMock, 'DELETE /api/v1/invoice/6')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Obriši' }));
    expect(await findToast('Nacrt je obrisan')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /api/v1/invoice/6')).toHaveLength(1);
  });

  it('says an unknown or malformed invoice does not exist, with a way back', async () => {
    stubApi({
      'GET /api/v1/invoice/404': () =>
        jsonResponse(404, { errors: [{ reason: 'Račun ne postoji', code: 'invoiceNotFound' }] }),
    });
    renderApp({ route: '/Invoices/404', signedIn: true });
    expect(await screen.findByText('Račun ne postoji ili je obrisan.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Natrag na popis računa' })).toHaveAttribute('href', '/Invoices');
    renderApp({ route: '/Invoices/abc', signedIn: true });
    expect(screen.getAllByText('Račun ne postoji ili je obrisan.')).toHaveLength(2);
  });

  it('reads in English', async () => {
    await i18n.changeLanguage('en');
    invoiceApi(ISSUED);
    renderApp({ route: '/Invoices/5', signedIn: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Invoices > Edit Invoice' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        'An issued invoice does not change: client, dates, lines and amounts stay as issued; corrections are made with a credit note (storno).',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Invoice' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record payment' })).toBeInTheDocument();
    expect(screen.getByText('Published')).toBeInTheDocument();
  });
});

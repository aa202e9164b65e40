import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { computeTotals, formatMoney } from '@faktura/shared';
import { sampleAddress, sampleClient } from '@faktura/shared/samples';
import { i18n } from '../../../lib/i18n';
import { bodyOf, callsTo, formApi, jsonResponse, stubApi } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';
import { JADRAN, SCREEN } from '../../../test/samples/invoices';
import { addItem, choose, dateButton, findToast, freezeToday, shownDay } from '../../../test/ui';

const NEW = '/Invoices/NewInvoice';
const POST = 'POST /api/v1/invoice';

async function openNew(handlers: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({ ...formApi(), ...handlers });
  const view = renderApp({ route: NEW, signedIn: true });
  await screen.findByRole('form', { name: 'Račun' });
  return { ...view, fetchMock };
}

async function openNewEnglish(handlers: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({ ...formApi(), ...handlers });
  const view = renderApp({ route: NEW, signedIn: true });
  await screen.findByRole('form', { name: 'Invoice' });
  return { ...view, fetchMock };
}

/** A private person in Germany with a (Croatian) OIB: a consumer, so never reverse charged. */
const PERSON_IN_BERLIN = sampleClient('consumer', { id: 8, address: sampleAddress('eu', { id: 14 }) });

const line = (number: number) => screen.getByRole('group', { name: `Stavka ${number}` });
const totalsRow = (name: RegExp) =>
  within(screen.getByRole('table', { name: 'Ukupni iznosi' })).getByRole('row', { name });

describe('New invoice page', () => {
  beforeEach(freezeToday);
  afterEach(() => vi.useRealTimers());

  it('shows the form only once the data package is there, with operator and number fixed and WIRE proposed', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubApi({
      ...formApi(),
      'GET /screen/v1/invoice/new': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp({ route: NEW, signedIn: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Računi > Novi račun' })).toBeInTheDocument();
    expect(screen.getByLabelText('Učitavanje…')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();

    answer(jsonResponse(200, { data: SCREEN }));
    const form = await screen.findByRole('form', { name: 'Račun' });
    const issuer = within(form).getByRole('region', { name: 'Račun izdaje' });
    expect(issuer).toHaveTextContent('Kodni Obrt Ivana Horvat');
    expect(issuer).toHaveTextContent('Ilica 42, 10000 Zagreb, Grad Zagreb, Hrvatska');
    expect(issuer).toHaveTextContent('OIB: 69814562369');
    expect(within(form).getByRole('textbox', { name: 'Operater' })).toHaveValue('Ana Anić');
    expect(within(form).getByRole('textbox', { name: 'Operater' })).toHaveAttribute('readonly');
    expect(within(form).getByRole('textbox', { name: 'Broj računa' })).toHaveValue('7/POSL1/1');
    expect(within(form).getByRole('textbox', { name: 'Broj računa' })).toHaveAttribute('readonly');
    expect(within(form).getByRole('textbox', { name: 'Način plaćanja' })).toHaveValue('Transakcijski račun');
    expect(within(form).getByRole('textbox', { name: 'Način plaćanja' })).toBeEnabled();
  });

  it('says a private person\'s invoice and a cash or card invoice are fiscalized, and sends the method chosen', async () => {
    const { user, fetchMock } = await openNew({
      'GET /api/v1/company': () => jsonResponse(200, { data: [JADRAN, PERSON_IN_BERLIN] }),
      [POST]: () => jsonResponse(201, { data: { id: 9, number: null } }),
    });
    const client = screen.getByRole('textbox', { name: 'Klijent' });
    await choose(user, 'Klijent', 'Jadranski Softver d.o.o.');
    expect(client).not.toHaveAccessibleDescription(/Privatna osoba/);
    await choose(user, 'Klijent', 'Marija Kovačević');
    expect(client).toHaveAccessibleDescription('Privatna osoba — račun se fiskalizira (ZKI i JIR)');
    // an EU private person pays Croatian VAT, OIB or not: never a reverse charge
    expect(screen.getByRole('textbox', { name: 'PDV' })).toHaveValue('PDV u Hrvatskoj');

    const method = screen.getByRole('textbox', { name: 'Način plaćanja' });
    expect(method).not.toHaveAccessibleDescription(/fiskalizira/);
    await choose(user, 'Način plaćanja', 'Kartica');
    expect(method).toHaveAccessibleDescription('Gotovina/kartica — račun se fiskalizira (ZKI i JIR)');
    await choose(user, 'Način plaćanja', 'Gotovina');
    expect(method).toHaveAccessibleDescription('Gotovina/kartica — račun se fiskalizira (ZKI i JIR)');
    await choose(user, 'Način plaćanja', 'Kartica');
    await addItem(user, /^Programiranje/);
    await user.click(screen.getByRole('button', { name: 'Spremi kao nacrt' }));
    await findToast('Nacrt je spremljen');
    expect(bodyOf(callsTo(fetchMock, POST))).toMatchObject({ clientId: PERSON_IN_BERLIN.id, paymentMethod: 'CARD', vatTreatment: 'DOMESTIC' });
  });

  it('says so in English too', async () => {
    await i18n.changeLanguage('en');
    const { user } = await openNewEnglish({ 'GET /api/v1/company': () => jsonResponse(200, { data: [JADRAN, PERSON_IN_BERLIN] }) });
    await choose(user, 'Client', 'Marija Kovačević');
    expect(screen.getByRole('textbox', { name: 'Client' })).toHaveAccessibleDescription('Private person — the invoice is fiscalized (ZKI and JIR)');
    await choose(user, 'Payment method', 'Card');
    expect(screen.getByRole('textbox', { name: 'Payment method' })).toHaveAccessibleDescription('Cash or card — the invoice is fiscalized (ZKI and JIR)');
  });

  it('asks for the company details first when Settings > General was never filled', async () => {
    stubApi(formApi({ ...SCREEN, me: null }));
    renderApp({ route: NEW, signedIn: true });
    expect(await screen.findByRole('link', { name: 'Unesite ih u Postavkama' })).toHaveAttribute(
      'href',
      '/Settings',
    );
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('shows the date of issue as today, not a picker, and says where the month of work goes', async () => {
    await openNew();
    const issue = screen.getByRole('textbox', { name: 'Datum izdavanja' });
    expect(issue).toHaveValue('danas, 18. 3. 2026., pri izdavanju');
    expect(issue).toHaveAttribute('readonly');
    expect(issue).toHaveAccessibleDescription(/datum i vrijeme kada se stvarno izdaje.*razdoblje isporuke/);
    expect(screen.queryByRole('button', { name: 'Datum izdavanja' })).not.toBeInTheDocument();
    // without a contract: supplied today, no period, due in 15 days
    expect(dateButton('Datum isporuke')).toHaveTextContent(shownDay('2026-03-18'));
    expect(dateButton('Početak razdoblja isporuke')).toHaveTextContent('');
    expect(dateButton('Datum dospijeća')).toHaveTextContent(shownDay('2026-04-02'));
  });

  it('proposes the supply from a SOW and from a RENT contract (decision 026), due counted from today', async () => {
    const { user } = await openNew();
    await choose(user, 'Klijent', 'Jadranski Softver d.o.o.');
    // SOW, 15 days: February's work — the period, supplied on its last working day (Friday the
    // 27th); due 15 days after today's issue
    await choose(user, 'Ugovor', 'Ugovor o djelu (SOW), 15 dana');
    expect(dateButton('Datum isporuke')).toHaveTextContent(shownDay('2026-02-27'));
    expect(dateButton('Početak razdoblja isporuke')).toHaveTextContent(shownDay('2026-02-01'));
    expect(dateButton('Kraj razdoblja isporuke')).toHaveTextContent(shownDay('2026-02-28'));
    expect(dateButton('Datum dospijeća')).toHaveTextContent(shownDay('2026-04-02'));
    // RENT, 10 days: March, the running month; supplied on its first working day (Monday the 2nd);
    // the 10th has passed by the 18th, so 10 days from today
    await choose(user, 'Ugovor', 'Najam (RENT), 10 dana');
    expect(dateButton('Datum isporuke')).toHaveTextContent(shownDay('2026-03-02'));
    expect(dateButton('Početak razdoblja isporuke')).toHaveTextContent(shownDay('2026-03-01'));
    expect(dateButton('Kraj razdoblja isporuke')).toHaveTextContent(shownDay('2026-03-31'));
    expect(dateButton('Datum dospijeća')).toHaveTextContent(shownDay('2026-03-28'));
  });

  it('offers no supply after today, no due date before it, and a period end after it only for rent', async () => {
    const { user } = await openNew();
    await choose(user, 'Klijent', 'Jadranski Softver d.o.o.');
    await choose(user, 'Ugovor', 'Ugovor o djelu (SOW), 15 dana');
    await user.click(dateButton('Datum isporuke'));
    await user.click(screen.getByRole('button', { name: 'Sljedeći mjesec' }));
    await user.click(screen.getByRole('button', { name: 'Sljedeći mjesec' }));
    expect(screen.getByRole('button', { name: '19 ožujka 2026' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '18 ožujka 2026' }));
    expect(dateButton('Datum isporuke')).toHaveTextContent(shownDay('2026-03-18'));
    await user.click(dateButton('Datum dospijeća'));
    // the due date (2 April) opens April; March's days before today are not offered
    await user.click(screen.getByRole('button', { name: 'Prethodni mjesec' }));
    expect(screen.getByRole('button', { name: '17 ožujka 2026' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '18 ožujka 2026' })).toBeEnabled();
    await user.keyboard('{Escape}');
    await choose(user, 'Ugovor', 'Najam (RENT), 10 dana');
    await user.click(dateButton('Kraj razdoblja isporuke'));
    expect(screen.getByRole('button', { name: '31 ožujka 2026' })).toBeEnabled();
  });

  it('shows a picked day as the language writes dates and sends it as an ISO day (issue 31)', async () => {
    const { user, fetchMock } = await openNew({ [POST]: () => jsonResponse(201, { data: { id: 9, number: null } }) });
    await choose(user, 'Klijent', 'Jadranski Softver d.o.o.');
    await addItem(user, /^Programiranje/);
    await user.click(dateButton('Datum isporuke'));
    await user.click(screen.getByRole('button', { name: '5 ožujka 2026' }));
    expect(dateButton('Datum isporuke')).toHaveTextContent(/^5\. 3\. 2026\.$/);
    await user.click(screen.getByRole('button', { name: 'Spremi kao nacrt' }));
    expect(await findToast('Nacrt je spremljen')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, POST))).toMatchObject({ deliveryDate: '2026-03-05', paymentDueDate: '2026-04-02' });

    // the same day in English, the value unchanged
    await i18n.changeLanguage('en');
    expect(await screen.findByRole('button', { name: 'Date of supply' })).toHaveTextContent(/^5 Mar 2026$/);
    expect(screen.getByRole('button', { name: 'Payment due date' })).toHaveTextContent(/^2 Apr 2026$/);
  });

  it("writes the numbers of a form's reasons as the language writes them: at most 99,99 / 99.99 (issue 31)", async () => {
    const { user, fetchMock } = await openNew();
    await choose(user, 'Klijent', 'Jadranski Softver d.o.o.');
    await addItem(user, /^Programiranje/);
    const discount = within(line(1)).getByRole('textbox', { name: 'Popust %' });
    await user.clear(discount);
    await user.type(discount, '100');
    await user.click(screen.getByRole('button', { name: 'Spremi kao nacrt' }));
    expect(await within(line(1)).findByText('Vrijednost smije biti najviše 99,99')).toBeInTheDocument();
    await i18n.changeLanguage('en');
    expect(await within(screen.getByRole('group', { name: 'Line 1' })).findByText('Maximum supported value exceeded (99.99)')).toBeInTheDocument();
    expect(callsTo(fetchMock, POST)).toHaveLength(0);
  });

  it('asks for both ends of a period or neither, under the blank one', async () => {
    const { user, fetchMock } = await openNew();
    await choose(user, 'Klijent', 'Jadranski Softver d.o.o.');
    await addItem(user, /^Programiranje/);
    await user.click(dateButton('Početak razdoblja isporuke'));
    await user.click(screen.getByRole('button', { name: '2 ožujka 2026' }));
    await user.click(screen.getByRole('button', { name: 'Izdaj račun' }));
    expect(await screen.findByText('Unesite i početak i kraj razdoblja, ili nijedno')).toBeInTheDocument();
    expect(callsTo(fetchMock, POST)).toHaveLength(0);
  });

  it('clears the contract when the chosen client has none', async () => {
    const { user } = await openNew();
    await choose(user, 'Klijent', 'Jadranski Softver d.o.o.');
    await choose(user, 'Ugovor', 'Ugovor o djelu (SOW), 15 dana');
    expect(screen.getByRole('textbox', { name: 'Ugovor' })).toHaveValue('Ugovor o djelu (SOW), 15 dana');

    await choose(user, 'Klijent', 'Bez ugovora d.o.o.');
    expect(screen.getByRole('textbox', { name: 'Ugovor' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Ugovor' })).toBeDisabled();
    expect(screen.getByText('Klijent nema ugovora.')).toBeInTheDocument();
  });

  it('refuses an item that is already on the list', async () => {
    const { user } = await openNew();
    await addItem(user, /^Programiranje/);
    await addItem(user, /^Programiranje/);
    expect(await findToast('Stavka je već na popisu')).toBeInTheDocument();
    expect(screen.getAllByRole('group', { name: /^Stavka \d$/ })).toHaveLength(1);
  });

  it('totals the lines with the shared calculation, in euro before there are any', async () => {
    const { user } = await openNew();
    expect(totalsRow(/^Ukupno/)).toHaveTextContent('0,00 €');

    await addItem(user, /^Programiranje/);
    const quantity = within(line(1)).getByRole('textbox', { name: 'Količina' });
    await user.clear(quantity);
    await user.type(quantity, '45');
    await user.type(within(line(1)).getByRole('textbox', { name: 'Popust %' }), '{backspace}10');
    expect(within(line(1)).getByText('425,25 €')).toBeInTheDocument();
    expect(totalsRow(/^Osnovica/)).toHaveTextContent('425,25 €');
    expect(totalsRow(/^PDV 25 %/)).toHaveTextContent('106,31 €');
    expect(totalsRow(/^Ukupno/)).toHaveTextContent('531,56 €');
    // The very function the server prices with gives the same figure.
    const shared = computeTotals([
      { priceCents: 1050, quantityMilli: 45_000, discountBp: 1000, vatRateBp: 2500 },
    ]);
    // (Intl writes a no-break space before €, which the text matcher reads as a plain one.)
    expect(totalsRow(/^Ukupno/)).toHaveTextContent(
      formatMoney(shared.totalCents, 'EUR', 'hr').replace(/\s/g, ' '),
    );

    await user.click(within(line(1)).getByRole('button', { name: 'Ukloni stavku Programiranje' }));
    expect(screen.queryByRole('group', { name: 'Stavka 1' })).not.toBeInTheDocument();
    expect(totalsRow(/^Ukupno/)).toHaveTextContent('0,00 €');
  });

  it('sends nothing and says so when there are no lines', async () => {
    const { user, fetchMock } = await openNew();
    await choose(user, 'Klijent', 'Jadranski Softver d.o.o.');
    await user.click(screen.getByRole('button', { name: 'Izdaj račun' }));
    expect(await screen.findByText('Potrebna je barem jedna stavka')).toBeInTheDocument();
    expect(callsTo(fetchMock, POST)).toHaveLength(0);
  });

  it('asks to choose a client when none is chosen', async () => {
    const { user, fetchMock } = await openNew();
    await addItem(user, /^Programiranje/);
    await user.click(screen.getByRole('button', { name: 'Izdaj račun' }));
    expect(await screen.findByText('Odaberite klijenta')).toBeInTheDocument();
    expect(screen.queryByText('Klijent: postoje pogreške')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, POST)).toHaveLength(0);
  });

  it('issues with the right body and announces the number the server gave', async () => {
    let release: () => void = () => undefined;
    const { user, fetchMock } = await openNew({
      [POST]: () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(jsonResponse(201, { data: { id: 9, number: '8/POSL1/1' } }));
        }),
    });
    await choose(user, 'Klijent', 'Jadranski Softver d.o.o.');
    await choose(user, 'Ugovor', 'Ugovor o djelu (SOW), 15 dana');
    await addItem(user, /^Programiranje/);
    const quantity = within(line(1)).getByRole('textbox', { name: 'Količina' });
    await user.clear(quantity);
    await user.type(quantity, '10,5');
    await user.type(screen.getByRole('textbox', { name: 'Interni broj' }), 'INT-7');
    await user.click(screen.getByRole('button', { name: 'Izdaj račun' }));

    // While the request runs, both actions wait; the pressed one spins.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Spremi kao nacrt' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Izdaj račun' })).toHaveAttribute('data-loading', 'true');
    release();

    expect(await findToast('Uspjeh! Broj: 8/POSL1/1')).toBeInTheDocument();
    // The title says what happened instead of repeating "Uspjeh".
    expect(screen.getByText('Račun je izdan')).toBeInTheDocument();
    expect(screen.queryByText('Uspjeh')).not.toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, POST))).toEqual({
      clientId: 1,
      contractType: 'SOW',
      contractDueDays: 15,
      deliveryDate: '2026-02-27',
      servicePeriod: { start: '2026-02-01', end: '2026-02-28' },
      paymentDueDate: '2026-04-02',
      paymentMethod: 'WIRE',
      extraInfo: 'INT-7',
      referenceModel: 'HR00',
      referenceNumber: null,
      vatTreatment: 'DOMESTIC',
      eurFxRate: null,
      operatorId: 1,
      draft: false,
      lineItems: [
        {
          id: 1,
          quantity: 10.5,
          description: 'Programiranje',
          descriptionEn: 'Programming',
          price: 10.5,
          unit: 'HOURLY',
          currency: 'EUR',
          discountPercent: 0,
          vatRate: 25,
          kpdCode: '62.10.11',
        },
      ],
    });
    // Opened directly, so "back" is the invoice list.
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent('/Invoices'),
    );
  });

  it('reads amounts as typed, once, and says under each input why one does not read', async () => {
    const { user, fetchMock } = await openNew({
      [POST]: () => jsonResponse(201, { data: { id: 9, number: null } }),
    });
    await choose(user, 'Klijent', 'Jadranski Softver d.o.o.');
    await addItem(user, /^Programiranje/);
    // the catalogue's 1050 cents, written as Croatian writes them
    expect(within(line(1)).getByRole('textbox', { name: 'Cijena' })).toHaveValue('10,50');
    expect(within(line(1)).getByRole('textbox', { name: 'Količina' })).toHaveValue('1');
    const type = async (name: string, text: string) => {
      const input = within(line(1)).getByRole('textbox', { name });
      await user.clear(input);
      if (text) await user.type(input, text);
    };
    await type('Količina', '1,2345');
    await type('Cijena', 'deset');
    await type('Popust %', '12,555');
    await user.click(screen.getByRole('button', { name: 'Spremi kao nacrt' }));
    expect(await within(line(1)).findByText('Količina smije imati najviše tri decimale')).toBeInTheDocument();
    expect(within(line(1)).getByText('Neispravna vrijednost')).toBeInTheDocument();
    expect(within(line(1)).getByText('Iznos smije imati najviše dvije decimale')).toBeInTheDocument();
    await type('Količina', '');
    await user.click(screen.getByRole('button', { name: 'Spremi kao nacrt' }));
    expect(await within(line(1)).findByText('Ovo polje je obavezno')).toBeInTheDocument();
    expect(callsTo(fetchMock, POST)).toHaveLength(0);

    // thousands grouped, a decimal point typed in Croatian, an emptied discount: exact units, sent as spec §7's numbers
    await type('Količina', '1.234,5');
    await type('Cijena', '0.07');
    await type('Popust %', '');
    expect(within(line(1)).getByText('86,42 €')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Spremi kao nacrt' }));
    expect(await findToast('Nacrt je spremljen')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, POST))).toMatchObject({
      lineItems: [{ id: 1, quantity: 1234.5, price: 0.07, discountPercent: 0, vatRate: 25 }],
    });
  });

  it('saves a draft with draft: true', async () => {
    const { user, fetchMock } = await openNew({
      [POST]: () => jsonResponse(201, { data: { id: 9, number: null } }),
    });
    await choose(user, 'Klijent', 'Jadranski Softver d.o.o.');
    await addItem(user, /^Održavanje/);
    await user.click(screen.getByRole('button', { name: 'Spremi kao nacrt' }));
    expect(await findToast('Nacrt je spremljen')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, POST))).toMatchObject({ draft: true, clientId: 1, contractType: null });
  });

  it("puts a 400's supply date reason under the date of supply, and a refused date of issue in a toast", async () => {
    const reason = 'Datum isporuke ne smije biti nakon datuma izdavanja računa (danas)';
    let answer = jsonResponse(400, { errors: [{ reason, code: 'validation', field: 'deliveryDate' }] });
    const { user } = await openNew({ [POST]: () => answer });
    await choose(user, 'Klijent', 'Jadranski Softver d.o.o.');
    await addItem(user, /^Programiranje/);
    await user.click(screen.getByRole('button', { name: 'Izdaj račun' }));
    await waitFor(() => expect(dateButton('Datum isporuke')).toHaveAccessibleDescription(reason));
    expect(screen.getByRole('button', { name: 'Izdaj račun' })).toBeEnabled();
    // the page stayed open past midnight: the server dates the invoice, and says so
    const notToday = 'Poslani datum 18. 3. 2026. nije današnji (19. 3. 2026.): račun se datira danom kada se stvarno izdaje';
    answer = jsonResponse(409, { errors: [{ reason: notToday, code: 'billingDateNotToday', field: 'billingDate' }] });
    await user.click(screen.getByRole('button', { name: 'Izdaj račun' }));
    expect(await findToast(new RegExp(notToday.replace(/[().]/g, '\\$&')))).toBeInTheDocument();
  });

  it('treats an EU business with a VAT number as reverse charge and asks USD invoices for a rate', async () => {
    const { user, fetchMock } = await openNew();
    await choose(user, 'Klijent', 'Nordlicht Digital GmbH');
    expect(screen.getByRole('textbox', { name: 'PDV' })).toHaveValue('Prijenos porezne obveze (EU)');
    await addItem(user, /^Revizija koda/);
    // Reverse charge has no Croatian VAT rates to choose.
    expect(within(line(1)).queryByRole('textbox', { name: 'Stopa PDV-a' })).not.toBeInTheDocument();
    expect(totalsRow(/^PDV – Prijenos porezne obveze/)).toHaveTextContent('0,00');
    await user.click(screen.getByRole('button', { name: 'Izdaj račun' }));
    expect(await screen.findByText('Za račun u stranoj valuti unesite tečaj prema euru')).toBeInTheDocument();
    expect(callsTo(fetchMock, POST)).toHaveLength(0);
  });

  it('reads in English', async () => {
    await i18n.changeLanguage('en');
    stubApi(formApi());
    const { user } = renderApp({ route: NEW, signedIn: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invoices > New Invoice' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Invoice issued by' })).toBeInTheDocument();
    await choose(user, 'Client', 'Jadranski Softver d.o.o.');
    await choose(user, 'Contract', 'Statement of work (SOW), 15 days');
    expect(screen.getByRole('textbox', { name: 'Date of issue' })).toHaveValue('today, 18 Mar 2026, on issue');
    expect(screen.getByRole('button', { name: 'Date of supply' })).toHaveTextContent(shownDay('2026-02-27', 'en'));
    expect(screen.getByRole('button', { name: 'Start of the period of supply' })).toHaveTextContent(shownDay('2026-02-01', 'en'));
    await addItem(user, /^Programming/, { catalogue: 'Catalogue item', add: 'Add item' });
    await addItem(user, /^Programming/, { catalogue: 'Catalogue item', add: 'Add item' });
    expect(await findToast('Item already exists in the list')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove line Programiranje' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save as draft' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove line Programiranje' }));
    await user.click(screen.getByRole('button', { name: 'Issue invoice' }));
    expect(await screen.findByText('At least 1 item required')).toBeInTheDocument();
  });
});

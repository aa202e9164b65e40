import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { computeTotals, formatMoney } from '@faktura/shared';
import { i18n } from '../../../lib/i18n';
import { bodyOf, callsTo, formApi, jsonResponse, stubApi } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';
import { SCREEN } from '../../../test/samples/invoices';
import { addItem, choose, dateButton, findToast, freezeToday } from '../../../test/ui';

const NEW = '/Invoices/NewInvoice';
const POST = 'POST /api/v1/invoice';

async function openNew(handlers: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({ ...formApi(), ...handlers });
  const view = renderApp({ route: NEW, signedIn: true });
  await screen.findByRole('form', { name: 'Račun' });
  return { ...view, fetchMock };
}

const line = (number: number) => screen.getByRole('group', { name: `Stavka ${number}` });
const totalsRow = (name: RegExp) =>
  within(screen.getByRole('table', { name: 'Ukupni iznosi' })).getByRole('row', { name });

describe('New invoice page', () => {
  beforeEach(freezeToday);
  afterEach(() => vi.useRealTimers());

  it('shows the form only once the data package is there, with operator, number and WIRE fixed', async () => {
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
    expect(within(form).getByRole('textbox', { name: 'Način plaćanja' })).toBeDisabled();
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

  it('sets the dates from a RENT and from a SOW contract (spec §4), never a due date already past', async () => {
    const { user } = await openNew();
    await choose(user, 'Klijent', 'Jadranski Softver d.o.o.');
    // RENT, 10 days: the first weekday of March 2026 is Monday the 2nd; due on the 10th, which has
    // passed on the 18th: today + 10 days is proposed instead, and the page says so.
    await choose(user, 'Ugovor', 'Najam (RENT), 10 dana');
    expect(dateButton('Datum računa')).toHaveTextContent('2026-03-02');
    expect(dateButton('Datum isporuke')).toHaveTextContent('2026-03-02');
    expect(dateButton('Datum dospijeća')).toHaveTextContent('2026-03-28');
    expect(dateButton('Datum dospijeća')).toHaveAccessibleDescription(
      'Ugovoreni rok dospijeća (2026-03-10) već je prošao; predloženo je danas + 10 dana.',
    );
    // SOW, 15 days: the last weekday of February is Friday the 27th; due 15 days later (14 March)
    // has passed too, so 18 March + 15 days.
    await choose(user, 'Ugovor', 'Ugovor o djelu (SOW), 15 dana');
    expect(dateButton('Datum računa')).toHaveTextContent('2026-02-27');
    expect(dateButton('Datum isporuke')).toHaveTextContent('2026-02-27');
    expect(dateButton('Datum dospijeća')).toHaveTextContent('2026-04-02');
    expect(dateButton('Datum dospijeća')).toHaveAccessibleDescription(
      'Ugovoreni rok dospijeća (2026-03-14) već je prošao; predloženo je danas + 15 dana.',
    );
  });

  it('warns beside the due date when one already past is chosen, in both languages', async () => {
    const { user } = await openNew();
    await choose(user, 'Klijent', 'Jadranski Softver d.o.o.');
    await choose(user, 'Ugovor', 'Ugovor o djelu (SOW), 15 dana');
    await user.click(dateButton('Datum dospijeća'));
    await user.click(screen.getByRole('button', { name: 'Prethodni mjesec' }));
    await user.click(screen.getByRole('button', { name: '16 ožujka 2026' }));
    expect(dateButton('Datum dospijeća')).toHaveTextContent('2026-03-16');
    expect(dateButton('Datum dospijeća')).toHaveAccessibleDescription(
      'Ovaj datum dospijeća već je prošao: račun bi bio u kašnjenju čim se izda.',
    );
    await i18n.changeLanguage('en');
    await waitFor(() =>
      expect(dateButton('Payment due date')).toHaveAccessibleDescription(
        'This due date has already passed: the invoice would be overdue as soon as it is issued.',
      ),
    );
  });

  it('proposes the earliest issuable date when the contract date can no longer be issued, and says why', async () => {
    const { user } = await openNew(
      formApi({
        ...SCREEN,
        earliestBillingDate: {
          date: '2026-03-04',
          reason: 'LAST_ISSUED',
          lastIssued: { billingDate: '2026-03-04', number: '6/POSL1/1' },
        },
      }),
    );
    const why =
      'Najraniji mogući datum: 4. 3. 2026., datum posljednjeg izdanog dokumenta u nizu (6/POSL1/1); brojevi slijede datume.';
    expect(screen.getByText(why)).toBeInTheDocument();
    await choose(user, 'Klijent', 'Jadranski Softver d.o.o.');
    // SOW proposes Friday 27 February, before 6/POSL1/1 of 4 March: the 4th is proposed instead.
    await choose(user, 'Ugovor', 'Ugovor o djelu (SOW), 15 dana');
    expect(dateButton('Datum računa')).toHaveTextContent('2026-03-04');
    expect(dateButton('Datum isporuke')).toHaveTextContent('2026-03-04');
    expect(screen.getByText(`Ugovor predlaže 27. 2. 2026., ali taj se datum više ne može izdati. ${why}`)).toBeInTheDocument();
    // RENT's 2 March cannot be issued either; the picker offers no day before the 4th.
    await choose(user, 'Ugovor', 'Najam (RENT), 10 dana');
    expect(dateButton('Datum računa')).toHaveTextContent('2026-03-04');
    await user.click(dateButton('Datum računa'));
    expect(screen.getByRole('button', { name: '3 ožujka 2026' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '4 ožujka 2026' })).toBeEnabled();
  });

  it('keeps the contract date when it can still be issued', async () => {
    const { user } = await openNew();
    expect(screen.getByText('Najraniji mogući datum: 1. 1. 2025. (1. siječnja prošle godine).')).toBeInTheDocument();
    await choose(user, 'Klijent', 'Jadranski Softver d.o.o.');
    await choose(user, 'Ugovor', 'Ugovor o djelu (SOW), 15 dana');
    expect(dateButton('Datum računa')).toHaveTextContent('2026-02-27');
    expect(screen.queryByText(/Ugovor predlaže/)).not.toBeInTheDocument();
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

  it('raises the delivery date to a later billing date; a due date after it stays', async () => {
    const { user } = await openNew();
    await choose(user, 'Klijent', 'Jadranski Softver d.o.o.');
    await choose(user, 'Ugovor', 'Ugovor o djelu (SOW), 15 dana');
    await user.click(dateButton('Datum računa'));
    await user.click(screen.getByRole('button', { name: 'Sljedeći mjesec' }));
    // Billing dates cannot lie in the future.
    expect(screen.getByRole('button', { name: '19 ožujka 2026' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '17 ožujka 2026' }));
    expect(dateButton('Datum računa')).toHaveTextContent('2026-03-17');
    expect(dateButton('Datum isporuke')).toHaveTextContent('2026-03-17');
    expect(dateButton('Datum dospijeća')).toHaveTextContent('2026-04-02');
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
      billingDate: '2026-02-27',
      deliveryDate: '2026-02-27',
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

  it("puts a 400's billing date reason under the billing date", async () => {
    const reason = 'Datum računa (2026-03-18) ne smije biti prije datuma posljednjeg izdanog računa';
    const { user } = await openNew({
      [POST]: () => jsonResponse(400, { errors: [{ reason, code: 'validation', field: 'billingDate' }] }),
    });
    await choose(user, 'Klijent', 'Jadranski Softver d.o.o.');
    await addItem(user, /^Programiranje/);
    await user.click(screen.getByRole('button', { name: 'Izdaj račun' }));
    // under the field's own note on the earliest issuable date
    const said = new RegExp(reason.replace(/[()]/g, '\\$&'));
    await waitFor(() => expect(dateButton('Datum računa')).toHaveAccessibleDescription(said));
    expect(screen.getByRole('button', { name: 'Izdaj račun' })).toBeEnabled();
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
    expect(screen.getByRole('button', { name: 'Billing date' })).toHaveTextContent('2026-02-27');
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

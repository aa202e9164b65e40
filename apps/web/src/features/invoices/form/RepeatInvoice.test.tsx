import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invoice } from '@faktura/shared';
import { i18n } from '../../../lib/i18n';
import { bodyOf, callsTo, formApi, jsonResponse, stubApi } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';
import { ISSUED } from '../../../test/samples/invoices';
import { dateButton, findToast, freezeToday, moreActions, shownDay } from '../../../test/ui';

/**
 * Repeat (issue 12 item 10): an issued invoice opens New invoice prefilled with its client,
 * contract and lines, dated this month by the contract's rule; nothing is saved until the user saves.
 * Today is frozen at 2026-03-18.
 */
const POST = 'POST /api/v1/invoice';

/** January's rent of Jadran, cleared: one catalogue line with a discount, one whose item was deleted. */
const RENT: Invoice = {
  ...ISSUED,
  id: 7,
  invoiceNumber: '2/POSL1/1',
  state: 'CLEARED',
  contractType: 'RENT',
  contractDueDays: 10,
  billingDate: '2026-02-02',
  createDate: '2026-02-02',
  deliveryDate: '2026-02-02',
  servicePeriod: { start: '2026-02-01', end: '2026-02-28' },
  paymentDueDate: '2026-02-10',
  extraInfo: 'Ugovor 4/2025',
  referenceNumber: '2-2026',
  lineItems: [
    { ...ISSUED.lineItems[0]!, quantity: 2, discountPercent: 5, vatRate: 13 },
    {
      ...ISSUED.lineItems[0]!,
      lineId: 52,
      productId: null,
      quantity: 1,
      price: 800,
      priceCents: 80000,
      discountPercent: 0,
      description: 'Najam ureda',
      descriptionEn: 'Office rent',
      unit: 'SINGLE',
      kpdCode: '68.20.02',
    },
  ],
};

function open(source: Invoice | null, handlers: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({
    ...formApi(),
    [`GET /api/v1/invoice/${source?.id ?? 99}`]: () =>
      source
        ? jsonResponse(200, { data: source })
        : jsonResponse(404, { errors: [{ reason: 'Račun ne postoji', code: 'notFound' }] }),
    ...handlers,
  });
  const view = renderApp({ route: `/Invoices/NewInvoice?from=${source?.id ?? 99}`, signedIn: true });
  return { ...view, fetchMock };
}

const line = (number: number) => screen.getByRole('group', { name: `Stavka ${number}` });

describe('Repeat an issued invoice', () => {
  beforeEach(freezeToday);
  afterEach(async () => {
    vi.useRealTimers();
    await i18n.changeLanguage('hr');
  });

  it("prefills New invoice with the invoice's client, contract and lines, dated this month by the contract", async () => {
    const { user, fetchMock } = open(RENT, {
      [POST]: () => jsonResponse(201, { data: { id: 9, number: '8/POSL1/1' } }),
    });
    const notice = await screen.findByRole('region', { name: 'Ponavljanje računa 2/POSL1/1' });
    expect(notice).toHaveTextContent('ništa nije spremljeno dok ne izdate račun');
    expect(notice).toHaveTextContent(
      'Stavka „Najam ureda” više nije u katalogu; preuzeta je kakva je bila na računu.',
    );
    expect(screen.getByRole('textbox', { name: 'Klijent' })).toHaveValue('Jadranski Softver d.o.o.');
    expect(screen.getByRole('textbox', { name: 'Ugovor' })).toHaveValue('Najam (RENT), 10 dana');
    // issued today; RENT: this month (March) as the period, supplied on its first working day
    // (Monday the 2nd); the contract's 10th has passed, so 10 days from today — never 0 days
    expect(screen.getByRole('textbox', { name: 'Datum izdavanja' })).toHaveValue('danas, 18. 3. 2026., pri izdavanju');
    expect(dateButton('Datum isporuke')).toHaveTextContent(shownDay('2026-03-02'));
    expect(dateButton('Početak razdoblja isporuke')).toHaveTextContent(shownDay('2026-03-01'));
    expect(dateButton('Kraj razdoblja isporuke')).toHaveTextContent(shownDay('2026-03-31'));
    expect(dateButton('Datum dospijeća')).toHaveTextContent(shownDay('2026-03-28'));
    expect(within(line(1)).getByRole('textbox', { name: 'Količina' })).toHaveValue('2');
    expect(within(line(2)).getByRole('textbox', { name: 'Opis' })).toHaveValue('Najam ureda');
    expect(screen.getByRole('textbox', { name: 'Interni broj' })).toHaveValue('Ugovor 4/2025');
    // nothing was sent yet
    expect(callsTo(fetchMock, POST)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Izdaj račun' }));
    expect(await findToast('Uspjeh! Broj: 8/POSL1/1')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, POST))).toEqual({
      clientId: 1,
      contractType: 'RENT',
      contractDueDays: 10,
      deliveryDate: '2026-03-02',
      servicePeriod: { start: '2026-03-01', end: '2026-03-31' },
      paymentDueDate: '2026-03-28',
      paymentMethod: 'WIRE',
      extraInfo: 'Ugovor 4/2025',
      referenceModel: 'HR00',
      // the new invoice gets its own reference
      referenceNumber: null,
      vatTreatment: 'DOMESTIC',
      eurFxRate: null,
      operatorId: 1,
      draft: false,
      lineItems: [
        {
          id: 1,
          quantity: 2,
          description: 'Programiranje',
          descriptionEn: 'Programming',
          price: 10.5,
          unit: 'HOURLY',
          currency: 'EUR',
          discountPercent: 5,
          vatRate: 13,
          kpdCode: '62.10.11',
        },
        {
          id: null,
          quantity: 1,
          description: 'Najam ureda',
          descriptionEn: 'Office rent',
          price: 800,
          unit: 'SINGLE',
          currency: 'EUR',
          discountPercent: 0,
          vatRate: 25,
          kpdCode: '68.20.02',
        },
      ],
    });
  });

  it('says when the client no longer exists and leaves the choice to the user', async () => {
    open({ ...RENT, clientId: 42, client: 'Nestali d.o.o.' });
    const notice = await screen.findByRole('region', { name: 'Ponavljanje računa 2/POSL1/1' });
    expect(notice).toHaveTextContent('Klijent s tog računa više ne postoji: odaberite klijenta.');
    expect(screen.getByRole('textbox', { name: 'Klijent' })).toHaveValue('');
  });

  it("repeats last month's statement of work as this month's: the previous month as the period", async () => {
    open({ ...RENT, contractType: 'SOW', contractDueDays: 15, servicePeriod: { start: '2026-01-01', end: '2026-01-31' } });
    await screen.findByRole('region', { name: 'Ponavljanje računa 2/POSL1/1' });
    expect(dateButton('Datum isporuke')).toHaveTextContent(shownDay('2026-02-27'));
    expect(dateButton('Početak razdoblja isporuke')).toHaveTextContent(shownDay('2026-02-01'));
    expect(dateButton('Kraj razdoblja isporuke')).toHaveTextContent(shownDay('2026-02-28'));
    expect(dateButton('Datum dospijeća')).toHaveTextContent(shownDay('2026-04-02'));
  });

  it('does not repeat a credit note, and says why', async () => {
    open({ ...RENT, documentType: 'CREDIT_NOTE' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Odobrenje se ne ponavlja.');
    expect(screen.getByRole('textbox', { name: 'Klijent' })).toHaveValue('');
  });

  it('reads in English', async () => {
    await i18n.changeLanguage('en');
    open(RENT);
    const notice = await screen.findByRole('region', { name: 'Repeating invoice 2/POSL1/1' });
    expect(notice).toHaveTextContent('nothing is saved until you issue the invoice or save it as a draft');
    expect(screen.getByRole('textbox', { name: 'Contract' })).toHaveValue('Rent (RENT), 10 days');
    expect(screen.getByRole('textbox', { name: 'Date of issue' })).toHaveValue('today, 18 Mar 2026, on issue');
    expect(screen.getByRole('button', { name: 'Date of supply' })).toHaveTextContent(shownDay('2026-03-02', 'en'));
    expect(screen.getByRole('button', { name: 'End of the period of supply' })).toHaveTextContent(shownDay('2026-03-31', 'en'));
  });
});

describe('Repeat on the edit page', () => {
  beforeEach(freezeToday);
  afterEach(() => vi.useRealTimers());

  it('is offered on an issued invoice and opens New invoice from it', async () => {
    stubApi({ ...formApi(), 'GET /api/v1/invoice/7': () => jsonResponse(200, { data: RENT }) });
    const { user } = renderApp({ route: '/Invoices/7', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Više radnji s dokumentom' }));
    const repeat = await screen.findByRole('menuitem', { name: 'Ponovi račun' });
    expect(repeat).toHaveAttribute('href', '/Invoices/NewInvoice?from=7');
    await user.click(repeat);
    expect(await screen.findByRole('region', { name: 'Ponavljanje računa 2/POSL1/1' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent('/Invoices/NewInvoice?from=7');
  });

  it('is not offered on a credit note', async () => {
    const note: Invoice = {
      ...RENT,
      id: 8,
      documentType: 'CREDIT_NOTE',
      creditedInvoice: { id: 7, number: '2/POSL1/1', billingDate: '2026-02-02' },
      creditReason: 'Popust',
    };
    stubApi({ ...formApi(), 'GET /api/v1/invoice/8': () => jsonResponse(200, { data: note }) });
    const { user } = renderApp({ route: '/Invoices/8', signedIn: true });
    expect(await screen.findByText('Popust')).toBeInTheDocument();
    expect(await moreActions(user)).not.toContain('Ponovi račun');
  });
});

describe('Repeat refused', () => {
  beforeEach(freezeToday);
  afterEach(() => vi.useRealTimers());

  it('says a missing invoice cannot be repeated and offers the empty form', async () => {
    open(null);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Račun koji ste htjeli ponoviti ne postoji ili je obrisan.',
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Klijent' })).toHaveValue(''));
  });

  it('says a draft is edited and issued, not repeated', async () => {
    open({ ...RENT, state: 'DRAFT', invoiceNumber: null });
    expect(await screen.findByRole('alert')).toHaveTextContent('Ponoviti se može samo izdani račun');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Quote, QuoteListRow } from '@faktura/shared';
import { bodyOf, callsTo, jsonResponse, stubApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';
import { quoteFormSchema, newQuoteValues } from './quoteFormModel';

const ROW: QuoteListRow = {
  id: 3, number: 'P-3/2026', clientId: 1, client: 'Jadran d.o.o.', state: 'SENT', status: 'EXPIRED',
  quoteDate: '2026-02-01', validUntil: '2026-02-16', currencyCode: 'EUR', totalCents: 56_250, invoice: null,
};
const QUOTE: Quote = {
  ...ROW, state: 'ACCEPTED', status: 'ACCEPTED', invoice: { id: 41, number: null }, paymentDueDays: 15, paymentMethod: 'WIRE',
  vatTreatment: 'DOMESTIC', eurFxRate: null, note: null, subtotalCents: 45_000, vatCents: 11_250, vatGroups: [{ rate: 25, baseCents: 45_000, vatCents: 11_250 }],
  lineItems: [{ productId: 1, quantity: 10, price: 45, priceCents: 4500, discountPercent: 0, currencyCode: 'EUR', description: 'Programiranje', descriptionEn: 'Programming', unit: 'HOURLY', vatRate: 25, lineTotalCents: 45_000, kpdCode: '62.01.11' }],
  sentAt: '2026-02-01T10:00:00.000Z', decidedAt: '2026-02-03T10:00:00.000Z', editable: false, documentLanguage: 'hr',
  createdAt: '2026-02-01T09:00:00.000Z', updatedAt: '2026-02-03T10:00:00.000Z',
};
const ISSUER = { data: { inVatSystem: true } };

describe('Quotes (Ponude)', () => {
  it('lists quotes with their status, expired ones included, and asks the server for the chosen status', async () => {
    const fetchMock = stubApi({
      'GET /api/v1/quote': () => jsonResponse(200, { data: [ROW] }),
      'GET /api/v1/quote?status=EXPIRED': () => jsonResponse(200, { data: [ROW] }),
    });
    const user = userEvent.setup();
    renderApp({ route: '/Quotes', signedIn: true });
    const table = await screen.findByRole('table', { name: 'Ponude' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('P-3/2026');
    expect(row).toHaveTextContent('Istekla');
    expect(within(row).getByRole('link', { name: 'P-3/2026' })).toHaveAttribute('href', '/Quotes/3');
    await user.click(screen.getByRole('textbox', { name: 'Stanje' }));
    await user.click(await screen.findByRole('option', { name: 'Istekla' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/v1/quote?status=EXPIRED')).toHaveLength(1));
  });

  it('asks before making a second invoice from a quote made into one already, then opens the new invoice', async () => {
    const fetchMock = stubApi({
      'GET /api/v1/quote/3': () => jsonResponse(200, { data: QUOTE }),
      'GET /api/v1/settings/issuer': () => jsonResponse(200, ISSUER),
      'GET /api/v1/company': () => jsonResponse(200, { data: [] }),
      'POST /api/v1/quote/3/convert': () => jsonResponse(201, { data: { invoiceId: 42, quoteId: 3 } }),
    });
    const user = userEvent.setup();
    renderApp({ route: '/Quotes/3', signedIn: true });
    expect(await screen.findByRole('link', { name: 'Račun iz ove ponude: skica' })).toHaveAttribute('href', '/Invoices/41');
    await user.click(screen.getByRole('button', { name: 'Izradi račun' }));
    const dialog = await screen.findByRole('dialog', { name: 'P-3/2026' });
    expect(dialog).toHaveTextContent('Ponuda je već pretvorena u račun skica. Izraditi još jedan račun iz nje?');
    expect(callsTo(fetchMock, 'POST /api/v1/quote/3/convert')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Izradi račun' }));
    await waitFor(() => expect(bodyOf(callsTo(fetchMock, 'POST /api/v1/quote/3/convert'))).toEqual({ to: 'INVOICE', again: true }));
    // a sent or accepted quote is not edited: no Save, no Delete
    expect(screen.queryByRole('button', { name: 'Spremi ponudu' })).toBeNull();
  });

  it('reads the form as the server will: amounts as typed in Croatian, and "valid until" after the date', () => {
    const values = newQuoteValues('2026-03-18', 'DOMESTIC');
    const line = { id: 1, description: 'Programiranje', descriptionEn: '', quantity: '10,5', price: '45,00', unit: 'HOURLY' as const, currency: 'EUR', discountPercent: '', vatRateBp: 2500 as const, kpdCode: null };
    const ok = quoteFormSchema.safeParse({ ...values, clientId: 1, lineItems: [line] });
    expect(ok.success && ok.data.lineItems[0]).toMatchObject({ quantity: 10.5, price: 45, vatRate: 25 });
    expect(ok.success && ok.data.validUntil).toBe('2026-04-02');
    const backwards = quoteFormSchema.safeParse({ ...values, clientId: 1, validUntil: '2026-03-17', lineItems: [line] });
    expect(backwards.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['validUntil', 'validation.validUntilBeforeDate']]);
  });

});

import { screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type KprAnswer, type PosdAnswer, buildKpr, posdFrom } from '@faktura/shared';
import { i18n } from '../../lib/i18n';
import { callsTo, jsonResponse, stubApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';

const ISSUER = { name: 'Kodni Obrt Ivana Horvat', oib: '69814562369', address: 'Ilica 42, 10000 Zagreb', flatRate: true, inVatSystem: false };
const entry = (paymentId: number, date: string, method: 'CASH' | 'CARD' | 'TRANSFER', eurCents: number, extra: object = {}) => ({
  paymentId,
  date,
  invoiceNumber: `${String(paymentId)}/POSL1/1`,
  method,
  eurCents,
  amountCents: eurCents,
  currencyCode: 'EUR',
  correctsPaymentId: null,
  ...extra,
});
const LEDGER = buildKpr(2025, [
  entry(1, '2025-01-10', 'CASH', 10000),
  entry(2, '2025-01-12', 'CARD', 5000),
  entry(3, '2025-04-15', 'TRANSFER', 30000),
  entry(4, '2025-04-20', 'TRANSFER', -30000, { correctsPaymentId: 3 }),
  entry(5, '2025-07-01', 'TRANSFER', 50000, { amountCents: 54125, currencyCode: 'USD' }),
]);
const KPR: KprAnswer = { ...LEDGER, issuer: ISSUER };
const POSD: PosdAnswer = { ...posdFrom(LEDGER), issuer: ISSUER };
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent.replace(/\u00a0/g, ' ')));

beforeEach(() => notifications.clean());

describe('KPR screen', () => {
  it('shows the year’s rows in the form’s columns with month, quarter and year sums', async () => {
    stubApi({ 'GET /api/v1/reports/kpr?year=2025': () => jsonResponse(200, { data: KPR }) });
    renderApp({ route: '/Reports/KPR?year=2025', signedIn: true });
    const table = await screen.findByRole('table', { name: 'Knjiga prometa (KPR)' });
    expect(rowsOf(table)).toEqual([
      ['Redni broj', 'Datum', 'Broj računa', 'Iznos naplaćen u gotovini / karticom', 'Iznos naplaćen bezgotovinski (transakcijski račun)', 'Ukupno'],
      ['1.', '10. 1. 2025.', '1/POSL1/1', '100,00 €', '0,00 €', '100,00 €'],
      ['2.', '12. 1. 2025.', '2/POSL1/1', '50,00 €', '0,00 €', '50,00 €'],
      ['Ukupno siječanj', '150,00 €', '0,00 €', '150,00 €'],
      ['Ukupno 1. tromjesečje', '150,00 €', '0,00 €', '150,00 €'],
      ['3.', '15. 4. 2025.', '3/POSL1/1', '0,00 €', '300,00 €', '300,00 €'],
      ['4.', '20. 4. 2025.', '4/POSL1/1ispravak', '0,00 €', '−300,00 €', '−300,00 €'],
      ['Ukupno travanj', '0,00 €', '0,00 €', '0,00 €'],
      ['Ukupno 2. tromjesečje', '0,00 €', '0,00 €', '0,00 €'],
      ['5.', '1. 7. 2025.', '5/POSL1/1541,25 USD po tečaju računa', '0,00 €', '500,00 €', '500,00 €'],
      ['Ukupno srpanj', '0,00 €', '500,00 €', '500,00 €'],
      ['Ukupno 3. tromjesečje', '0,00 €', '500,00 €', '500,00 €'],
      ['Ukupno 2025.', '150,00 €', '500,00 €', '650,00 €'],
    ]);
    expect(screen.getByRole('link', { name: 'PO-SD za 2025.' })).toHaveAttribute('href', '/Reports/POSD?year=2025');
  });

  it('downloads the CSV of the chosen year', async () => {
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:faktura/1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const fetchMock = stubApi({
      'GET /api/v1/reports/kpr?year=2025': () => jsonResponse(200, { data: KPR }),
      'GET /api/v1/reports/kpr/csv?year=2025': () =>
        new Response('\uFEFFRedni broj;Datum\r\n', { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="KPR-2025.csv"' } }),
    });
    const { user } = renderApp({ route: '/Reports/KPR?year=2025', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Preuzmi CSV' }));
    await waitFor(() => expect(names).toEqual(['KPR-2025.csv']));
    expect(callsTo(fetchMock, 'GET /api/v1/reports/kpr/csv?year=2025')).toHaveLength(1);
  });

  it('explains who keeps the KPR when the issuer is not a paušalni obrt, in English too', async () => {
    await i18n.changeLanguage('en');
    stubApi({ 'GET /api/v1/reports/kpr?year=2025': () => jsonResponse(200, { data: { ...KPR, issuer: { ...ISSUER, flatRate: false } } }) });
    renderApp({ route: '/Reports/KPR?year=2025', signedIn: true });
    expect(await screen.findByText(/is kept by a paušalni obrt/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open settings' })).toHaveAttribute('href', '/Settings');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
  });
});

describe('PO-SD screen', () => {
  it('shows the quarters from the KPR, the year and the deadline', async () => {
    await i18n.changeLanguage('hr');
    stubApi({ 'GET /api/v1/reports/posd?year=2025': () => jsonResponse(200, { data: POSD }) });
    renderApp({ route: '/Reports/POSD?year=2025', signedIn: true });
    const table = await screen.findByRole('table', { name: 'PO-SD: primici po tromjesečjima' });
    expect(rowsOf(table)).toEqual([
      ['Razdoblje', 'U gotovini / karticom', 'Bezgotovinski', 'Ukupno primici'],
      ['1. tromjesečje1. 1. 2025. – 31. 3. 2025.', '150,00 €', '0,00 €', '150,00 €'],
      ['2. tromjesečje1. 4. 2025. – 30. 6. 2025.', '0,00 €', '0,00 €', '0,00 €'],
      ['3. tromjesečje1. 7. 2025. – 30. 9. 2025.', '0,00 €', '500,00 €', '500,00 €'],
      ['4. tromjesečje1. 10. 2025. – 31. 12. 2025.', '0,00 €', '0,00 €', '0,00 €'],
      ['Ukupno 2025.', '150,00 €', '500,00 €', '650,00 €'],
    ]);
    expect(screen.getByText('Rok za predaju: 15. 1. 2026.')).toBeInTheDocument();
  });
});

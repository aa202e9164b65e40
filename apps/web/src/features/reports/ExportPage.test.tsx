import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, monthDays, previousMonth, todayInZagreb } from '@faktura/shared';
import { i18n } from '../../lib/i18n';
import { callsTo, jsonResponse, stubApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';
import { periodProblem, quickPeriods } from './ExportPage';

const today = todayInZagreb();
const lastMonth = monthDays(previousMonth(today.slice(0, 7)));

afterEach(async () => {
  await i18n.changeLanguage('hr');
});

function catchDownloads() {
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:faktura/export');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const clicks: HTMLAnchorElement[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push(this);
  });
  return clicks;
}

describe('the quick periods', () => {
  it('are last month, this year so far and last year', () => {
    expect(quickPeriods('2026-03-15')).toEqual({
      lastMonth: { from: '2026-02-01', to: '2026-02-28' },
      thisYear: { from: '2026-01-01', to: '2026-03-15' },
      lastYear: { from: '2025-01-01', to: '2025-12-31' },
    });
    expect(quickPeriods('2026-01-10').lastMonth).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('refuse a reversed or longer than a year period as the server does', () => {
    expect(periodProblem({ from: '2026-02-01', to: '2026-01-31' })).toBe('validation.exportReversed');
    expect(periodProblem({ from: '2024-01-01', to: '2024-12-31' })).toBeNull();
    expect(periodProblem({ from: '2025-01-01', to: '2026-01-02' })).toBe('validation.exportTooLong');
  });
});

describe('Export for the accountant', () => {
  it('is listed under Reports and opens on last month, CSV, in Croatian', async () => {
    const { user } = renderApp({ route: '/Reports', signedIn: true });
    await user.click(await screen.findByRole('link', { name: 'Izvoz za knjigovođu' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Izvoz za knjigovođu' })).toBeInTheDocument();
    expect(screen.getByText(/Svi izdani računi i odobrenja u razdoblju/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Od' })).toHaveTextContent(formatDate(lastMonth.from, 'hr'));
    expect(screen.getByRole('button', { name: 'Do' })).toHaveTextContent(formatDate(lastMonth.to, 'hr'));
    expect(screen.getByRole('button', { name: 'Prošli mjesec' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('radio', { name: 'CSV tablica' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'ZIP s dokumentima' })).not.toBeChecked();
    expect(screen.getByText(/odvojeno točkom sa zarezom, decimalni zarez/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preuzmi' })).toBeEnabled();
  });

  it('downloads last year’s zip under the server’s name', async () => {
    const clicks = catchDownloads();
    const year = Number(today.slice(0, 4)) - 1;
    const path = `GET /api/v1/export?from=${year}-01-01&to=${year}-12-31&format=zip&lang=hr`;
    const fetchMock = stubApi({
      [path]: () =>
        new Response(new Uint8Array([0x50, 0x4b, 5, 6]), {
          status: 200,
          headers: { 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename="izvoz-${year}-01-01_${year}-12-31.zip"` },
        }),
    });
    const { user } = renderApp({ route: '/Reports/Export', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Prošla godina' }));
    await user.click(screen.getByRole('radio', { name: 'ZIP s dokumentima' }));
    await user.click(screen.getByRole('button', { name: 'Preuzmi' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]).toHaveAttribute('download', `izvoz-${year}-01-01_${year}-12-31.zip`);
    expect(callsTo(fetchMock, path)).toHaveLength(1);
    expect(await screen.findByText(`Izvoz izvoz-${year}-01-01_${year}-12-31.zip je preuzet`)).toBeInTheDocument();
  });

  it('says why the server refused, in a toast', async () => {
    const path = `GET /api/v1/export?from=${lastMonth.from}&to=${lastMonth.to}&format=csv&lang=hr`;
    stubApi({ [path]: () => jsonResponse(400, { errors: [{ code: 'validation', field: 'to', reason: 'Razdoblje izvoza može obuhvatiti najviše 366 dana' }] }) });
    const { user } = renderApp({ route: '/Reports/Export', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Preuzmi' }));
    expect(await screen.findByText('Izvoz nije moguće preuzeti')).toBeInTheDocument();
    expect(screen.getByText(/najviše 366 dana/)).toBeInTheDocument();
  });

  it('speaks English, with its own CSV convention', async () => {
    await i18n.changeLanguage('en');
    const clicks = catchDownloads();
    const path = `GET /api/v1/export?from=${today.slice(0, 4)}-01-01&to=${today}&format=csv&lang=en`;
    const fetchMock = stubApi({
      [path]: () => new Response('\uFEFFNumber,Kind\r\n', { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="export.csv"' } }),
    });
    const { user } = renderApp({ route: '/Reports/Export', signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Export for the accountant' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'From' })).toHaveTextContent(formatDate(lastMonth.from, 'en'));
    expect(screen.getByText(/comma-separated, decimal point/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Zip with the documents' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'This year' }));
    expect(screen.getByRole('button', { name: 'This year' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(callsTo(fetchMock, path)).toHaveLength(1);
  });
});

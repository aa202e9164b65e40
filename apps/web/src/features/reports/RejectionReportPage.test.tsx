import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RejectionReportRow } from '@faktura/shared';
import { i18n } from '../../lib/i18n';
import { callsTo, jsonResponse, stubApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';

/** November 2026: one rejection reported, one waiting, one of a supplier abroad. */
const row = (overrides: Partial<RejectionReportRow>): RejectionReportRow => ({
  receivedId: 7, supplierName: 'TVRTKA A d.o.o.', supplierOib: '12345678903', number: 'UL-7', issueDate: '2026-11-02', date: '2026-11-04',
  type: 'U', reason: 'Obračunat PDV 25 % umjesto 13 %', reportStatus: 'REPORTED', requestId: 'req-1', errorCode: null, intermediaryStatus: null, intermediaryError: null, ...overrides,
});
const NOVEMBER = {
  month: '2026-11',
  deadline: '2026-12-20',
  rows: [
    row({}),
    row({ receivedId: 8, number: 'UL-8', type: 'N', reason: 'Kriva adresa', reportStatus: 'PENDING', requestId: null, errorCode: 'S009' }),
    row({ receivedId: 9, number: 'DE-9', supplierName: 'Muster GmbH', supplierOib: null, type: 'O', reason: 'Nije naručeno', reportStatus: 'NOT_REQUIRED', requestId: null }),
  ],
  unreported: 1,
};
const PATH = 'GET /api/v1/reports/rejections?month=2026-11';

afterEach(async () => {
  await i18n.changeLanguage('hr');
});

describe('Rejections to report', () => {
  it('are listed among the reports', async () => {
    stubApi({});
    renderApp({ route: '/Reports', signedIn: true });
    expect(await screen.findByRole('link', { name: /Odbijeni računi za prijavu/ })).toHaveAttribute('href', '/Reports/Rejections');
  });

  it('show the month’s rejections with the deadline, each report’s state and what is still to report; in en the same', async () => {
    stubApi({ [PATH]: () => jsonResponse(200, { data: NOVEMBER }) });
    const { unmount } = renderApp({ route: '/Reports/Rejections?month=2026-11', signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Odbijeni računi za prijavu' })).toBeInTheDocument();
    expect(await screen.findByText('Prijaviti do 20. 12. 2026.')).toBeInTheDocument();
    expect(screen.getByText('1 odbijanje još nije prijavljeno.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Odbijanja u mjesecu' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('UL-7');
    expect(rows[1]).toHaveTextContent('Prijavljeno');
    expect(within(rows[1]!).getByRole('link', { name: 'UL-7' })).toHaveAttribute('href', '/Inbox/7');
    expect(rows[2]).toHaveTextContent('Za prijavu');
    expect(rows[2]).toHaveTextContent('S009');
    expect(rows[3]).toHaveTextContent('Muster GmbH');
    expect(rows[3]).toHaveTextContent('Nema prijave');
    unmount();

    await i18n.changeLanguage('en');
    renderApp({ route: '/Reports/Rejections?month=2026-11', signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Rejections to report' })).toBeInTheDocument();
    expect(await screen.findByText('Report by 20 Dec 2026')).toBeInTheDocument();
    expect(screen.getByText('1 rejection is not reported yet.')).toBeInTheDocument();
    const english = screen.getByRole('table', { name: 'Rejections of the month' });
    expect(english).toHaveTextContent('Nothing to report');
    expect(english).toHaveTextContent('To report');
  });

  it('say so when nothing was rejected that month', async () => {
    stubApi({ [PATH]: () => jsonResponse(200, { data: { ...NOVEMBER, rows: [], unreported: 0 } }) });
    renderApp({ route: '/Reports/Rejections?month=2026-11', signedIn: true });
    expect(await screen.findByText('U ovom mjesecu nije odbijen nijedan primljeni račun.')).toBeInTheDocument();
    expect(screen.queryByText(/još nije prijavljeno/)).toBeNull();
  });

  it('downloads the PDF in the reader’s language and the CSV under the server’s names; a failure says why', async () => {
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:faktura/file');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    await i18n.changeLanguage('en');
    const fetchMock = stubApi({
      [PATH]: () => jsonResponse(200, { data: NOVEMBER }),
      'GET /api/v1/reports/rejections.pdf?month=2026-11&lang=en': () =>
        new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="odbijanja-2026-11.pdf"' } }),
      'GET /api/v1/reports/rejections.csv?month=2026-11&lang=en': () => jsonResponse(503, { errors: [{ reason: 'The database is not reachable', code: 'internal' }] }),
    });
    const { user } = renderApp({ route: '/Reports/Rejections?month=2026-11', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Print (PDF)' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]).toHaveAttribute('download', 'odbijanja-2026-11.pdf');
    expect(callsTo(fetchMock, 'GET /api/v1/reports/rejections.pdf?month=2026-11&lang=en')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('The database is not reachable')).toBeInTheDocument();
    expect(screen.getByText('The file could not be downloaded')).toBeInTheDocument();
    expect(clicks).toHaveLength(1);
  });

  it('show one reported by hand, and what the intermediary said of one it reports (refused in its words), hr and en', async () => {
    const rows = [
      row({ receivedId: 10, number: 'UL-10', reportStatus: 'REPORTED_BY_HAND', requestId: null }),
      row({ receivedId: 11, number: 'UL-11', reportStatus: 'BY_INTERMEDIARY', requestId: null, intermediaryStatus: 'FAILED', intermediaryError: 'Dokument nije pronađen' }),
      row({ receivedId: 12, number: 'UL-12', reportStatus: 'BY_INTERMEDIARY', requestId: null, intermediaryStatus: 'DONE' }),
    ];
    stubApi({ [PATH]: () => jsonResponse(200, { data: { ...NOVEMBER, rows, unreported: 1 } }) });
    const { unmount } = renderApp({ route: '/Reports/Rejections?month=2026-11', signedIn: true });
    const table = await screen.findByRole('table', { name: 'Odbijanja u mjesecu' });
    const [, hand, refused, done] = within(table).getAllByRole('row');
    expect(hand).toHaveTextContent('Prijavljeno ručno');
    expect(refused).toHaveTextContent('Putem posrednika');
    expect(refused).toHaveTextContent('Posrednik odbio: Dokument nije pronađen');
    expect(done).toHaveTextContent('Posrednik preuzeo');
    unmount();
    await i18n.changeLanguage('en');
    renderApp({ route: '/Reports/Rejections?month=2026-11', signedIn: true });
    const english = await screen.findByRole('table', { name: 'Rejections of the month' });
    expect(english).toHaveTextContent('Reported by hand');
    expect(english).toHaveTextContent('Refused by the intermediary: Dokument nije pronađen');
  });
});

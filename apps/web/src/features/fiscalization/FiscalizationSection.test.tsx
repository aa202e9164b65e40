import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InvoiceFiscalization } from '@faktura/shared';
import { i18n } from '../../lib/i18n';
import { jsonResponse, stubApi } from '../../test/fakeApi';
import { renderWithProviders } from '../../test/renderApp';
import { FiscalizationSection } from './FiscalizationSection';

const message = (id: number, kind: string, outcome: 'FISCALIZED' | 'RETRY' | 'FAILED', requestId: string | null) => ({
  id, kind, messageId: `fkt-${id}`, outcome, requestId, errorCode: outcome === 'RETRY' ? 'NETWORK' : null, errorText: null,
  httpStatus: outcome === 'RETRY' ? null : 200, sentAt: `2026-11-27T09:0${id}:00.000Z`,
});

/** Reported as a supply without an e-invoice (the client does not receive e-invoices), and a payment on it. */
const SUPPLY: InvoiceFiscalization = {
  status: 'FISCALIZED', kind: 'ISPORUKA', requestId: 'b5f0c5de-0000-4000-8000-000000000001', at: '2026-11-27T09:02:00.000Z',
  attempts: 2, error: null, deadline: '2026-12-04', nextAttemptAt: null, zki: null, jir: null,
  messages: [
    message(1, 'ISPORUKA', 'RETRY', null),
    message(2, 'ISPORUKA', 'FISCALIZED', 'b5f0c5de-0000-4000-8000-000000000001'),
    message(3, 'NAPLATA', 'FISCALIZED', 'b5f0c5de-0000-4000-8000-000000000002'),
  ],
};

function show(data: InvoiceFiscalization) {
  stubApi({ 'GET /api/v1/invoice/7/fiscalization': () => jsonResponse(200, { data }) });
  return renderWithProviders(<FiscalizationSection invoiceId={7} />, { signedIn: true });
}

describe('The invoice page: fiscalization', () => {
  it('says that a document was reported as a supply without an e-invoice, and names each message', async () => {
    show(SUPPLY);
    expect(await screen.findByText(/Prijavljen je Poreznoj upravi kao isporuka za koju nije izdan e-račun/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Porezna uprava ga je zaprimila');
    const table = screen.getByRole('table', { name: 'Razmijenjene poruke' });
    expect(within(table).getByRole('columnheader', { name: 'Poruka' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(rows).toEqual(['Naplata', 'Isporuka bez e-računa', 'Isporuka bez e-računa']);
  });

  it('says, while it waits, that it will be reported so; in English too', async () => {
    await i18n.changeLanguage('en');
    show({ ...SUPPLY, status: 'PENDING', at: null, requestId: null, attempts: 0, nextAttemptAt: '2099-01-01T00:00:00.000Z', messages: [] });
    expect(await screen.findByText(/the invoice is reported to the Tax Administration as a supply for which no e-invoice was issued/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fiscalize now' })).toBeInTheDocument();
  });

  it('says nothing of supplies for an e-invoice', async () => {
    show({ ...SUPPLY, kind: 'ERACUN', messages: [message(1, 'ERACUN', 'FISCALIZED', 'x')] });
    expect(await screen.findByRole('cell', { name: 'Fiskalizacija e-računa' })).toBeInTheDocument();
    expect(screen.queryByText(/isporuka za koju nije izdan e-račun/)).not.toBeInTheDocument();
  });

  it('shows a consumer invoice\'s ZKI and JIR, and while the JIR is missing, the late delivery and its deadline; in English too', async () => {
    const zki = '0123456789abcdef0123456789abcdef';
    const jir = '6a0f2c1e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
    const view = show({ ...SUPPLY, kind: 'RACUN', zki, jir, requestId: jir, messages: [message(1, 'RACUN', 'FISCALIZED', jir)] });
    expect(await screen.findByText(`ZKI: ${zki}`)).toBeInTheDocument();
    expect(screen.getByText(`JIR: ${jir}`)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Porezna uprava ga je zaprimila');
    expect(screen.getByRole('cell', { name: 'Fiskalizacija računa' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'JIR / oznaka zahtjeva' })).toBeInTheDocument();
    expect(screen.queryByText(/isporuka za koju nije izdan e-račun/)).not.toBeInTheDocument();
    view.unmount();

    await i18n.changeLanguage('en');
    show({ ...SUPPLY, kind: 'RACUN', status: 'PENDING', zki, jir: null, at: null, requestId: null, deadline: '2026-12-01', nextAttemptAt: '2099-01-01T00:00:00.000Z', messages: [message(1, 'RACUN', 'RETRY', null)] });
    expect(await screen.findByRole('status')).toHaveTextContent('has no JIR yet: Faktura delivers it to the Tax Administration late (by 1 Dec 2026, two working days)');
    expect(screen.getByText('JIR: —')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fiscalize now' })).toBeInTheDocument();
  });
});

describe('The invoice page: fiscalization times (issue 31)', () => {
  it('writes when it was received and each message was sent as every moment is written, in Croatian time', async () => {
    show(SUPPLY);
    // 09:02 UTC on 27 November is 10:02 in Zagreb
    expect(await screen.findByRole('status')).toHaveTextContent('Porezna uprava ga je zaprimila 27. 11. 2026. 10:02.');
    const table = screen.getByRole('table', { name: 'Razmijenjene poruke' });
    const sent = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(sent).toEqual(['27. 11. 2026. 10:03', '27. 11. 2026. 10:02', '27. 11. 2026. 10:01']);
  });

  it('in English: "27 Nov 2026, 10:02", and the next attempt too', async () => {
    await i18n.changeLanguage('en');
    const view = show(SUPPLY);
    expect(await screen.findByRole('status')).toHaveTextContent('27 Nov 2026, 10:02');
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('27 Nov 2026, 10:03');
    view.unmount();
    show({ ...SUPPLY, status: 'PENDING', at: null, requestId: null, nextAttemptAt: '2099-01-01T00:00:00.000Z', messages: [] });
    expect(await screen.findByRole('status')).toHaveTextContent('1 Jan 2099, 01:00');
  });
});

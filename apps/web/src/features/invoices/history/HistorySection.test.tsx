import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleInvoice } from '@faktura/shared/samples';
import { i18n } from '../../../lib/i18n';
import { jsonResponse, stubApi } from '../../../test/fakeApi';
import { renderWithProviders } from '../../../test/renderApp';
import { HistorySection } from './HistorySection';

const entry = (seq: number, action: string, details: Record<string, unknown>) => ({
  seq, at: `2026-11-27T09:0${seq}:00.000Z`, operator: null, operatorId: null, action, invoiceId: 7, relatedInvoiceId: null,
  details, hash: `h${seq}`, prevHash: `h${seq - 1}`,
});

/** Fiscalization outcomes in the History: the document's, a supply's, and its payments' reports. */
const ENTRIES = [
  entry(4, 'fiscalization.failed', { paymentId: 3, message: 'NAPLATA', code: 'S005', text: 'Poruka nije u skladu s XML shemom' }),
  entry(3, 'fiscalization.done', { paymentId: 2, message: 'NAPLATA', requestId: 'req-pay', duplicate: false }),
  entry(2, 'fiscalization.done', { message: 'ERACUN', requestId: 'req-doc', duplicate: false }),
  entry(1, 'fiscalization.failed', { message: 'ERACUN', code: 'S006', text: 'Sistemska pogreška' }),
];

function show() {
  stubApi({
    'GET /api/v1/audit?invoiceId=7&page=1': () => jsonResponse(200, { data: ENTRIES, page: { page: 1, pageSize: 20, total: ENTRIES.length } }),
  });
  return renderWithProviders(<HistorySection invoice={sampleInvoice({ id: 7 })} />, { signedIn: true });
}

describe('The invoice page: History of fiscalization', () => {
  it("tells a payment's report from the document's fiscalization", async () => {
    show();
    const table = await screen.findByRole('table', { name: 'Povijest promjena računa' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => row.textContent ?? '');
    expect(rows[0]).toContain('Prijava naplate odbijena: S005 Poruka nije u skladu s XML shemom');
    expect(rows[1]).toContain('Naplata prijavljena Poreznoj upravi; oznaka zahtjeva req-pay');
    expect(rows[2]).toContain('Oznaka zahtjeva req-doc');
    expect(rows[2]).not.toContain('Naplata');
    expect(rows[3]).toContain('S006 Sistemska pogreška');
  });

  it('says it in English', async () => {
    await i18n.changeLanguage('en');
    try {
      show();
      expect(await screen.findByText('Payment reported to the Tax Administration; request id req-pay')).toBeInTheDocument();
      expect(screen.getByText(/^Payment report refused: S005/)).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('hr');
    }
  });
});

/** An amendment of the reference and the due date, a payment and the issue (issue 31). */
const AMENDED = [
  entry(3, 'invoice.amended', {
    number: '4/POSL1/1',
    changes: {
      referenceNumber: { from: '2026-11', to: '2026-11-01' },
      paymentDueDate: { from: '2026-12-10', to: '2026-12-24' },
      extraInfo: { from: null, to: '2026-12-01' },
    },
  }),
  entry(2, 'payment.recorded', { number: '4/POSL1/1', paymentId: 1, paymentDate: '2026-11-27', amountCents: 123456, currencyCode: 'EUR', method: 'TRANSFER', correctsPaymentId: null, note: null }),
  entry(1, 'invoice.issued', { number: '4/POSL1/1', client: 'Jadranski Softver d.o.o.', totalCents: 123456, currencyCode: 'EUR', billingDate: '2026-11-27' }),
];

function showAmended() {
  stubApi({
    'GET /api/v1/audit?invoiceId=7&page=1': () => jsonResponse(200, { data: AMENDED, page: { page: 1, pageSize: 20, total: AMENDED.length } }),
  });
  return renderWithProviders(<HistorySection invoice={sampleInvoice({ id: 7 })} />, { signedIn: true });
}

describe('The invoice page: History of values (issue 31)', () => {
  it('shows each value as its field is typed: a reference "2026-11-01" stays text, days are dates, amounts money; times in the one format', async () => {
    showAmended();
    const table = await screen.findByRole('table', { name: 'Povijest promjena računa' });
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
    // 09:03 UTC on 27 November is 10:03 in Zagreb
    expect(cells(rows[0]!)[0]).toBe('27. 11. 2026. 10:03');
    expect(cells(rows[0]!)[2]).toBe(
      'Poziv na broj: 2026-11 → 2026-11-01; Datum dospijeća: 10. 12. 2026. → 24. 12. 2026.; Interni broj: (prazno) → 2026-12-01',
    );
    expect(cells(rows[1]!)[2]).toBe('27. 11. 2026.: 1.234,56\u00a0€, Transakcijski račun');
    expect(cells(rows[2]!)[2]).toBe('Broj 4/POSL1/1, Jadranski Softver d.o.o., 1.234,56\u00a0€');
  });

  it('in English', async () => {
    await i18n.changeLanguage('en');
    try {
      showAmended();
      const table = await screen.findByRole('table');
      const rows = within(table).getAllByRole('row').slice(1);
      const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
      expect(cells(rows[0]!)[0]).toBe('27 Nov 2026, 10:03');
      expect(cells(rows[0]!)[2]).toContain('2026-11 → 2026-11-01');
      expect(cells(rows[0]!)[2]).toContain('10 Dec 2026 → 24 Dec 2026');
      expect(cells(rows[1]!)[2]).toMatch(/^27 Nov 2026: €1,234\.56, /);
    } finally {
      await i18n.changeLanguage('hr');
    }
  });
});

/** Delivery through the intermediary in the History (issue 32): handed over, found after a lost answer, refused, its status, a client marked. */
const DELIVERY = [
  entry(5, 'client.changed', { clientId: 4, source: 'MOJ_ERACUN', changes: { receivesEInvoices: { from: true, to: false } } }),
  entry(4, 'delivery.status', { providerDocumentId: '3239401', status: 'SENT', fiscalized: true, eReported: true, error: null }),
  entry(3, 'delivery.status', { providerDocumentId: '3239400', status: 'DELIVERED', fiscalized: false, eReported: false, error: 'S006 Neispravan OIB' }),
  entry(2, 'delivery.sent', { number: '4/POSL1/1', provider: 'MOJ_ERACUN', providerDocumentId: '3239400', status: 'SENT', found: true }),
  entry(1, 'delivery.refused', { number: '4/POSL1/1', provider: 'MOJ_ERACUN', error: 'Document validation failed' }),
];

describe('The invoice page: History of delivery through the intermediary', () => {
  const render = () => {
    stubApi({ 'GET /api/v1/audit?invoiceId=7&page=1': () => jsonResponse(200, { data: DELIVERY, page: { page: 1, pageSize: 20, total: DELIVERY.length } }) });
    return renderWithProviders(<HistorySection invoice={sampleInvoice({ id: 7 })} />, { signedIn: true });
  };

  it('says what was handed over, what the intermediary said and what it found', async () => {
    render();
    const table = await screen.findByRole('table', { name: 'Povijest promjena računa' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => row.textContent ?? '');
    expect(rows[0]).toContain('Prima e-račune: da → ne (javlja posrednik moj-eRačun)');
    expect(rows[1]).toContain('Poslan; fiskaliziran; kupac ne prima e-račune: isporuka prijavljena Poreznoj upravi');
    expect(rows[2]).toContain('Dostavljen kupcu; fiskalizacija nije uspjela: S006 Neispravan OIB');
    expect(rows[3]).toContain('E-račun predan posredniku');
    expect(rows[3]).toContain('moj-eRačun, oznaka 3239400 (odgovor na prvo slanje nije stigao');
    expect(rows[4]).toContain('Document validation failed');
  });

  it('in English', async () => {
    await i18n.changeLanguage('en');
    try {
      render();
      expect(await screen.findByText('Delivered to the buyer; fiscalization failed: S006 Neispravan OIB')).toBeInTheDocument();
      expect(screen.getByText('Receives e-invoices: yes → no (as the intermediary moj-eRačun reports)')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('hr');
    }
  });
});

describe('The invoice page: History of an invoice made from a quote (decision 043)', () => {
  it("names the quote an invoice was made from in the invoice's History", async () => {
    stubApi({
      'GET /api/v1/audit?invoiceId=42&page=1': () =>
        jsonResponse(200, {
          data: [{ seq: 9, at: '2026-03-18T09:00:00.000Z', operator: 'Ana', operatorId: 1, action: 'quote.converted', invoiceId: 42, relatedInvoiceId: null, details: { quoteId: 3, number: 'P-3/2026', to: 'INVOICE' }, hash: 'h9', prevHash: 'h8' }],
          page: { page: 1, pageSize: 20, total: 1 },
        }),
    });
    renderWithProviders(<HistorySection invoice={sampleInvoice({ id: 42 })} />, { signedIn: true });
    const table = await screen.findByRole('table', { name: 'Povijest promjena računa' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Izrađen iz ponude');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Iz ponude P-3/2026');
  });
});

/** A rejection of a received e-invoice told to the intermediary, sent again, reported by hand (decision 042). */
const REJECTIONS = [
  entry(4, 'inbox.rejectionReportedByHand', { receivedId: 9, number: 'UL-9', reportedOn: '2026-11-27', rejectionDate: '2026-11-26' }),
  entry(3, 'inbox.rejectionReportAgain', { receivedId: 8, number: 'UL-8', to: 'fiscalization', code: 'S006' }),
  entry(2, 'inbox.rejectionToIntermediary', { receivedId: 7, number: 'UL-7', step: 'SUPPLIER', outcome: 'refused', error: 'Dokument nije pronađen' }),
  entry(1, 'inbox.rejectionToIntermediary', { receivedId: 7, number: 'UL-7', step: 'REPORT', outcome: 'ok' }),
];

describe('The History of rejections of received e-invoices (decision 042)', () => {
  const render = () => {
    stubApi({ 'GET /api/v1/audit?invoiceId=7&page=1': () => jsonResponse(200, { data: REJECTIONS, page: { page: 1, pageSize: 20, total: REJECTIONS.length } }) });
    return renderWithProviders(<HistorySection invoice={sampleInvoice({ id: 7 })} />, { signedIn: true });
  };

  it('says what the intermediary took or refused, what is sent again and the day reported by hand, hr and en', async () => {
    render();
    const table = await screen.findByRole('table', { name: 'Povijest promjena računa' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => row.textContent ?? '');
    expect(rows[0]).toContain('Odbijanje računa UL-9 prijavljeno ručno 27. 11. 2026.');
    expect(rows[1]).toContain('Odbijanje računa UL-8 ponovno se šalje na prijavu');
    expect(rows[2]).toContain('Posrednik je odbio odbijanje računa UL-7: Dokument nije pronađen');
    expect(rows[3]).toContain('Posrednik je preuzeo prijavu odbijanja računa UL-7 Poreznoj upravi');
    await i18n.changeLanguage('en');
    try {
      expect(await screen.findByText('The rejection of invoice UL-9 reported by hand on 27 Nov 2026')).toBeInTheDocument();
      expect(screen.getByText('The intermediary refused the rejection of invoice UL-7: Dokument nije pronađen')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('hr');
    }
  });
});

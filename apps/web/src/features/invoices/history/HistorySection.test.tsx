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

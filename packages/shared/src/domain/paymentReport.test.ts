import { describe, expect, it } from 'vitest';
import { isReportMonth, isReportedInvoice, monthDays, nextMonth, paymentReportDeadline, previousMonth, reportOib } from './paymentReport';

const croatianBusiness = { countryCode: 'HR', pin: '33914072203' };
const invoice = { documentType: 'INVOICE' as const, issueDate: '2026-03-02', client: croatianBusiness, issuerInVatSystem: true };

describe('the month payment report', () => {
  it('reads a month and knows its days, the month after and before', () => {
    expect(['2026-11', '2026-01', '2026-12'].map(isReportMonth)).toEqual([true, true, true]);
    expect(['2026-13', '2026-00', '2026-1', '2026-11-01', 'nov', '0000-05'].map(isReportMonth)).toEqual([false, false, false, false, false, false]);
    expect(monthDays('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthDays('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect([nextMonth('2026-12'), nextMonth('2026-03'), previousMonth('2027-01'), previousMonth('2026-11')]).toEqual([
      '2027-01',
      '2026-04',
      '2026-12',
      '2026-10',
    ]);
  });

  it('is due on the 20th of the next month (March 2026 by 20 April 2026), also across the year', () => {
    expect(paymentReportDeadline('2026-03')).toBe('2026-04-20');
    expect(paymentReportDeadline('2026-12')).toBe('2027-01-20');
    // a Saturday: the sources name no move, so the 20th stays
    expect(paymentReportDeadline('2027-02')).toBe('2027-03-20');
  });

  it('reports invoices to Croatian businesses with an OIB, not foreign clients, persons or credit notes', () => {
    expect(isReportedInvoice(invoice)).toBe(true);
    expect(isReportedInvoice({ ...invoice, client: { countryCode: 'HR', pin: 'HR33914072203' } })).toBe(true);
    expect(isReportedInvoice({ ...invoice, client: { countryCode: 'DE', pin: 'DE123456789' } })).toBe(false);
    expect(isReportedInvoice({ ...invoice, client: { countryCode: 'HR', pin: null } })).toBe(false);
    expect(isReportedInvoice({ ...invoice, client: { countryCode: 'HR', pin: '12345678901' } })).toBe(false);
    expect(isReportedInvoice({ ...invoice, documentType: 'CREDIT_NOTE' })).toBe(false);
    // a private person with an OIB: fiscalized with ZKI and JIR, no payment reports (decision 031)
    expect(isReportedInvoice({ ...invoice, client: { countryCode: 'HR', pin: '33914072203', kind: 'CONSUMER' } })).toBe(false);
  });

  it('starts in 2026 for issuers in the VAT system and in 2027 for those outside it', () => {
    expect(isReportedInvoice({ ...invoice, issueDate: '2025-12-31' })).toBe(false);
    expect(isReportedInvoice({ ...invoice, issuerInVatSystem: false })).toBe(false);
    expect(isReportedInvoice({ ...invoice, issuerInVatSystem: false, issueDate: '2027-01-04' })).toBe(true);
  });

  it('writes the OIB without the HR prefix', () => {
    expect(reportOib('HR33914072203')).toBe('33914072203');
  });
});

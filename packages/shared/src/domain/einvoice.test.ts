import { describe, expect, it } from 'vitest';
import { isEInvoiceRecipient } from './einvoice';

describe('e-invoice recipients', () => {
  it('are Croatian clients with a valid OIB, with or without the HR prefix', () => {
    expect(isEInvoiceRecipient({ countryCode: 'HR', pin: '12345678903' })).toBe(true);
    expect(isEInvoiceRecipient({ countryCode: 'HR', pin: 'HR12345678903' })).toBe(true);
  });

  it('are not foreign clients, clients without an OIB, or an OIB that fails its check digit', () => {
    expect(isEInvoiceRecipient({ countryCode: 'DE', pin: 'DE123456789' })).toBe(false);
    expect(isEInvoiceRecipient({ countryCode: 'HR', pin: null })).toBe(false);
    expect(isEInvoiceRecipient({ countryCode: 'HR', pin: '12345678901' })).toBe(false);
  });

  it('are never private persons, even with a valid OIB; a client without a kind is a business', () => {
    expect(isEInvoiceRecipient({ countryCode: 'HR', pin: '12345678903', kind: 'CONSUMER' })).toBe(false);
    expect(isEInvoiceRecipient({ countryCode: 'HR', pin: '12345678903', kind: 'BUSINESS' })).toBe(true);
    expect(isEInvoiceRecipient({ countryCode: 'HR', pin: '12345678903', kind: undefined })).toBe(true);
  });
});

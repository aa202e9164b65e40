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
});

import { describe, expect, it } from 'vitest';
import { defaultVatTreatment, lineVatRate } from './vat';

describe('VAT treatment', () => {
  const base = { issuerInVatSystem: true, clientVatNumber: 'X' };
  it('follows the issuer and the client', () => {
    expect(defaultVatTreatment({ ...base, issuerInVatSystem: false, clientCountry: 'HR' })).toBe('NOT_IN_VAT');
    expect(defaultVatTreatment({ ...base, clientCountry: 'HR' })).toBe('DOMESTIC');
    expect(defaultVatTreatment({ ...base, clientCountry: 'DE', clientVatNumber: 'DE811907980' })).toBe('REVERSE_CHARGE');
    expect(defaultVatTreatment({ ...base, clientCountry: 'DE', clientVatNumber: null })).toBe('DOMESTIC');
    expect(defaultVatTreatment({ ...base, clientCountry: 'US' })).toBe('OUTSIDE_EU');
    expect(defaultVatTreatment({ ...base, clientCountry: 'RS' })).toBe('OUTSIDE_EU');
  });
  it('charges the chosen rate only on domestic invoices', () => {
    expect(lineVatRate('DOMESTIC', undefined)).toBe(2500);
    expect(lineVatRate('DOMESTIC', 1300)).toBe(1300);
    expect(lineVatRate('REVERSE_CHARGE', 2500)).toBe(0);
    expect(lineVatRate('NOT_IN_VAT', 2500)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { operatorNameNeeded } from './operatorName';

describe('operator name', () => {
  it('is needed while empty or only derived from the e-mail', () => {
    expect(operatorNameNeeded('', 'ana@firma.hr')).toBe(true);
    expect(operatorNameNeeded('  ', 'ana@firma.hr')).toBe(true);
    expect(operatorNameNeeded('Admin', 'admin@localhost')).toBe(true);
    expect(operatorNameNeeded('E2e', 'e2e@faktura.test')).toBe(true);
    expect(operatorNameNeeded('ana.horvat', 'ana.horvat@firma.hr')).toBe(true);
  });

  it('is not needed once a name of its own is entered', () => {
    expect(operatorNameNeeded('Ana Horvat', 'admin@localhost')).toBe(false);
    expect(operatorNameNeeded('Ana Horvat', 'ana.horvat@firma.hr')).toBe(false);
  });
});

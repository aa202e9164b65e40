import { afterAll, beforeAll } from 'vitest';
import { serverCertificate } from '../fiscalization/pki';
import type { FiscalWorld } from '../fiscalization/world';
import { MerDouble } from './merDouble';

/** The issuer's OIB as moj-eRačun knows it (the shared sample issuer's), and the account the double takes. */
export const MER_OIB = '69814562369';
export const merAccount = (password = 'MER lozinka 99') => ({ username: 'ivana@kodni-obrt.hr', password, companyId: MER_OIB, softwareId: 'Faktura-001' });

/**
 * moj-eRačun's HTTPS double for a test file, with a certificate from the fiscal world's CA: started
 * after the world (register it after `useFiscalWorld`), handed over by `ready`, stopped after the
 * file. `configure` saves Settings > E-invoice delivery pointing at it, trusting that CA.
 */
export function useMerDouble(
  world: () => FiscalWorld,
  ready: (mer: MerDouble) => void,
  options: { password?: string; validate?: boolean } = {},
) {
  const account = merAccount(options.password);
  let started: MerDouble | undefined;
  beforeAll(async () => {
    started = new MerDouble(serverCertificate(world().ca, 'localhost', 2), account);
    if (options.validate === false) started.validate = false;
    await started.start();
    ready(started);
  }, 120_000);
  afterAll(() => started?.stop());
  const configure = (autoSend = false) => {
    const { h, token, ca } = world();
    if (!started) throw new Error('the MER double is not started yet');
    return h.request('PUT', '/api/v1/settings/delivery', {
      token,
      body: { provider: 'MOJ_ERACUN', baseUrl: started.url, ...account, autoSend, trustedCaPem: ca.certificatePem },
    });
  };
  return { account, configure };
}

import type { Harness } from '../harness';
import { applicationCertificate, pkcs12, testCa } from './pki';

/**
 * Settings > Fiscalization with Faktura fiscalizing (SELF) and a certificate of a test CA: what issuing
 * an invoice to a private person, or a cash or card one, needs (decision 031). The service addresses are
 * the defaults; a test that runs no round of the outbox sends nothing.
 */
export async function fiscalizeWithTestCertificate(h: Harness, token: string): Promise<void> {
  const ca = testCa();
  const user = applicationCertificate(ca, { oib: '69814562369' });
  const res = await h.request('PUT', '/api/v1/settings/fiscalization', {
    token,
    body: { mode: 'SELF', environment: 'TEST', certificate: { p12: pkcs12(user, 'p12').toString('base64'), password: 'p12' }, trustedCaPem: ca.certificatePem },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
}

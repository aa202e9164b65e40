import { afterAll, beforeAll } from 'vitest';
import type { InvoiceFiscalization } from '@faktura/shared';
import type { FiscalDeps } from '../../src/modules/fiscalization';
import { type Harness, SECRET, dataOf } from '../harness';
import { type InvoiceWorld, invoiceBody, line, today, useInvoiceWorld } from '../invoiceFixtures';
import { FiscalizationDouble } from './double';
import { type TestIdentity, applicationCertificate, pkcs12, serverCertificate, testCa } from './pki';

/**
 * What the fiscalization tests through the API share: the invoice world (its operator with an OIB),
 * a test CA, the user's application certificate (OIB 69814562369) and the service double answering
 * with a certificate of that CA, started before the tests and stopped after them.
 */
export interface FiscalWorld {
  h: Harness;
  token: string;
  w: InvoiceWorld;
  ca: TestIdentity;
  user: TestIdentity;
  service: FiscalizationDouble;
}

export const P12_PASSWORD = 'p12 lozinka';

export function useFiscalWorld(ready: (world: FiscalWorld) => void): void {
  let base: Pick<FiscalWorld, 'h' | 'token' | 'w'> | undefined;
  let service: FiscalizationDouble | undefined;
  useInvoiceWorld({ operatorOib: '24680135792', ready: (world) => (base = world) });
  beforeAll(async () => {
    const ca = testCa();
    const user = applicationCertificate(ca, { oib: '69814562369' });
    const answers = applicationCertificate(ca, { oib: null, company: 'fiskalcistest', keyIndex: 4 });
    service = new FiscalizationDouble(serverCertificate(ca, 'localhost', 2), answers, ca, answers);
    await service.start();
    if (!base) throw new Error('the invoice world is not ready');
    ready({ ...base, ca, user, service });
  }, 120_000);
  afterAll(() => service?.stop());
}

/** The steps the tests take, on the world `get` gives once it is ready. */
export function fiscalSteps(get: () => FiscalWorld) {
  return {
    /** What the outbox's rounds run with (`at`: the clock they read). */
    deps: (at?: Date): FiscalDeps => ({ db: get().h.db, secret: SECRET, ...(at ? { now: () => at } : {}) }),
    /** Settings > Fiscalization with the user's certificate, pointed at the double. */
    settings: (mode: string, endpoints?: { einvoice: string; ereporting: string }) => {
      const { h, token, user, service, ca } = get();
      return h.request('PUT', '/api/v1/settings/fiscalization', {
        token,
        body: {
          mode, environment: 'TEST', certificate: { p12: pkcs12(user, P12_PASSWORD).toString('base64'), password: P12_PASSWORD },
          endpoints: endpoints ?? { einvoice: service.url, ereporting: service.url }, trustedCaPem: ca.certificatePem,
        },
      });
    },
    /** Issues 8 h of development (400.00 + 25 % VAT) to the client, dated today. */
    issue: async (clientId: number) => {
      const { h, token, w } = get();
      const res = await h.request('POST', '/api/v1/invoice', {
        token,
        body: invoiceBody(clientId, [line(w.dev, 50, 8, { description: 'Razvoj softvera', kpdCode: '62.10.11' })], { billingDate: today, deliveryDate: today }),
      });
      if (res.statusCode !== 201) throw new Error(res.body);
      return dataOf<{ id: number; number: string }>(res);
    },
    /** Where the document stands, with its messages (`GET /api/v1/invoice/{id}/fiscalization`). */
    status: async (id: number) => dataOf<InvoiceFiscalization>(await get().h.request('GET', `/api/v1/invoice/${id}/fiscalization`, { token: get().token })),
  };
}

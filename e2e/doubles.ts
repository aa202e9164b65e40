import fs from 'node:fs';
import { type APIRequestContext, expect } from '@playwright/test';
import { FiscalizationDouble } from '../apps/api/test/fiscalization/double';
import { type TestIdentity, applicationCertificate, pkcs12, serverCertificate, testCa } from '../apps/api/test/fiscalization/pki';

/** What the journeys about received e-invoices and fiscalization share: a received file, the fiscalization double. */

const SAMPLE = new URL('../apps/api/test/inbox/samples/valid/eRacun_PDV25_valid.xml', import.meta.url);

/**
 * The official sample e-invoice, addressed to the demo issuer and numbered for this run; with `iban`,
 * payable to that account (the sample's own is a placeholder, too short for a HUB-3A code).
 */
export function receivedXml(buyerOib: string, number: string, options: { iban?: string } = {}): Buffer {
  let text = fs
    .readFileSync(SAMPLE, 'utf8')
    .replace(/(<cac:AccountingCustomerParty>[\s\S]*?<\/cac:AccountingCustomerParty>)/, (party) =>
      party.replace(/<cbc:EndpointID schemeID="9934">\d{11}</, `<cbc:EndpointID schemeID="9934">${buyerOib}<`).replace(/<cbc:CompanyID>HR\d{11}</g, `<cbc:CompanyID>HR${buyerOib}<`),
    )
    .replace(/<cbc:ID>[^<]*<\/cbc:ID>/, `<cbc:ID>${number}</cbc:ID>`);
  if (options.iban) text = text.replace(/(<cac:PayeeFinancialAccount>\s*<cbc:ID>)[^<]*/, `$1${options.iban}`);
  return Buffer.from(text, 'utf8');
}

export interface SelfFiscalization {
  service: FiscalizationDouble;
  ca: TestIdentity;
  /** Fiscalization off again (the other journeys run without it), the double stopped. */
  stop: () => Promise<void>;
}

/**
 * The Tax Administration's double started in this test process (HTTPS with a CA the test makes; every
 * request validated against the official schema, its signature checked) and Faktura set to fiscalize
 * itself (SELF) with a certificate for `oib`, through the settings API.
 */
export async function selfFiscalization(request: APIRequestContext, headers: Record<string, string>, oib: string, password: string): Promise<SelfFiscalization> {
  const ca = testCa('Faktura E2E Test CA');
  const user = applicationCertificate(ca, { oib });
  const answers = applicationCertificate(ca, { oib: null, company: 'fiskalcistest', keyIndex: 4 });
  const service = new FiscalizationDouble(serverCertificate(ca, 'localhost', 2), answers, ca, answers);
  await service.start();
  const stop = async () => {
    await request.put('/api/v1/settings/fiscalization', { headers, data: { mode: 'OFF', environment: 'TEST', trustedCaPem: null, endpoints: { einvoice: null, ereporting: null } } });
    await service.stop();
  };
  const settings = await request.put('/api/v1/settings/fiscalization', {
    headers,
    data: {
      mode: 'SELF', environment: 'TEST', certificate: { p12: pkcs12(user, password, [ca]).toString('base64'), password },
      endpoints: { einvoice: service.url, ereporting: service.reportingUrl }, trustedCaPem: ca.certificatePem,
    },
  });
  if (settings.status() !== 200) await stop();
  expect(settings.status(), await settings.text()).toBe(200);
  return { service, ca, stop };
}

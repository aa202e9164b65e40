import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toEInvoiceDocument } from '../../src/modules/invoice/einvoice/document';
import { fiscalizeEInvoices } from '../../src/modules/fiscalization/exchange';
import { postSoap } from '../../src/modules/fiscalization/transport';
import { verifySignedMessage } from '../../src/modules/fiscalization/verify';
import { CLIENTS, OPERATOR, storedSources } from '../einvoice/fixtures';
import { FiscalizationDouble } from './double';
import { type TestIdentity, applicationCertificate, serverCertificate, testCa } from './pki';
import { validateSoapMessage } from './validate';

/**
 * Fiscalizing an e-invoice against a double of the service over real HTTPS: each outcome the
 * specification names becomes what the user will see (FISCALIZED, RETRY later, FAILED with the
 * service's reason), and every message sent and received is valid and signed.
 */
let ca: TestIdentity;
let strangerCa: TestIdentity;
let user: TestIdentity;
let service: FiscalizationDouble;

beforeAll(async () => {
  ca = testCa();
  strangerCa = testCa('Stranger CA', 3);
  user = applicationCertificate(ca, { oib: '69814562369' });
  const tls = serverCertificate(ca, 'localhost', 2);
  const answers = applicationCertificate(ca, { oib: null, company: 'fiskalcistest', keyIndex: 4 });
  const forged = applicationCertificate(strangerCa, { oib: null, company: 'fiskalcistest', keyIndex: 4 });
  service = new FiscalizationDouble(tls, answers, ca, forged);
  await service.start();
}, 120_000);
afterAll(() => service.stop());

const doc = toEInvoiceDocument(
  storedSources({ seq: 7, vatTreatment: 'DOMESTIC', client: CLIENTS.hr, lines: [{ description: 'Razvoj softvera', quantityMilli: 10_000, priceCents: 5_000, vatRateBp: 2_500, kpd: '62.10.11' }] }),
  { operator: OPERATOR, creditedInvoice: null, pdf: null },
);
const settings = (overrides: { trustedCaPem?: string; url?: string } = {}) => ({
  endpoint: { url: overrides.url ?? service.url, trustedCaPem: overrides.trustedCaPem ?? ca.certificatePem, timeoutMs: 5_000 },
  signer: { privateKeyPem: user.keyPem, certificatePem: user.certificatePem },
});

describe('fiscalizing e-invoices with the service', () => {
  it('an accepted invoice is FISCALIZED with the service id; request and answer are kept, valid and signed', async () => {
    service.mode = 'accept';
    const result = await fiscalizeEInvoices([doc], settings());
    expect(result).toMatchObject({ status: 'FISCALIZED', errorCode: null, httpStatus: 200 });
    expect(result.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const received = service.received.at(-1);
    expect(received).toMatchObject({ element: 'EvidentirajERacunZahtjev', contentType: 'text/xml; charset=utf-8', soapAction: '""', code: null });
    expect(received?.xml).toBe(result.request);
    expect(result.response).toBe(received?.answer);
    expect(await validateSoapMessage(result.request)).toEqual([]);
    expect(await validateSoapMessage(result.response ?? '')).toEqual([]);
    expect(verifySignedMessage(result.response ?? '', { trusted: [new X509Certificate(ca.certificatePem)] }).element).toBe('EvidentirajERacunOdgovor');
  });

  it('S008 (already recorded) counts as fiscalized; S001 and an outage are tried again; S005 and S006 fail with the reason', async () => {
    service.mode = 'S008';
    expect(await fiscalizeEInvoices([doc], settings())).toMatchObject({ status: 'FISCALIZED', errorCode: 'S008' });
    service.mode = 'S001';
    expect(await fiscalizeEInvoices([doc], settings())).toMatchObject({ status: 'RETRY', errorCode: 'S001' });
    service.mode = 'S005';
    expect(await fiscalizeEInvoices([doc], settings())).toMatchObject({ status: 'FAILED', errorCode: 'S005', errorText: expect.stringContaining('XML shemom') as string });
    service.mode = 'S006';
    expect(await fiscalizeEInvoices([doc], settings())).toMatchObject({ status: 'FAILED', errorCode: 'S006', errorText: expect.stringContaining('ovlaštena') as string });
    service.mode = 'notSoap';
    expect(await fiscalizeEInvoices([doc], settings())).toMatchObject({ status: 'RETRY', errorCode: 'HTTP', httpStatus: 503 });

    service.mode = 'accept';
    await service.stop();
    try {
      const down = await fiscalizeEInvoices([doc], settings());
      expect(down).toMatchObject({ status: 'RETRY', errorCode: 'NETWORK', response: null });
      expect(await validateSoapMessage(down.request)).toEqual([]); // kept, to be sent again
    } finally {
      await service.start();
    }
    expect(await fiscalizeEInvoices([doc], settings())).toMatchObject({ status: 'FISCALIZED' });
  });

  it('a server whose certificate no trusted CA issued is never told anything; an answer signed by a stranger is not believed', async () => {
    service.mode = 'accept';
    const before = service.received.length;
    expect(await fiscalizeEInvoices([doc], settings({ trustedCaPem: strangerCa.certificatePem }))).toMatchObject({ status: 'RETRY', errorCode: 'TLS' });
    expect(service.received.length).toBe(before);
    // the built-in FINA bundle does not trust the test CA either
    expect(await fiscalizeEInvoices([doc], { ...settings(), endpoint: { url: service.url, trustedCaPem: null, timeoutMs: 5_000 } })).toMatchObject({ status: 'RETRY', errorCode: 'TLS' });
    service.mode = 'untrustedAnswer';
    expect(await fiscalizeEInvoices([doc], settings())).toMatchObject({ status: 'RETRY', errorCode: 'ANSWER' });
    service.mode = 'accept';
  });

  it('the double checks what it is sent: a changed signed request gets S004, one against the schema S005', async () => {
    service.mode = 'accept';
    const { request } = await fiscalizeEInvoices([doc], settings());
    const endpoint = { url: service.url, trustedCaPem: ca.certificatePem, timeoutMs: 5_000 };
    await postSoap(endpoint, request.replace('<efis:iznosSPdv>625.00</efis:iznosSPdv>', '<efis:iznosSPdv>62.50</efis:iznosSPdv>'));
    expect(service.received.at(-1)?.code).toBe('S004');
    await postSoap(endpoint, request.replace(/<efis:vrstaERacuna>I<\/efis:vrstaERacuna>/, '<efis:vrstaERacuna>X</efis:vrstaERacuna>'));
    expect(service.received.at(-1)?.code).toBe('S005');
  });
});

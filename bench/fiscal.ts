/**
 * Issue 33 item 5: fiscalizing one e-invoice through the API (build the message, sign it, send it to
 * the service double over HTTPS, check its signed answer, store both) against a bare POST of the very
 * same signed message to the same double. The difference is what signing, canonicalisation, the
 * answer's check and the bookkeeping cost. The double validates every request against the official
 * XSD and checks its signature, for both. Interleaved, medians.
 */
import https from 'node:https';
import { FiscalizationDouble } from '../apps/api/test/fiscalization/double';
import { applicationCertificate, pkcs12, serverCertificate, testCa } from '../apps/api/test/fiscalization/pki';

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

interface FiscalApi {
  url: string;
  token: string;
}

async function call(api: FiscalApi, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${api.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as unknown;
}

/** One POST of a message to the double, trusting the test CA (as the API's client does). */
function barePost(url: string, xml: string, ca: string, soapAction: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      url,
      { method: 'POST', ca, headers: { 'content-type': 'text/xml; charset=utf-8', ...(soapAction ? { soapaction: soapAction } : {}) } },
      (response) => {
        response.on('data', () => undefined);
        response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`double: ${response.statusCode}`))));
      },
    );
    request.on('error', reject);
    request.end(xml);
  });
}

export async function measureFiscalization(
  api: FiscalApi,
  invoiceBody: () => unknown,
  count: number,
): Promise<{ value: number; baseline: number; note: string }> {
  const ca = testCa();
  const user = applicationCertificate(ca, { oib: '69814562369' });
  const answers = applicationCertificate(ca, { oib: null, company: 'fiskalcistest', keyIndex: 4 });
  const double = new FiscalizationDouble(serverCertificate(ca, 'localhost', 2), answers, ca, answers);
  await double.start();
  try {
    await call(api, 'PUT', '/api/v1/settings/fiscalization', {
      mode: 'SELF',
      environment: 'TEST',
      certificate: { p12: pkcs12(user, 'bench-p12').toString('base64'), password: 'bench-p12' },
      endpoints: { einvoice: double.url, ereporting: double.url },
      trustedCaPem: ca.certificatePem,
    });
    const ids: number[] = [];
    for (let i = 0; i < count + 2; i++) ids.push(((await call(api, 'POST', '/api/v1/invoice', invoiceBody())) as { data: { id: number } }).data.id);
    const viaApi: number[] = [];
    const bare: number[] = [];
    for (const [i, id] of ids.entries()) {
      const started = performance.now();
      const answer = (await call(api, 'POST', `/api/v1/invoice/${id}/fiscalize`)) as { data: { status: string } };
      const took = performance.now() - started;
      if (answer.data.status !== 'FISCALIZED') throw new Error(`invoice ${id}: ${answer.data.status}`);
      const sent = double.received.at(-1);
      if (!sent || sent.code !== null) throw new Error(`the double refused invoice ${id}: ${sent?.code ?? 'nothing received'}`);
      const bareStarted = performance.now();
      await barePost(double.url, sent.xml, ca.certificatePem, sent.soapAction);
      const bareTook = performance.now() - bareStarted;
      // the first two warm both paths up
      if (i >= 2) {
        viaApi.push(took);
        bare.push(bareTook);
      }
    }
    return { value: median(viaApi), baseline: median(bare), note: `fiscalization: ${count} e-invoices, each sent once through the API and once bare` };
  } finally {
    await double.stop();
  }
}

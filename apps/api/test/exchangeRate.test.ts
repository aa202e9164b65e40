import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serverCertificate, testCa } from './fiscalization/pki';
import { type Harness, createHarness, dataOf, errorsOf } from './harness';

/**
 * A double of HNB's exchange-rate list (tecajn-eur/v3) over HTTPS with a certificate from a CA the
 * test makes: it answers what `answer` says for each request and counts them.
 */
class HnbDouble {
  requests: URL[] = [];
  answer: (url: URL) => { status: number; body: string; delayMs?: number } = () => ({ status: 200, body: '[]' });
  private server: https.Server | null = null;
  port = 0;

  constructor(private readonly tls: { keyPem: string; certificatePem: string }) {}

  async start(): Promise<void> {
    this.server = https.createServer({ key: this.tls.keyPem, cert: this.tls.certificatePem }, (request, response) => {
      const url = new URL(request.url ?? '/', 'https://localhost');
      this.requests.push(url);
      const { status, body, delayMs = 0 } = this.answer(url);
      setTimeout(() => {
        response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
        response.end(body);
      }, delayMs);
    });
    await new Promise<void>((resolve) => this.server?.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** One currency of HNB's list as the service writes it: decimal commas, the list's number and day. */
const usd = (appliesOn: string, middle = '1,085600', listNumber = '229') => ({
  broj_tecajnice: listNumber,
  datum_primjene: appliesOn,
  drzava: 'SAD',
  drzava_iso: 'USA',
  kupovni_tecaj: '1,082344',
  prodajni_tecaj: '1,088856',
  sifra_valute: '840',
  srednji_tecaj: middle,
  valuta: 'USD',
});

const ca = testCa('HNB double CA');
const double = new HnbDouble(serverCertificate(ca, 'localhost'));
let h: Harness;
let token: string;

beforeAll(async () => {
  await double.start();
  h = await createHarness({
    exchangeRates: { url: `https://localhost:${double.port}/tecajn-eur/v3`, trustedCaPem: ca.certificatePem, timeoutMs: 500 },
  });
  ({ token } = await h.login());
});
afterAll(async () => {
  await h.close();
  await double.stop();
});
beforeEach(() => {
  double.requests = [];
});

const ask = (query: string, lang = 'hr') => h.request('GET', `/api/v1/exchange-rate?${query}`, { token, lang });
type Rate = { currency: string; rate: string; source: string; date: string; appliesOn: string; listNumber: string };

describe("HNB's middle rate", () => {
  it('answers the middle rate for the day, exact, with a decimal point, and asks HNB once per day and currency', async () => {
    double.answer = (url) => ({ status: 200, body: JSON.stringify([usd(url.searchParams.get('datum-primjene') ?? '')]) });
    const res = await ask('currency=USD&date=2026-11-26');
    expect(res.statusCode).toBe(200);
    expect(dataOf<Rate>(res)).toEqual({
      currency: 'USD', rate: '1.085600', source: 'HNB_MIDDLE', date: '2026-11-26', appliesOn: '2026-11-26', listNumber: '229',
    });
    expect(double.requests.map((url) => `${url.pathname}?${url.searchParams.toString()}`)).toEqual([
      '/tecajn-eur/v3?datum-primjene=2026-11-26&valuta=USD',
    ]);
    // the second time from the cache: the double is not asked again, even while it is down
    await double.stop();
    const again = await ask('currency=USD&date=2026-11-26');
    expect(dataOf<Rate>(again).rate).toBe('1.085600');
    expect(double.requests).toHaveLength(1);
    await double.start();
  });

  it("on a weekend gives the list HNB says applies, with that list's day", async () => {
    double.answer = () => ({ status: 200, body: JSON.stringify([usd('2026-11-27', '1,0871', '230')]) });
    const res = await ask('currency=USD&date=2026-11-29');
    expect(dataOf<Rate>(res)).toMatchObject({ rate: '1.0871', date: '2026-11-29', appliesOn: '2026-11-27', listNumber: '230' });
  });

  it('says the list is not available (503, in the language asked) when HNB is down, slow or answers garbage, and asks again next time', async () => {
    const unavailable = async (date: string, lang = 'hr') => {
      const res = await ask(`currency=USD&date=${date}`, lang);
      expect(res.statusCode, date).toBe(503);
      return errorsOf(res)[0];
    };
    await double.stop();
    expect(await unavailable('2026-11-02')).toMatchObject({ code: 'exchangeRateUnavailable', reason: 'Tečajnica HNB-a nije dostupna; upišite tečaj ručno.' });
    await double.start();
    expect(await unavailable('2026-11-02', 'en')).toMatchObject({ reason: 'The HNB exchange-rate list is not available; enter the rate by hand.' });

    double.answer = () => ({ status: 200, body: JSON.stringify([usd('2026-11-03')]), delayMs: 1500 });
    await unavailable('2026-11-03');
    double.answer = () => ({ status: 500, body: 'Internal Server Error' });
    await unavailable('2026-11-04');
    double.answer = () => ({ status: 200, body: '<html>maintenance</html>' });
    await unavailable('2026-11-05');
    double.answer = () => ({ status: 200, body: JSON.stringify({ error: 'x' }) });
    await unavailable('2026-11-06');
    double.answer = () => ({ status: 200, body: '[]' });
    await unavailable('2026-11-09');
    double.answer = () => ({ status: 200, body: JSON.stringify([usd('2026-11-10', '1.0856')]) });
    await unavailable('2026-11-10');
    double.answer = () => ({ status: 200, body: JSON.stringify([usd('2025-01-10')]) });
    await unavailable('2026-11-11');

    // a failure is not kept: once HNB answers, the same day has its rate
    double.answer = () => ({ status: 200, body: JSON.stringify([usd('2026-11-02', '1,1')]) });
    expect(dataOf<Rate>(await ask('currency=USD&date=2026-11-02')).rate).toBe('1.1');
  });

  it('trusts only the configured CA', async () => {
    const other = await createHarness({
      exchangeRates: { url: `https://localhost:${double.port}/tecajn-eur/v3`, trustedCaPem: testCa('Other CA', 3).certificatePem, timeoutMs: 500 },
    });
    try {
      const { token: otherToken } = await other.login();
      double.answer = () => ({ status: 200, body: JSON.stringify([usd('2026-11-26')]) });
      const res = await other.request('GET', '/api/v1/exchange-rate?currency=USD&date=2026-11-26', { token: otherToken });
      expect(res.statusCode).toBe(503);
      expect(double.requests).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it('refuses a currency it has no list for and a day that is not a date', async () => {
    expect((await ask('currency=EUR&date=2026-11-26')).statusCode).toBe(400);
    expect((await ask('currency=USD&date=26.11.2026')).statusCode).toBe(400);
    expect(double.requests).toHaveLength(0);
  });
});

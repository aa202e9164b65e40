import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleClientInput } from '@faktura/shared/samples';
import { type Invoice, addDays, isWorkingDay } from '@faktura/shared';
import { fiscalizeRound, sendDue } from '../../src/modules/fiscalization';
import { dataOf } from '../harness';
import { invoiceBody, line, today } from '../invoiceFixtures';
import { B2cServiceDouble, opensslZki } from './b2cDouble';
import { applicationCertificate, serverCertificate, testCa } from './pki';
import { type FiscalWorld, P12_PASSWORD, fiscalSteps, useFiscalWorld } from './world';
import { pkcs12 } from './pki';

/**
 * Consumer, cash and card invoices through the API (issue 30, decision 031): refused while Faktura
 * does not fiscalize, their ZKI computed in the issuing transaction, the `RacunZahtjev` sent by the
 * outbox to a double of the service over HTTPS (schema, signature, OIB and the ZKI checked there),
 * the JIR stored and shown, late delivery with `NakDost` after an outage, a credit note as a
 * negative invoice.
 */
let world: FiscalWorld;
useFiscalWorld((ready) => (world = ready));
const { deps, status } = fiscalSteps(() => world);
let b2c: B2cServiceDouble;
let consumer: number;

beforeAll(async () => {
  const answers = applicationCertificate(world.ca, { oib: null, company: 'fiskalcistest', keyIndex: 4 });
  const forged = applicationCertificate(testCa('Stranger CA', 3), { oib: null, company: 'fiskalcistest', keyIndex: 4 });
  b2c = new B2cServiceDouble(serverCertificate(world.ca, 'localhost', 2), answers, world.ca, forged, world.user.keyPem);
  await b2c.start();
  const res = await world.h.request('POST', '/api/v1/company', {
    token: world.token,
    body: sampleClientInput('domestic', { name: 'Ana Horvat', kind: 'CONSUMER', pin: null, email: 'ana.horvat@example.com' }),
  });
  expect(res.statusCode, res.body).toBe(201);
  consumer = dataOf<{ id: number }>(res).id;
}, 120_000);
afterAll(() => b2c.stop());

const selfFiscalizing = () =>
  world.h.request('PUT', '/api/v1/settings/fiscalization', {
    token: world.token,
    body: {
      mode: 'SELF', environment: 'TEST', certificate: { p12: pkcs12(world.user, P12_PASSWORD).toString('base64'), password: P12_PASSWORD },
      endpoints: { einvoice: world.service.url, ereporting: world.service.url, b2c: b2c.url }, trustedCaPem: world.ca.certificatePem,
    },
  });

/** 8 h × 50.00 + 25 % VAT = 500.00 to `clientId`, paid as `paymentMethod` says. */
const post = (clientId: number, paymentMethod: string, language = 'hr') =>
  world.h.request('POST', '/api/v1/invoice', {
    token: world.token,
    headers: { 'accept-language': language },
    body: invoiceBody(clientId, [line(world.w.dev, 50, 8, { description: 'Razvoj softvera', kpdCode: '62.10.11' })], {
      billingDate: today, deliveryDate: today, paymentMethod,
    }),
  });
const issue = async (clientId: number, paymentMethod: string) => {
  const res = await post(clientId, paymentMethod);
  expect(res.statusCode, res.body).toBe(201);
  return dataOf<{ id: number }>(res);
};
const firstError = (res: { body: string }) => (JSON.parse(res.body) as { errors: { code: string; reason: string }[] }).errors[0] ?? { code: '', reason: '' };
const detail = async (id: number) => dataOf<Invoice>(await world.h.request('GET', `/api/v1/invoice/${id}`, { token: world.token }));
const countInvoices = async () => Number((await world.h.db.selectFrom('invoice').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** The day two working days after today. */
function twoWorkingDaysOn(): string {
  let day = today;
  for (let left = 2; left > 0; ) {
    day = addDays(day, 1);
    if (isWorkingDay(day)) left -= 1;
  }
  return day;
}

describe('consumer, cash and card invoices', () => {
  it('are refused while Faktura does not fiscalize, with the reason and where to switch it on; nothing is issued', async () => {
    const before = await countInvoices();
    const toConsumer = await post(consumer, 'WIRE');
    expect(toConsumer.statusCode).toBe(409);
    expect(firstError(toConsumer)).toMatchObject({ code: 'receiptNeedsFiscalization' });
    expect(firstError(toConsumer).reason).toMatch(/Račun privatnoj osobi mora se fiskalizirati.*Postavkama > Fiskalizacija/);
    const cash = await post(world.w.hr, 'CASH', 'en');
    expect(firstError(cash).reason).toMatch(/An invoice paid in cash must be fiscalized.*Settings > Fiscalization/);
    const card = await post(world.w.hr, 'CARD');
    expect(firstError(card).reason).toMatch(/plaća karticom/);
    expect(await countInvoices()).toBe(before);
    // a transfer invoice to a business is no receipt: it is issued as before
    expect((await post(world.w.hr, 'WIRE')).statusCode).toBe(201);
  });

  it('to a private person by transfer: ZKI at issue, JIR from the service, both on the invoice', async () => {
    expect((await selfFiscalizing()).statusCode).toBe(200);
    const invoice = await issue(consumer, 'WIRE');
    // in the issuing transaction: the ZKI, computed independently by OpenSSL from the same fields
    const queued = await detail(invoice.id);
    expect(queued.fiscalization).toMatchObject({ status: 'PENDING', kind: 'RACUN', jir: null, deadline: twoWorkingDaysOn() });
    const [sequence, premises, device] = (queued.invoiceNumber ?? '').split('/');
    const issuedAt = new Date((await world.h.db.selectFrom('invoice').select('issued_at').where('id', '=', invoice.id).executeTakeFirstOrThrow()).issued_at ?? '');
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Zagreb', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
    }).formatToParts(issuedAt);
    const part = (type: string) => local.find((p) => p.type === type)?.value ?? '';
    const when = `${part('day')}.${part('month')}.${part('year')} ${part('hour')}:${part('minute')}:${part('second')}`;
    expect(queued.fiscalization.zki).toBe(opensslZki(`69814562369${when}${sequence}${premises}${device}500.00`, world.user.keyPem));

    const sent = b2c.received.length;
    expect(await sendDue(deps(), 'test')).toMatchObject({ fiscalized: 1, failed: 0 });
    const request = b2c.received.at(-1);
    expect(b2c.received.length).toBe(sent + 1);
    expect(request?.code).toBeNull();
    expect(request?.fields).toMatchObject({ NacinPlac: 'T', NakDost: 'false', IznosUkupno: '500.00', ZastKod: queued.fiscalization.zki, OibOper: '24680135792' });
    expect(request?.fields).not.toHaveProperty('OibPrimateljaRacuna');
    const done = await detail(invoice.id);
    expect(done.fiscalization).toMatchObject({ status: 'FISCALIZED', kind: 'RACUN', jir: request?.jir, zki: queued.fiscalization.zki });
    // the messages are kept with the invoice, as the e-invoice's are
    const kept = await status(invoice.id);
    expect(kept.messages.map((m) => [m.kind, m.outcome, m.requestId])).toEqual([['RACUN', 'FISCALIZED', request?.jir]]);
    // a fiscalized invoice cannot be withdrawn
    expect((await world.h.request('DELETE', `/api/v1/invoice/${invoice.id}`, { token: world.token })).statusCode).toBe(409);
  });

  it('paid in cash by a business: fiscalized with its OIB as the recipient, instead of an e-invoice', async () => {
    const einvoices = world.service.received.length;
    const invoice = await issue(world.w.hr, 'CASH');
    await sendDue(deps(), 'test');
    expect(b2c.received.at(-1)?.fields).toMatchObject({ NacinPlac: 'G', OibPrimateljaRacuna: '33914072203' });
    expect((await detail(invoice.id)).fiscalization).toMatchObject({ status: 'FISCALIZED', kind: 'RACUN' });
    expect(world.service.received.length).toBe(einvoices);
  });

  it('while the service is down: issued with its ZKI, sent again with NakDost after a restart, the same ZKI', async () => {
    await b2c.stop();
    const invoice = await issue(consumer, 'CARD');
    const report = await sendDue(deps(), 'test');
    expect(report).toMatchObject({ retry: 1, fiscalized: 0 });
    const waiting = await detail(invoice.id);
    expect(waiting.fiscalization).toMatchObject({ status: 'PENDING', kind: 'RACUN', jir: null, attempts: 1, deadline: twoWorkingDaysOn() });
    expect(waiting.fiscalization.zki).toMatch(/^[0-9a-f]{32}$/);
    // the dashboard says it waits for a later delivery, and until when
    const dashboard = dataOf<{ fiscalization: { pending: number; waiting: number; waitingUntil: string | null } }>(
      await world.h.request('GET', '/api/v1/dashboard', { token: world.token }),
    );
    expect(dashboard.fiscalization).toMatchObject({ waiting: 1, waitingUntil: twoWorkingDaysOn() });

    await b2c.start();
    // a new process (a restart) picks it up when it is due
    const later = new Date(Date.now() + 10 * 60_000);
    await fiscalizeRound(deps(later), 'after-restart', { catchUp: true });
    const request = b2c.received.at(-1);
    expect(request?.fields).toMatchObject({ NacinPlac: 'K', NakDost: 'true', ZastKod: waiting.fiscalization.zki });
    expect(request?.fields).not.toHaveProperty('OibPrimateljaRacuna');
    expect((await detail(invoice.id)).fiscalization).toMatchObject({ status: 'FISCALIZED', jir: request?.jir });
    expect((await status(invoice.id)).messages.map((m) => m.outcome)).toEqual(['RETRY', 'FISCALIZED']);
  });

  it('a credit note to a private person is a negative invoice', async () => {
    const invoice = await issue(consumer, 'WIRE');
    await sendDue(deps(), 'test');
    const res = await world.h.request('POST', `/api/v1/invoice/${invoice.id}/credit-note`, { token: world.token, body: { reason: 'Povrat' } });
    expect(res.statusCode, res.body).toBe(201);
    const note = dataOf<{ id: number }>(res);
    await sendDue(deps(), 'test');
    expect(b2c.received.at(-1)?.fields).toMatchObject({ IznosUkupno: '-500.00', NacinPlac: 'T' });
    expect((await detail(note.id)).fiscalization).toMatchObject({ status: 'FISCALIZED', kind: 'RACUN' });
  });

  it("refused by the service: FAILED with the service's reason, and sent again on demand", async () => {
    b2c.mode = 's005';
    const invoice = await issue(consumer, 'CASH');
    await sendDue(deps(), 'test');
    expect((await detail(invoice.id)).fiscalization).toMatchObject({ status: 'FAILED', error: { code: 's005' } });
    b2c.mode = 'accept';
    const again = await world.h.request('POST', `/api/v1/invoice/${invoice.id}/fiscalize`, { token: world.token });
    expect(again.statusCode, again.body).toBe(200);
    expect((await detail(invoice.id)).fiscalization).toMatchObject({ status: 'FISCALIZED' });
  });

  it("needs the operator's OIB: refused with where to enter it", async () => {
    await world.h.db.updateTable('operator').set({ oib: null }).execute();
    try {
      const res = await post(consumer, 'WIRE');
      expect(res.statusCode).toBe(409);
      expect(firstError(res)).toMatchObject({ code: 'receiptOperatorOib' });
      expect(firstError(res).reason).toMatch(/Postavkama > Općenito > Vaš korisnički račun/);
    } finally {
      await world.h.db.updateTable('operator').set({ oib: '24680135792' }).execute();
    }
  });
});

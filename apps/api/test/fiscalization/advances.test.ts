import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleClientInput } from '@faktura/shared/samples';
import type { Invoice } from '@faktura/shared';
import { fiscalizeRound, sendDue } from '../../src/modules/fiscalization';
import { dataOf } from '../harness';
import { invoiceBody, line, today } from '../invoiceFixtures';
import { B2cServiceDouble } from './b2cDouble';
import { applicationCertificate, pkcs12, serverCertificate, testCa } from './pki';
import { validateSoapMessage } from './validate';
import { type FiscalWorld, P12_PASSWORD, fiscalSteps, useFiscalWorld } from './world';
import { xmlsecVerifies } from './xmlsec';

/**
 * Advance invoices at the fiscalization doubles (issue 48), on SQLite and PostgreSQL: an advance to a
 * Croatian business is fiscalized as an e-invoice of type 386 (F2) without KPD codes, all of it paid;
 * the final invoice deducting it states what was paid before and what remains (placeniIznos, as the
 * official final-invoice sample); both messages valid against the official schema and signed. A private
 * person's advance paid by card is fiscalized as a receipt (F1) with its ZKI and JIR.
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
  const client = await world.h.request('POST', '/api/v1/company', {
    token: world.token,
    body: sampleClientInput('domestic', { name: 'Ana Horvat', kind: 'CONSUMER', pin: null, email: 'ana.horvat@example.com' }),
  });
  consumer = dataOf<{ id: number }>(client).id;
  const settings = await world.h.request('PUT', '/api/v1/settings/fiscalization', {
    token: world.token,
    body: {
      mode: 'SELF', environment: 'TEST', certificate: { p12: pkcs12(world.user, P12_PASSWORD).toString('base64'), password: P12_PASSWORD },
      endpoints: { einvoice: world.service.url, ereporting: world.service.url, b2c: b2c.url }, trustedCaPem: world.ca.certificatePem,
    },
  });
  expect(settings.statusCode, settings.body).toBe(200);
}, 120_000);
afterAll(() => b2c.stop());

const advance = async (clientId: number, paymentMethod: string) => {
  const res = await world.h.request('POST', '/api/v1/advance', {
    token: world.token,
    body: { clientId, description: 'Izrada web stranice', parts: [{ vatRate: 25, amount: 125 }], paymentMethod, paidOn: today },
  });
  expect(res.statusCode, res.body).toBe(201);
  return dataOf<{ id: number; number: string }>(res);
};
const field = (xml: string, name: string) => new RegExp(`<efis:${name}>([^<]*)</efis:${name}>`).exec(xml)?.[1];
const sentFor = async (id: number) => {
  const messages = dataOf<{ requestXml: string }[]>(await world.h.request('GET', `/api/v1/invoice/${String(id)}/fiscalization/messages`, { token: world.token }));
  // the e-invoice's own message (an advance's payment is reported apart, EvidentirajNaplatu)
  return messages.find((m) => m.requestXml.includes('EvidentirajERacunZahtjev'))?.requestXml ?? '';
};

describe('advance invoices at the Tax Administration', () => {
  it('an advance (386) and its final invoice are fiscalized as e-invoices, valid and signed, the final one stating what was paid', async () => {
    world.service.mode = 'accept';
    const paid = await advance(world.w.hr, 'WIRE');
    expect(await fiscalizeRound(deps(), 'test')).toMatchObject({ fiscalized: 1 });
    expect(await status(paid.id)).toMatchObject({ status: 'FISCALIZED' });
    const first = await sentFor(paid.id);
    expect(await validateSoapMessage(first)).toEqual([]);
    expect(xmlsecVerifies(first, world.user.certificatePem).ok).toBe(true);
    expect(field(first, 'vrstaDokumenta')).toBe('386');
    expect(first).not.toContain('identifikatorKlasifikacije');
    expect([field(first, 'iznosSPdv'), field(first, 'placeniIznos'), field(first, 'iznosKojiDospijevaZaPlacanje')]).toEqual(['125.00', '125.00', '0.00']);

    const res = await world.h.request('POST', '/api/v1/invoice', {
      token: world.token,
      body: invoiceBody(world.w.hr, [line(world.w.dev, 200, 1, { description: 'Izrada web stranice', kpdCode: '62.10.11' })], {
        billingDate: today, deliveryDate: today, advanceIds: [paid.id],
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const final = dataOf<{ id: number }>(res);
    expect(await fiscalizeRound(deps(), 'test')).toMatchObject({ fiscalized: 1 });
    const second = await sentFor(final.id);
    expect(await validateSoapMessage(second)).toEqual([]);
    expect(xmlsecVerifies(second, world.user.certificatePem).ok).toBe(true);
    // as the official sample of a final invoice: the whole supply with its VAT, the advance paid, the rest due
    expect(field(second, 'vrstaDokumenta')).toBe('380');
    expect([field(second, 'iznosBezPdv'), field(second, 'pdv'), field(second, 'iznosSPdv')]).toEqual(['200.00', '50.00', '250.00']);
    expect([field(second, 'placeniIznos'), field(second, 'iznosKojiDospijevaZaPlacanje')]).toEqual(['125.00', '125.00']);
    expect(field(second, 'identifikatorKlasifikacije')).toBe('62.10.11');
  });

  it('a private person’s advance paid by card is a receipt (F1): ZKI at issue, JIR from the service', async () => {
    const paid = await advance(consumer, 'CARD');
    const queued = dataOf<Invoice>(await world.h.request('GET', `/api/v1/invoice/${String(paid.id)}`, { token: world.token }));
    expect(queued).toMatchObject({ documentType: 'ADVANCE', state: 'CLEARED', fiscalization: { status: 'PENDING', kind: 'RACUN' } });
    expect(queued.fiscalization.zki).toMatch(/^[0-9a-f]{32}$/);
    expect(await sendDue(deps(), 'test')).toMatchObject({ fiscalized: 1, failed: 0 });
    expect(b2c.received.at(-1)?.fields).toMatchObject({ NacinPlac: 'K', IznosUkupno: '125.00', ZastKod: queued.fiscalization.zki });
    const done = dataOf<Invoice>(await world.h.request('GET', `/api/v1/invoice/${String(paid.id)}`, { token: world.token }));
    expect(done.fiscalization).toMatchObject({ status: 'FISCALIZED', kind: 'RACUN', jir: b2c.received.at(-1)?.jir });
  });
});

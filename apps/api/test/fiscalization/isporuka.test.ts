import { sampleClientInput } from '@faktura/shared/samples';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceFiscalization as Status } from '@faktura/shared';
import { fiscalizeRound } from '../../src/modules/fiscalization';
import { type Harness, dataOf } from '../harness';
import { type InvoiceWorld, today } from '../invoiceFixtures';
import type { FiscalizationDouble } from './double';
import type { TestIdentity } from './pki';
import { validateSoapMessage } from './validate';
import { type FiscalWorld, fiscalSteps, useFiscalWorld } from './world';
import { xmlsecVerifies } from './xmlsec';

/**
 * A supply to a Croatian business that cannot receive e-invoices (ZoF čl. 40, 51; TS-F2 5.5), on
 * SQLite and PostgreSQL, against the service double: the client is marked through the client API, an
 * invoice issued to it is reported at issue with `EvidentirajIsporukuZaKojuNijeIzdanERacunZahtjev` to
 * the eReporting address (valid against the official schema, its signature verifying with xml-crypto
 * and xmlsec1), FISCALIZED with the service's id; a payment on it is reported afterwards (čl. 53 st.2);
 * the client snapshot decides, so changing the client after issue changes nothing.
 */
let h: Harness;
let token: string;
let w: InvoiceWorld;
let user: TestIdentity;
let service: FiscalizationDouble;
let world: FiscalWorld;
useFiscalWorld((ready) => ({ h, token, w, user, service } = world = ready));
const { deps, settings, issue, status } = fiscalSteps(() => world);
const ISPORUKA = 'EvidentirajIsporukuZaKojuNijeIzdanERacunZahtjev';
/** Faktura fiscalizes, the supply reports going to the double's eReporting address. */
const selfMode = () => settings('SELF', { einvoice: service.url, ereporting: service.reportingUrl });
const newClient = async (name: string, pin: string, receivesEInvoices?: boolean) => {
  const res = await h.request('POST', '/api/v1/company', {
    token, body: { ...sampleClientInput('domestic', { name, pin }), ...(receivesEInvoices === undefined ? {} : { receivesEInvoices }) },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return dataOf<{ id: number; receivesEInvoices: boolean }>(res);
};
const mark = async (clientId: number, receivesEInvoices: boolean) => {
  const client = dataOf<{ email: string; pin: string }>(await h.request('GET', `/api/v1/company/${clientId}`, { token }));
  const res = await h.request('PUT', `/api/v1/company/${clientId}`, { token, body: { email: client.email, pin: client.pin, receivesEInvoices } });
  expect(res.statusCode, res.body).toBe(200);
};
describe('a supply to a client that cannot receive e-invoices', () => {
  let paper: { id: number; receivesEInvoices: boolean };

  beforeAll(async () => {
    expect((await selfMode()).statusCode).toBe(200);
    paper = await newClient('Papirnati d.o.o.', '33392005961', false);
    expect(paper.receivesEInvoices).toBe(false);
  });

  it('is reported at issue with EvidentirajIsporukuZaKojuNijeIzdanERacunZahtjev to the eReporting address: valid, signed, FISCALIZED', async () => {
    service.mode = 'accept';
    const invoice = await issue(paper.id);
    expect(await status(invoice.id)).toMatchObject({ status: 'PENDING', kind: 'ISPORUKA' });
    expect(await fiscalizeRound(deps(), 'test')).toMatchObject({ sent: 1, fiscalized: 1 });
    const now = await status(invoice.id);
    expect(now).toMatchObject({ status: 'FISCALIZED', kind: 'ISPORUKA', attempts: 1, error: null, messages: [{ kind: 'ISPORUKA', outcome: 'FISCALIZED' }] });
    expect(now.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const received = service.received.at(-1);
    expect(received).toMatchObject({ element: ISPORUKA, path: '/EIzvjestavanjeService', code: null });
    const messages = dataOf<{ kind: string; requestXml: string }[]>(await h.request('GET', `/api/v1/invoice/${invoice.id}/fiscalization/messages`, { token }));
    const xml = messages[0]?.requestXml ?? '';
    expect(xml).toBe(received?.xml);
    expect(await validateSoapMessage(xml)).toEqual([]);
    expect(xmlsecVerifies(xml, user.certificatePem).ok).toBe(true);
    for (const part of [
      '<eizv:vrstaRacuna>IR</eizv:vrstaRacuna>', `<eizv:brojDokumenta>${invoice.number}</eizv:brojDokumenta>`, '<eizv:oibPorezniBroj>33392005961</eizv:oibPorezniBroj>',
      '<eizv:identifikatorKlasifikacije>62.10.11</eizv:identifikatorKlasifikacije>', '<eizv:iznosSPdv>500.00</eizv:iznosSPdv>',
    ]) expect(xml).toContain(part);
    // the History names the message
    const audit = await h.db.selectFrom('audit_log').select(['action', 'details']).where('invoice_id', '=', invoice.id).execute();
    const done = audit.find((a) => a.action === 'fiscalization.done');
    expect(JSON.parse(done?.details ?? '{}')).toMatchObject({ message: 'ISPORUKA', requestId: now.requestId });

    // a payment on it is reported afterwards like one on a fiscalized e-invoice (ZoF čl. 53 st.2)
    const paid = await h.request('POST', `/api/v1/invoice/${invoice.id}/payment`, { token, body: { date: today, amount: 500, method: 'TRANSFER' } });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await fiscalizeRound(deps(), 'test')).payments).toMatchObject({ sent: 1, fiscalized: 1 });
    const report = service.received.at(-1);
    expect(report).toMatchObject({ element: 'EvidentirajNaplatuZahtjev', path: '/EIzvjestavanjeService', code: null });
    expect(report?.xml).toContain(`<eizv:brojDokumenta>${invoice.number}</eizv:brojDokumenta>`);
    expect(report?.xml).toContain('<eizv:naplaceniIznos>500.00</eizv:naplaceniIznos>');
    expect(await validateSoapMessage(report?.xml ?? '')).toEqual([]);
    expect(xmlsecVerifies(report?.xml ?? '', user.certificatePem).ok).toBe(true);
    expect((await status(invoice.id)).messages.map((m) => m.kind)).toEqual(['ISPORUKA', 'NAPLATA']);
  });

  it('the client as it was at issue decides: changing the client afterwards changes neither queued kind', async () => {
    service.mode = 'accept';
    const other = await newClient('Promjenjivi d.o.o.', '63397186401');
    expect(other.receivesEInvoices).toBe(true);
    const toPaper = await issue(paper.id);
    const toOther = await issue(other.id);
    // both queued as issued (the round that would send them is not run yet), then the clients change
    await mark(paper.id, true);
    await mark(other.id, false);
    expect(await fiscalizeRound(deps(), 'test')).toMatchObject({ sent: 2, fiscalized: 2 });
    expect(await status(toPaper.id)).toMatchObject({ status: 'FISCALIZED', kind: 'ISPORUKA' });
    expect(await status(toOther.id)).toMatchObject({ status: 'FISCALIZED', kind: 'ERACUN' });
    const elements = service.received.slice(-2).map((r) => [r.element, r.path]);
    expect(elements).toEqual(expect.arrayContaining([[ISPORUKA, '/EIzvjestavanjeService'], ['EvidentirajERacunZahtjev', '/FiskalizacijaService']]));
    // issued from now on, each as the client is now
    const nowOther = await issue(other.id);
    expect(await status(nowOther.id)).toMatchObject({ status: 'PENDING', kind: 'ISPORUKA' });
    await fiscalizeRound(deps(), 'test');
    expect(service.received.at(-1)?.element).toBe(ISPORUKA);
    await mark(paper.id, false);
  });

  it('a refusal is FAILED with the service reason, an outage retried, as for an e-invoice; a credit note to the client is a supply too', async () => {
    service.mode = 'S005';
    const invoice = await issue(paper.id);
    await fiscalizeRound(deps(), 'test');
    expect(await status(invoice.id)).toMatchObject({ status: 'FAILED', kind: 'ISPORUKA', error: { code: 'S005' } });
    await service.stop();
    try {
      const retried = await h.request('POST', `/api/v1/invoice/${invoice.id}/fiscalize`, { token });
      expect(dataOf<Status>(retried)).toMatchObject({ status: 'PENDING', error: { code: 'NETWORK' } });
    } finally {
      await service.start();
    }
    service.mode = 'accept';
    const again = await h.request('POST', `/api/v1/invoice/${invoice.id}/fiscalize`, { token });
    expect(dataOf<Status>(again)).toMatchObject({ status: 'FISCALIZED', kind: 'ISPORUKA', attempts: 3 });
    expect(dataOf<Status>(again).messages.map((m) => m.outcome)).toEqual(['FAILED', 'RETRY', 'FISCALIZED']);

    const note = await h.request('POST', `/api/v1/invoice/${invoice.id}/credit-note`, { token, body: { reason: 'Povrat' } });
    expect(note.statusCode, note.body).toBe(201);
    const credit = dataOf<{ id: number }>(note);
    await fiscalizeRound(deps(), 'test');
    expect(await status(credit.id)).toMatchObject({ status: 'FISCALIZED', kind: 'ISPORUKA' });
    const xml = service.received.at(-1)?.xml ?? '';
    expect(xml).toContain('<eizv:vrstaDokumenta>381</eizv:vrstaDokumenta>');
    expect(xml).toContain('<eizv:PrethodniRacun>');
    expect(await validateSoapMessage(xml)).toEqual([]);
  });

  it('a foreign client cannot be marked; an e-invoice client is still fiscalized as before', async () => {
    const refused = await h.request('PUT', `/api/v1/company/${w.de}`, { token, body: { email: 'x@example.de', pin: 'DE811907980', receivesEInvoices: false } });
    expect(refused.statusCode).toBe(400);
    const invoice = await issue(w.hr);
    await fiscalizeRound(deps(), 'test');
    expect(await status(invoice.id)).toMatchObject({ status: 'FISCALIZED', kind: 'ERACUN' });
    expect(service.received.at(-1)).toMatchObject({ element: 'EvidentirajERacunZahtjev', path: '/FiskalizacijaService' });
    expect(await status((await issue(w.de)).id)).toMatchObject({ status: 'NOT_REQUIRED', kind: null });
  });
});

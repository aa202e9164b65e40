import { describe, expect, it } from 'vitest';
import type { Invoice, InvoiceDelivery } from '@faktura/shared';
import { deliveryRound } from '../../src/modules/delivery';
import { fiscalizeRound } from '../../src/modules/fiscalization';
import { sampleClientInput } from '@faktura/shared/samples';
import { type Harness, SECRET, dataOf, errorsOf } from '../harness';
import type { InvoiceWorld } from '../invoiceFixtures';
import type { FiscalizationDouble } from '../fiscalization/double';
import { type FiscalWorld, fiscalSteps, useFiscalWorld } from '../fiscalization/world';
import type { MerDouble } from './merDouble';
import { useMerDouble } from './merWorld';

/**
 * Sending issued e-invoices through moj-eRačun (its HTTPS double), on SQLite and PostgreSQL: the
 * UBL sent is the download's, validated by the double with the project's validators; once unless
 * resent on purpose; an outage leaves it PENDING and the worker's next round sends it, one document
 * at the intermediary; a refusal keeps the intermediary's reason; the status comes back on demand
 * and by the scheduled poll; autoSend sends on issue; INTERMEDIARY fiscalization sends nothing to
 * the Tax Administration. The intermediary's word on the fiscalization comes back (fiscalized, or
 * refused with the Tax Administration's code); a buyer without an address in the address book is
 * eReported by it, marked on the client, and its next invoice goes by e-mail; an answer lost after
 * the intermediary took a document does not make it send twice; every sending is in the audit trail;
 * a document handed over is not deleted.
 */
let h: Harness;
let token: string;
let w: InvoiceWorld;
let service: FiscalizationDouble;
let world: FiscalWorld;
let mer: MerDouble;
useFiscalWorld((ready) => ({ h, token, w, service } = world = ready));
const { settings: fiscalSettings, issue } = fiscalSteps(() => world);
const { account: { password: PASSWORD }, configure } = useMerDouble(() => world, (started) => (mer = started));
const send = (id: number, body: unknown = {}, lang = 'hr') => h.request('POST', `/api/v1/invoice/${id}/einvoice/send`, { token, lang, body });
const refresh = async (id: number) => dataOf<InvoiceDelivery>(await h.request('POST', `/api/v1/invoice/${id}/einvoice/refresh`, { token }));
const detail = async (id: number) => dataOf<Invoice>(await h.request('GET', `/api/v1/invoice/${id}`, { token })).delivery;
const deps = (at?: Date) => ({ db: h.db, secret: SECRET, ...(at ? { now: () => at } : {}) });
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
type Entry = { action: string; operator: string | null; details: Record<string, unknown> };
const history = async (id: number) => dataOf<Entry[]>(await h.request('GET', `/api/v1/audit?invoiceId=${id}`, { token }));

describe('sending an e-invoice through the intermediary', () => {
  it('is refused until delivery is set up; a document never sent says NOT_SENT', async () => {
    const invoice = await issue(w.hr);
    expect(await detail(invoice.id)).toMatchObject({ status: 'NOT_SENT', providerDocumentId: null });
    const res = await send(invoice.id);
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res)[0]?.code).toBe('deliveryNotConfigured');
    expect((await configure()).statusCode).toBe(200);
  });

  it('sends the download\'s UBL once: SENT with the intermediary\'s id; again only with resend', async () => {
    const invoice = await issue(w.hr);
    const res = await send(invoice.id);
    expect(res.statusCode).toBe(200);
    const sent = dataOf<InvoiceDelivery>(res);
    expect(sent).toMatchObject({ status: 'SENT', error: null, attempts: 1, providerStatus: '30 Poslan' });
    expect(sent.providerDocumentId).toMatch(/^\d+$/);
    expect(await detail(invoice.id)).toEqual(sent);
    const atMer = mer.documents.filter((d) => d.documentNr === invoice.number);
    expect(atMer).toHaveLength(1);
    const download = await h.request('GET', `/api/v1/invoice/${invoice.id}/ubl?lang=hr`, { token });
    expect(atMer[0]?.xml).toBe(download.body);
    expect(res.body).not.toContain(PASSWORD);

    const again = await send(invoice.id, {}, 'en');
    expect(again.statusCode).toBe(409);
    expect(errorsOf(again)[0]).toMatchObject({ code: 'deliveryAlreadySent', reason: expect.stringContaining(sent.providerDocumentId ?? '?') as string });
    expect(mer.documents.filter((d) => d.documentNr === invoice.number)).toHaveLength(1);
    const resent = dataOf<InvoiceDelivery>(await send(invoice.id, { resend: true }));
    expect(resent.status).toBe('SENT');
    expect(resent.providerDocumentId).not.toBe(sent.providerDocumentId);
    expect(mer.documents.filter((d) => d.documentNr === invoice.number)).toHaveLength(2);
  }, 120_000);

  it('an outage leaves it PENDING; the worker\'s next round sends it, one document at the intermediary', async () => {
    const invoice = await issue(w.hr);
    await mer.stop();
    let pending: InvoiceDelivery;
    try {
      pending = dataOf<InvoiceDelivery>(await send(invoice.id));
      expect(pending).toMatchObject({ status: 'PENDING', providerDocumentId: null, attempts: 1 });
      expect(pending.error).toMatch(/network|ECONNREFUSED/);
      expect(pending.nextAttemptAt).not.toBeNull();
      // not due yet: the round leaves it
      await deliveryRound(deps(), 'worker-1');
      expect((await detail(invoice.id)).attempts).toBe(1);
    } finally {
      await mer.start();
    }
    await deliveryRound(deps(minutesFromNow(2)), 'worker-1');
    const after = await detail(invoice.id);
    expect(after).toMatchObject({ status: 'SENT', attempts: 2, error: null, nextAttemptAt: null });
    expect(mer.documents.filter((d) => d.documentNr === invoice.number)).toHaveLength(1);
    // a 500 is an outage too
    const other = await issue(w.hr);
    mer.failing = true;
    try {
      expect(dataOf<InvoiceDelivery>(await send(other.id))).toMatchObject({ status: 'PENDING', error: 'HTTP 500' });
    } finally {
      mer.failing = false;
    }
    // sending again by hand sends a pending document at once
    expect(dataOf<InvoiceDelivery>(await send(other.id))).toMatchObject({ status: 'SENT', attempts: 2 });
  }, 120_000);

  it('a refusal is FAILED with the intermediary\'s own reason, and may be sent again', async () => {
    const invoice = await issue(w.hr);
    mer.refuseAll = 'Primatelj nije registriran u AMS-u';
    try {
      const failed = dataOf<InvoiceDelivery>(await send(invoice.id));
      expect(failed).toMatchObject({ status: 'FAILED', error: 'Primatelj nije registriran u AMS-u', providerDocumentId: null });
      expect(await detail(invoice.id)).toMatchObject({ status: 'FAILED', error: 'Primatelj nije registriran u AMS-u' });
    } finally {
      mer.refuseAll = null;
    }
    expect(dataOf<InvoiceDelivery>(await send(invoice.id))).toMatchObject({ status: 'SENT', error: null });
  }, 120_000);

  it('the status comes back on demand and by the scheduled poll: delivered, or rejected with the reason', async () => {
    mer.validate = false;
    const one = await issue(w.hr);
    const two = await issue(w.hr);
    const sentOne = dataOf<InvoiceDelivery>(await send(one.id));
    const sentTwo = dataOf<InvoiceDelivery>(await send(two.id));
    expect(await refresh(one.id)).toMatchObject({ status: 'SENT' });
    mer.deliver(Number(sentOne.providerDocumentId));
    expect(await refresh(one.id)).toMatchObject({ status: 'DELIVERED', providerStatus: '40 Dostavljen', error: null });
    mer.reject(Number(sentTwo.providerDocumentId), 'Kupac odbija: pogrešan iznos');
    // the poll asks about what is on its way once it was last asked 5 minutes ago
    await deliveryRound(deps(), 'worker-1');
    expect((await detail(two.id)).status).toBe('SENT');
    await deliveryRound(deps(minutesFromNow(6)), 'worker-1');
    expect(await detail(two.id)).toMatchObject({ status: 'REJECTED', error: 'Kupac odbija: pogrešan iznos', providerStatus: '45 Kupac odbija: pogrešan iznos' });
    // a foreign client's invoice is no e-invoice to send
    const foreign = await issue(w.de);
    const res = await send(foreign.id, {}, 'en');
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res)[0]).toMatchObject({ code: 'deliveryNotEInvoice', reason: expect.stringContaining(foreign.number) as string });
    mer.validate = true;
  }, 120_000);

  it('autoSend: an e-invoice issued enters the outbox and the worker sends it', async () => {
    expect((await configure(true)).statusCode).toBe(200);
    const invoice = await issue(w.hr);
    expect(await detail(invoice.id)).toMatchObject({ status: 'PENDING', attempts: 0 });
    await deliveryRound(deps(), 'worker-1');
    expect(await detail(invoice.id)).toMatchObject({ status: 'SENT' });
    expect(mer.documents.filter((d) => d.documentNr === invoice.number)).toHaveLength(1);
    // a foreign client's invoice is not queued
    expect((await detail((await issue(w.de)).id)).status).toBe('NOT_SENT');
    expect((await configure(false)).statusCode).toBe(200);
  }, 120_000);

  it('the intermediary\'s word on the fiscalization comes back: in progress, fiscalized, or refused with the reason', async () => {
    mer.validate = false;
    const one = await issue(w.hr);
    const two = await issue(w.hr);
    const sentOne = dataOf<InvoiceDelivery>(await send(one.id));
    const sentTwo = dataOf<InvoiceDelivery>(await send(two.id));
    // still trying (status 2): nothing said yet
    expect(await refresh(one.id)).toMatchObject({ status: 'SENT', fiscalized: null, fiscalizationError: null, eReported: false });
    mer.deliver(Number(sentOne.providerDocumentId));
    mer.fiscalize(Number(sentOne.providerDocumentId));
    expect(await refresh(one.id)).toMatchObject({ status: 'DELIVERED', fiscalized: true, fiscalizationError: null });
    mer.failFiscalization(Number(sentTwo.providerDocumentId), 'S006', 'Neispravan OIB primatelja');
    await deliveryRound(deps(minutesFromNow(6)), 'worker-1');
    expect(await detail(two.id)).toMatchObject({ status: 'SENT', fiscalized: false, fiscalizationError: 'S006 Neispravan OIB primatelja' });
    // the audit trail: who sent it, what the intermediary said since
    const trail = await history(one.id);
    expect(trail.find((e) => e.action === 'delivery.sent')).toMatchObject({ operator: expect.any(String) as string, details: { number: one.number, provider: 'MOJ_ERACUN', providerDocumentId: sentOne.providerDocumentId, status: 'SENT' } });
    expect(trail.find((e) => e.action === 'delivery.status')).toMatchObject({ operator: null, details: { status: 'DELIVERED', fiscalized: true } });
    expect((await history(two.id)).find((e) => e.action === 'delivery.status')).toMatchObject({ details: { fiscalized: false, error: 'S006 Neispravan OIB primatelja' } });
    expect(JSON.stringify(trail)).not.toContain(PASSWORD);
    // an intermediary that cannot say (no such query): the delivery status still comes back, fiscalized unknown
    const three = await issue(w.hr);
    const sentThree = dataOf<InvoiceDelivery>(await send(three.id));
    mer.noFiscalStatus = true;
    try {
      mer.deliver(Number(sentThree.providerDocumentId));
      expect(await refresh(three.id)).toMatchObject({ status: 'DELIVERED', fiscalized: null });
    } finally {
      mer.noFiscalStatus = false;
    }
    mer.validate = true;
  }, 120_000);

  it('an answer lost after the intermediary took the document: the retry finds it by its number and sends nothing twice', async () => {
    mer.validate = false;
    const invoice = await issue(w.hr);
    mer.loseNextAnswer = true;
    const pending = dataOf<InvoiceDelivery>(await send(invoice.id));
    expect(pending).toMatchObject({ status: 'PENDING', error: 'HTTP 504', attempts: 1 });
    expect(mer.documents.filter((d) => d.documentNr === invoice.number)).toHaveLength(1);
    await deliveryRound(deps(minutesFromNow(2)), 'worker-1');
    const after = await detail(invoice.id);
    const atMer = mer.documents.filter((d) => d.documentNr === invoice.number);
    expect(atMer).toHaveLength(1);
    expect(after).toMatchObject({ status: 'SENT', providerDocumentId: String(atMer[0]?.electronicId), attempts: 2 });
    expect((await history(invoice.id)).find((e) => e.action === 'delivery.sent')?.details).toMatchObject({ found: true });
    // sent again on purpose: a new sending, not the one found before
    const resent = dataOf<InvoiceDelivery>(await send(invoice.id, { resend: true }));
    expect(resent.providerDocumentId).not.toBe(after.providerDocumentId);
    expect(mer.documents.filter((d) => d.documentNr === invoice.number)).toHaveLength(2);
    mer.validate = true;
  }, 120_000);

  it('a document handed to the intermediary is not deleted; one it refused may be', async () => {
    mer.validate = false;
    const sent = await issue(w.hr);
    await send(sent.id);
    expect(dataOf<Invoice>(await h.request('GET', `/api/v1/invoice/${sent.id}`, { token })).deletable).toBe(false);
    const res = await h.request('DELETE', `/api/v1/invoice/${sent.id}`, { token, lang: 'en' });
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res)[0]).toMatchObject({ code: 'invoiceSentEInvoice', reason: expect.stringContaining(sent.number) as string });
    const rows = dataOf<{ id: number; actions: { delete: { allowed: boolean; reason: string | null } } }[]>(await h.request('GET', '/api/v1/invoice/list?pageSize=50', { token }));
    const row = rows.find((r) => r.id === sent.id);
    expect(row?.actions.delete).toEqual({ allowed: false, reason: 'SENT_TO_INTERMEDIARY' });
    const refused = await issue(w.hr);
    mer.refuseAll = 'Neispravan dokument';
    try {
      expect(dataOf<InvoiceDelivery>(await send(refused.id)).status).toBe('FAILED');
    } finally {
      mer.refuseAll = null;
    }
    expect((await h.request('DELETE', `/api/v1/invoice/${refused.id}`, { token })).statusCode).toBe(200);
    expect((await h.request('GET', `/api/v1/invoice/${refused.id}`, { token })).statusCode).toBe(404);
    mer.validate = true;
  }, 120_000);

  it('a buyer without an address in the address book: eReported by the intermediary, the client marked, its next invoice by e-mail', async () => {
    expect((await fiscalSettings('SELF')).statusCode).toBe(200);
    const created = await h.request('POST', '/api/v1/company', { token, body: sampleClientInput('domesticSmall') });
    const clientId = dataOf<{ id: number }>(created).id;
    mer.notInAms.add('88241270546');
    const first = await issue(clientId);
    const sent = dataOf<InvoiceDelivery>(await send(first.id));
    mer.fiscalize(Number(sent.providerDocumentId));
    expect(await refresh(first.id)).toMatchObject({ status: 'SENT', eReported: true, fiscalized: true });
    const client = dataOf<{ receivesEInvoices: boolean }>(await h.request('GET', `/api/v1/company/${clientId}`, { token }));
    expect(client.receivesEInvoices).toBe(false);
    const changed = (await history(first.id)).find((e) => e.action === 'client.changed');
    expect(changed).toMatchObject({ operator: null, details: { clientId, source: 'MOJ_ERACUN', changes: { receivesEInvoices: { from: true, to: false } } } });
    // the next invoice: Faktura reports the supply itself (ISPORUKA), so it is not handed to the intermediary
    const next = await issue(clientId);
    expect((await h.request('GET', `/api/v1/invoice/${next.id}/fiscalization`, { token })).body).toContain('ISPORUKA');
    const res = await send(next.id, {}, 'hr');
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res)[0]).toMatchObject({ code: 'deliveryClientNoEInvoices', reason: expect.stringContaining('e-poštom') as string });
    expect(mer.documents.filter((d) => d.documentNr === next.number)).toHaveLength(0);
  }, 120_000);

  it('INTERMEDIARY fiscalization: Faktura sends nothing to the Tax Administration; the intermediary gets the e-invoice', async () => {
    expect((await fiscalSettings('INTERMEDIARY')).statusCode).toBe(200);
    const before = service.received.length;
    const invoice = await issue(w.hr);
    await fiscalizeRound({ db: h.db, secret: SECRET }, 'test');
    expect(service.received).toHaveLength(before);
    const fiscal = dataOf<{ status: string }>(await h.request('GET', `/api/v1/invoice/${invoice.id}/fiscalization`, { token }));
    expect(fiscal.status).toBe('BY_INTERMEDIARY');
    expect(dataOf<InvoiceDelivery>(await send(invoice.id)).status).toBe('SENT');
    expect(service.received).toHaveLength(before);
  }, 120_000);

  it('never writes the password to the log', () => {
    expect(h.logs.join('')).not.toContain(PASSWORD);
  });
});

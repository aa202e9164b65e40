import { shapesBuiltPerCall } from '../../src/db/compiledOnce';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard, InvoiceDelivery, InvoiceListResponse } from '@faktura/shared';
import { type Harness, dataOf, errorsOf } from '../harness';
import type { InvoiceWorld } from '../invoiceFixtures';
import { type FiscalWorld, fiscalSteps, useFiscalWorld } from '../fiscalization/world';
import type { MerDouble } from './merDouble';
import { useMerDouble } from './merWorld';

/**
 * The invoice list shows each document's e-invoice delivery status and filters by it, and the
 * dashboard counts the rejected and refused ones (issue 32), on SQLite and PostgreSQL; the statuses
 * are made through the intermediary's double, as a user's sendings would.
 */
let h: Harness;
let token: string;
let w: InvoiceWorld;
let world: FiscalWorld;
let mer: MerDouble;
useFiscalWorld((ready) => ({ h, token, w } = world = ready));
const { issue } = fiscalSteps(() => world);
const { configure } = useMerDouble(() => world, (started) => (mer = started));

const send = async (id: number) => dataOf<InvoiceDelivery>(await h.request('POST', `/api/v1/invoice/${id}/einvoice/send`, { token, body: {} }));
const refresh = async (id: number) => dataOf<InvoiceDelivery>(await h.request('POST', `/api/v1/invoice/${id}/einvoice/refresh`, { token }));
// the list's answer is not enveloped (`whole`)
const list = async (query = '') => JSON.parse((await h.request('GET', `/api/v1/invoice/list${query}`, { token })).body) as InvoiceListResponse;
const dashboard = async () => dataOf<Dashboard>(await h.request('GET', '/api/v1/dashboard', { token }));

describe('the list and the dashboard show where e-invoices stand with the intermediary', () => {
  const ids: Record<'notSent' | 'pending' | 'sent' | 'delivered' | 'rejected' | 'failed', number> = {
    notSent: 0, pending: 0, sent: 0, delivered: 0, rejected: 0, failed: 0,
  };

  beforeAll(async () => {
    const before = await dashboard();
    expect(before.delivery).toEqual({ rejected: 0, failed: 0, notFiscalized: 0, buyerRejected: 0 });
    expect((await configure()).statusCode).toBe(200);
    mer.validate = false;
    for (const key of Object.keys(ids) as (keyof typeof ids)[]) ids[key] = (await issue(w.hr)).id;
    await send(ids.sent);
    const delivered = Number((await send(ids.delivered)).providerDocumentId);
    mer.deliver(delivered);
    // delivered, but the Tax Administration refused it (as the intermediary reports)
    mer.failFiscalization(delivered, 'S006', 'Neispravan OIB primatelja');
    await refresh(ids.delivered);
    mer.reject(Number((await send(ids.rejected)).providerDocumentId), 'Kupac odbija: pogrešan iznos');
    await refresh(ids.rejected);
    mer.refuseAll = 'Primatelj nije registriran u AMS-u';
    await send(ids.failed);
    mer.refuseAll = null;
    await mer.stop();
    try {
      await send(ids.pending);
    } finally {
      await mer.start();
      mer.validate = true;
    }
  }, 120_000);

  it('each row says its delivery status; a document never handed over is NOT_SENT', async () => {
    const rows = (await list('?pageSize=200')).data;
    const status = (id: number) => rows.find((row) => row.id === id)?.deliveryStatus;
    expect(status(ids.notSent)).toBe('NOT_SENT');
    expect(status(ids.pending)).toBe('PENDING');
    expect(status(ids.sent)).toBe('SENT');
    expect(status(ids.delivered)).toBe('DELIVERED');
    expect(status(ids.rejected)).toBe('REJECTED');
    expect(status(ids.failed)).toBe('FAILED');
  });

  it('filters by it, counts what it filters, and refuses a status it does not know', async () => {
    for (const [status, id] of [
      ['PENDING', ids.pending], ['SENT', ids.sent], ['DELIVERED', ids.delivered], ['REJECTED', ids.rejected], ['FAILED', ids.failed],
    ] as const) {
      const page = await list(`?delivery=${status}`);
      expect(page.data.map((row) => row.id)).toEqual([id]);
      expect(page.page.total).toBe(1);
    }
    const notFiscalized = await list('?delivery=NOT_FISCALIZED');
    expect(notFiscalized.data.map((row) => row.id)).toEqual([ids.delivered]);
    expect(notFiscalized.page.total).toBe(1);
    // every filter a shape of its own: the statements are compiled once, never built per call
    expect(shapesBuiltPerCall()).toEqual([]);
    const notSent = await list('?delivery=NOT_SENT&pageSize=200');
    expect(notSent.data.map((row) => row.id)).toContain(ids.notSent);
    expect(notSent.data.every((row) => row.deliveryStatus === 'NOT_SENT')).toBe(true);
    expect(notSent.page.total).toBe(notSent.data.length);
    // it combines with the others: the rejected one found by its number, not by another's
    const rejected = rows(await list('?delivery=REJECTED'))[0];
    expect(rows(await list(`?delivery=REJECTED&q=${encodeURIComponent(rejected?.invoiceNumber ?? '?')}`))).toHaveLength(1);
    expect(rows(await list(`?delivery=SENT&q=${encodeURIComponent(rejected?.invoiceNumber ?? '?')}`))).toHaveLength(0);

    const bad = await h.request('GET', '/api/v1/invoice/list?delivery=LOST', { token, lang: 'en' });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)[0]?.field).toBe('delivery');
  });

  it('the dashboard counts the rejected and the refused e-invoices, and its latest rows say their status', async () => {
    const data = await dashboard();
    expect(data.delivery).toEqual({ rejected: 1, failed: 1, notFiscalized: 1, buyerRejected: 0 });
    expect(data.latest.find((row) => row.id === ids.rejected)?.deliveryStatus).toBe('REJECTED');
    // sent again and taken: no longer refused
    expect((await send(ids.failed)).status).toBe('SENT');
    expect((await dashboard()).delivery).toEqual({ rejected: 1, failed: 0, notFiscalized: 1, buyerRejected: 0 });
  });
});

const rows = (page: InvoiceListResponse) => page.data;

import { describe, expect, it } from 'vitest';
import { type Harness, dataOf, errorsOf } from './harness';
import { invoiceBody, line, today, useInvoiceWorld, type InvoiceWorld } from './invoiceFixtures';
import { RETRY_AFTER_S, WAIT_MS } from '../src/http/idempotency';

let h: Harness;
let token: string;
let w: InvoiceWorld;
useInvoiceWorld({ ready: (world) => ({ h, token, w } = world) });

let counter = 0;
const newKey = () => `key-${Date.now()}-${++counter}`;
const body = (hours = 10) => invoiceBody(w.hr, [line(w.dev, 45, hours)], { billingDate: today, deliveryDate: today });
const post = (url: string, key: string | undefined, payload?: unknown, lang?: string, on: Harness = h) =>
  on.request('POST', url, {
    token,
    ...(payload === undefined ? {} : { body: payload }),
    ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
    ...(lang ? { lang } : {}),
  });
const invoiceCount = async () => Number((await h.db.selectFrom('invoice').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const auditCount = async () => Number((await h.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const seqOf = (number: string) => Number(number.split('/')[0]);

describe('Idempotency-Key on issuing', () => {
  it('a retry with the same key and body answers the first answer and issues nothing new', async () => {
    const key = newKey();
    const first = await post('/api/v1/invoice', key, body());
    expect(first.statusCode).toBe(201);
    const issued = dataOf<{ id: number; number: string }>(first);
    const invoices = await invoiceCount();

    const retry = await post('/api/v1/invoice', key, body());
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await invoiceCount()).toBe(invoices);

    // no number was used up by the retry: the next invoice takes the very next one
    const next = dataOf<{ number: string }>(await post('/api/v1/invoice', newKey(), body()));
    expect(seqOf(next.number)).toBe(seqOf(issued.number) + 1);
  });

  it('the same key with another body, or on another verb, is a 409 that says so in both languages', async () => {
    const key = newKey();
    const first = await post('/api/v1/invoice', key, body(2));
    expect(first.statusCode).toBe(201);
    const invoices = await invoiceCount();

    const other = await post('/api/v1/invoice', key, body(3));
    expect(other.statusCode).toBe(409);
    expect(errorsOf(other).map((e) => e.code)).toEqual(['idempotencyKeyReused']);
    expect(errorsOf(other)[0]!.reason).toContain('već je upotrijebljen');
    const english = await post('/api/v1/invoice', key, body(3), 'en');
    expect(errorsOf(english)[0]!.reason).toContain('already used for a different request');

    const { id } = dataOf<{ id: number }>(first);
    const elsewhere = await post(`/api/v1/invoice/${id}/clear`, key, {});
    expect(errorsOf(elsewhere)[0]!.code).toBe('idempotencyKeyReused');
    expect(await invoiceCount()).toBe(invoices);
    const detail = dataOf<{ state: string }>(await h.request('GET', `/api/v1/invoice/${id}`, { token }));
    expect(detail.state).toBe('PUBLISHED');
  });

  it('concurrent duplicates, also from a second server process, issue exactly once and all get its answer', async () => {
    const other = await h.sibling();
    const key = newKey();
    const invoices = await invoiceCount();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post('/api/v1/invoice', key, body(7), undefined, i % 2 === 0 ? h : other)),
    );
    expect(await invoiceCount()).toBe(invoices + 1);
    // the duplicates waited for the first (issue 27 item 6): every one answers the one invoice
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 8 }, () => 201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(7);
    // and later, a retry gets the same answer
    const late = await post('/api/v1/invoice', key, body(7));
    expect(late.body).toBe(answers[0]!.body);
  });

  describe('a duplicate while the first request still runs', () => {
    /** A request done under `key`, then put back to "still running" (claimed, no answer), as it was mid-way. */
    const running = async (key: string) => {
      const first = await post('/api/v1/invoice', key, body(6));
      expect(first.statusCode).toBe(201);
      const row = await h.db.selectFrom('idempotency_key').select(['response_status', 'response_body']).where('idem_key', '=', key).executeTakeFirstOrThrow();
      await h.db
        .updateTable('idempotency_key')
        .set({ response_status: null, response_body: null, claimed_until: new Date(Date.now() + 60_000).toISOString() })
        .where('idem_key', '=', key)
        .execute();
      return { first, finish: () => h.db.updateTable('idempotency_key').set(row).where('idem_key', '=', key).execute() };
    };

    it('waits for it and answers its answer', async () => {
      const key = newKey();
      const { first, finish } = await running(key);
      const invoices = await invoiceCount();
      const started = Date.now();
      const timer = setTimeout(() => void finish(), 400);
      const duplicate = await post('/api/v1/invoice', key, body(6));
      clearTimeout(timer);
      expect(Date.now() - started).toBeGreaterThanOrEqual(350);
      expect([duplicate.statusCode, duplicate.body]).toEqual([201, first.body]);
      expect(duplicate.headers['idempotent-replayed']).toBe('true');
      expect(await invoiceCount()).toBe(invoices);
    });

    it('runs the request itself when the first failed and let the key go', async () => {
      const key = newKey();
      const { first } = await running(key);
      const invoices = await invoiceCount();
      // what a refused first request does: it deletes its claim
      const timer = setTimeout(() => void h.db.deleteFrom('idempotency_key').where('idem_key', '=', key).execute(), 300);
      const duplicate = await post('/api/v1/invoice', key, body(6));
      clearTimeout(timer);
      expect(duplicate.statusCode).toBe(201);
      expect(duplicate.headers['idempotent-replayed']).toBeUndefined();
      expect(dataOf<{ id: number }>(duplicate).id).not.toBe(dataOf<{ id: number }>(first).id);
      expect(await invoiceCount()).toBe(invoices + 1);
    });

    it(`answers 409 with Retry-After when the first still runs after ${WAIT_MS / 1000} s`, { timeout: 20_000 }, async () => {
      const key = newKey();
      await running(key);
      const invoices = await invoiceCount();
      const started = Date.now();
      const [hr, en] = await Promise.all([post('/api/v1/invoice', key, body(6)), post('/api/v1/invoice', key, body(6), 'en')]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS - 250);
      expect(Date.now() - started).toBeLessThan(WAIT_MS + 3_000);
      for (const res of [hr, en]) {
        expect(res.statusCode).toBe(409);
        expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_S));
        expect(errorsOf(res)[0]!.code).toBe('idempotencyInProgress');
      }
      expect(errorsOf(hr)[0]!.reason).toContain('još se obrađuje');
      expect(errorsOf(en)[0]!.reason).toContain('still being processed');
      expect(await invoiceCount()).toBe(invoices);
    });
  });

  it('refuses a malformed key in the error envelope and changes nothing', async () => {
    const invoices = await invoiceCount();
    for (const bad of ['', ' ', '   ', 'x'.repeat(256), 'tab\there']) {
      const res = await post('/api/v1/invoice', bad, body());
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)[0]!.code).toBe('idempotencyKeyInvalid');
    }
    expect(errorsOf(await post('/api/v1/invoice', 'x'.repeat(256), body(), 'en'))[0]!.reason).toContain('1 to 255 printable ASCII');
    // an empty or blank header says so: a key was meant and got lost on the way
    for (const empty of ['', '   ']) {
      expect(errorsOf(await post('/api/v1/invoice', empty, body()))[0]!.reason).toContain('Idempotency-Key je prazno');
      expect(errorsOf(await post('/api/v1/invoice', empty, body(), 'en'))[0]!.reason).toContain('Idempotency-Key header is empty');
    }
    expect(await h.db.selectFrom('idempotency_key').select('idem_key').where('idem_key', 'in', ['', ' ', '   ']).execute()).toEqual([]);
    expect(await invoiceCount()).toBe(invoices);
    expect((await post('/api/v1/invoice', 'x'.repeat(255), body())).statusCode).toBe(201);
  });

  it('a refused request keeps nothing: the same key may carry the corrected request', async () => {
    const { id } = dataOf<{ id: number }>(await post('/api/v1/invoice', newKey(), body()));
    const key = newKey();
    const future = await post(`/api/v1/invoice/${id}/clear`, key, { paymentDate: '2999-01-01' });
    expect(future.statusCode).toBe(400);
    const fixed = await post(`/api/v1/invoice/${id}/clear`, key, { paymentDate: today });
    expect(fixed.statusCode).toBe(200);
    expect(dataOf(fixed)).toMatchObject({ id, state: 'CLEARED' });
  });

  it('a key left by a request whose process died runs afresh once its claim lapsed; an old key is forgotten after 24 h', async () => {
    const operatorId = (await h.db.selectFrom('operator').select('id').executeTakeFirstOrThrow()).id;
    const dead = newKey();
    // what a killed process leaves: the claim, no answer (its work was rolled back)
    await h.db
      .insertInto('idempotency_key')
      .values({ operator_id: operatorId, idem_key: dead, request_hash: 'x', claim: 'gone', claimed_until: '2000-01-01T00:00:00.000Z', response_status: null, response_body: null, created_at: new Date().toISOString() })
      .execute();
    // its request hash differs from this body's, so the lapsed claim counts as another request
    expect(errorsOf(await post('/api/v1/invoice', dead, body()))[0]!.code).toBe('idempotencyKeyReused');

    const key = newKey();
    const first = await post('/api/v1/invoice', key, body(4));
    await h.db.updateTable('idempotency_key').set({ response_status: null, response_body: null, claimed_until: '2000-01-01T00:00:00.000Z' }).where('idem_key', '=', key).execute();
    const invoices = await invoiceCount();
    const again = await post('/api/v1/invoice', key, body(4));
    expect(again.statusCode).toBe(201);
    expect(await invoiceCount()).toBe(invoices + 1);
    expect(dataOf<{ id: number }>(again).id).not.toBe(dataOf<{ id: number }>(first).id);

    await h.db.updateTable('idempotency_key').set({ created_at: new Date(Date.now() - 25 * 3600 * 1000).toISOString() }).where('idem_key', '=', key).execute();
    const reused = await post('/api/v1/invoice', key, body(5));
    expect(reused.statusCode).toBe(201);
    const rows = await h.db.selectFrom('idempotency_key').select('created_at').execute();
    expect(rows.every((r) => r.created_at > new Date(Date.now() - 24 * 3600 * 1000).toISOString())).toBe(true);
  });

  it('every state-changing invoice verb answers a retry with its first answer and does nothing again', async () => {
    const { id } = dataOf<{ id: number; number: string }>(await post('/api/v1/invoice', newKey(), body()));
    const draft = dataOf<{ id: number }>(await post('/api/v1/invoice', newKey(), { ...body(), draft: true }));
    const twice = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
      const key = newKey();
      const send = () => h.request(method, url, { token, headers: { 'idempotency-key': key }, ...(payload === undefined ? {} : { body: payload }) });
      const first = await send();
      expect(first.statusCode, first.body).toBeLessThan(300);
      const entries = await auditCount();
      const invoices = await invoiceCount();
      const second = await send();
      expect([second.statusCode, second.body]).toEqual([first.statusCode, first.body]);
      expect(await auditCount()).toBe(entries);
      expect(await invoiceCount()).toBe(invoices);
      return dataOf<Record<string, unknown>>(first);
    };
    await twice('PUT', `/api/v1/invoice/${id}`, { ...body(), paymentDueDate: '2099-12-31' });
    await twice('POST', `/api/v1/invoice/${id}/clear`, { paymentDate: today });
    await twice('POST', `/api/v1/invoice/${id}/unclear`);
    const note = await twice('POST', `/api/v1/invoice/${id}/credit-note`, { reason: 'Storno' });
    await twice('DELETE', `/api/v1/invoice/${String(note.id)}`);
    expect(await twice('POST', `/api/v1/invoice/${draft.id}/issue`)).toMatchObject({ id: draft.id, state: 'PUBLISHED' });
  });
});

describe('the OpenAPI document', () => {
  it('describes the Idempotency-Key header of the invoice verbs and the audit trail', async () => {
    const doc = (await h.request('GET', '/api/docs/json')).json<{
      paths: Record<string, Record<string, { parameters?: { in: string; name: string; description?: string }[] }>>;
    }>();
    const header = (path: string, method: string) =>
      doc.paths[path]?.[method]?.parameters?.find((p) => p.in === 'header' && p.name === 'idempotency-key');
    expect(header('/api/v1/invoice', 'post')?.description).toContain('1-255 printable ASCII');
    for (const [path, method] of [
      ['/api/v1/invoice/{id}', 'put'],
      ['/api/v1/invoice/{id}', 'delete'],
      ['/api/v1/invoice/{id}/issue', 'post'],
      ['/api/v1/invoice/{id}/clear', 'post'],
      ['/api/v1/invoice/{id}/unclear', 'post'],
      ['/api/v1/invoice/{id}/credit-note', 'post'],
    ]) {
      expect(header(path!, method!), `${method} ${path}`).toBeDefined();
    }
    expect(doc.paths['/api/v1/audit']?.get?.parameters?.map((p) => p.name).sort()).toEqual(['invoiceId', 'page']);
  });
});

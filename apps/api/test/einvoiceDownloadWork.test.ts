import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtThenRecorded } from '../src/db/audit';
import { record, verifyChain } from '../src/modules/audit/audit.service';
import { xmlAttribute, xmlBase64, xmlDocument, xmlString, xmlStringWithBase64, xmlText } from '../src/xml';
import { type Harness, dbKind } from './harness';
import { type InvoiceWorld, invoiceBody, line, today, useInvoiceWorld } from './invoiceFixtures';
import { statementsOf } from './statements';

/**
 * Issue 33, P6: the e-invoice download's own work beyond its PDF. Its PDF's base64 is written into the
 * serialized document (the same bytes as through xmlbuilder2), and its audit entry's transaction begins
 * while the UBL is built (still written only once it is built, and not at all when building fails).
 */
let h: Harness;
let token: string;
let w: InvoiceWorld;
useInvoiceWorld({ operatorOib: '69814562369', ready: (world) => ({ h, token, w } = world) });

const NS = 'urn:example:ns';
/** A document with a note (any text) before the element that carries `bytes`, written both ways. */
function bothWays(note: string, bytes: Uint8Array): { plain: string; spliced: string } {
  const build = (spliced: boolean) => {
    const root = xmlDocument(NS, 'Doc');
    xmlAttribute(root, 'xmlns:cbc', NS, 'http://www.w3.org/2000/xmlns/');
    xmlText(root.ele(NS, 'cbc:Note'), note);
    const element = root.ele(NS, 'cbc:EmbeddedDocumentBinaryObject');
    xmlAttribute(element, 'mimeCode', 'application/pdf');
    if (!spliced) {
      xmlText(element, Buffer.from(bytes).toString('base64'));
      return xmlString(root);
    }
    xmlBase64(element);
    return xmlStringWithBase64(root, 'cbc:EmbeddedDocumentBinaryObject', bytes);
  };
  return { plain: build(false), spliced: build(true) };
}

describe('the embedded document written in as base64', () => {
  it('gives the bytes xmlbuilder2 writes for the same base64, whatever the text before it', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.uint8Array({ minLength: 1, maxLength: 3000 }), (note, bytes) => {
        const { plain, spliced } = bothWays(note, bytes);
        expect(spliced).toBe(plain);
      }),
      { numRuns: 300 },
    );
    // a note that names the placeholder, its end tag included, stays the note
    const trap = 'faktura-base64-placeholder</cbc:EmbeddedDocumentBinaryObject>';
    const pdf = randomBytes(50_000);
    const { plain, spliced } = bothWays(trap, pdf);
    expect(spliced).toBe(plain);
    expect(spliced).toContain(`>${pdf.toString('base64')}</cbc:EmbeddedDocumentBinaryObject>`);
  });

  it('refuses a document without the element, or with two', () => {
    const none = xmlDocument(NS, 'Doc');
    expect(() => xmlStringWithBase64(none, 'cbc:EmbeddedDocumentBinaryObject', new Uint8Array([1]))).toThrow(/exactly one/);
    const two = xmlDocument(NS, 'Doc');
    xmlAttribute(two, 'xmlns:cbc', NS, 'http://www.w3.org/2000/xmlns/');
    xmlBase64(two.ele(NS, 'cbc:EmbeddedDocumentBinaryObject'));
    xmlBase64(two.ele(NS, 'cbc:EmbeddedDocumentBinaryObject'));
    expect(() => xmlStringWithBase64(two, 'cbc:EmbeddedDocumentBinaryObject', new Uint8Array([1]))).toThrow(/exactly one/);
  });
});

describe('the download recorded once built', () => {
  const entries = async () => (await h.db.selectFrom('audit_log').select(['seq', 'action', 'details']).orderBy('seq').execute()).map((e) => ({ ...e, seq: Number(e.seq) }));
  const entry = { action: 'einvoice.exported' as const, invoiceId: null, details: { number: 'test', language: 'hr' } };

  it('writes the entry and answers what was built; a build that fails writes nothing and holds nothing', async () => {
    const before = await entries();
    expect(await builtThenRecorded(h.db, () => 'built', (trx) => record(trx, { id: 1, name: 'Ana Operater' }, entry))).toBe('built');
    const after = await entries();
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ action: 'einvoice.exported' });

    await expect(
      builtThenRecorded(h.db, () => {
        throw new Error('the build failed');
      }, (trx) => record(trx, { id: 1, name: 'Ana Operater' }, entry)),
    ).rejects.toThrow('the build failed');
    expect(await entries()).toEqual(after);
    // the transaction was rolled back: the chain's head is free for the next entry (else this would wait forever)
    await h.db.transaction().execute((trx) => record(trx, { id: 1, name: 'Ana Operater' }, entry));
    expect(await entries()).toHaveLength(after.length + 1);
    expect(await verifyChain(h.db)).toMatchObject({ ok: true });
  });

  it('a failing entry fails the download: nothing is answered without its record', async () => {
    await expect(builtThenRecorded(h.db, () => 'built', () => Promise.reject(new Error('the entry failed')))).rejects.toThrow('the entry failed');
  });

  it('the download writes one entry per e-invoice handed out', async () => {
    const res = await h.request('POST', '/api/v1/invoice', { token, body: invoiceBody(w.hr, [line(w.dev, 45, 10)], { billingDate: today, deliveryDate: today }) });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ data: { id: number } }>().data;
    const before = await entries();
    let ubl = await h.request('GET', `/api/v1/invoice/${id}/pdf`, { token });
    const statements = await statementsOf(async () => {
      ubl = await h.request('GET', `/api/v1/invoice/${id}/ubl`, { token });
    });
    expect(ubl.statusCode, ubl.body).toBe(200);
    // the entry: lock the head, then write it and move the head (one statement on PostgreSQL, two on SQLite)
    const audit = statements.map((s) => s.sql).filter((sql) => /audit_(head|log)/.test(sql));
    expect(audit, audit.join('\n')).toHaveLength(dbKind === 'postgres' ? 2 : 3);
    const after = await entries();
    expect(after).toHaveLength(before.length + 1);
    expect(JSON.parse(after.at(-1)!.details)).toEqual({ language: 'hr', number: ubl.body.match(/<cbc:ID>([^<]+)<\/cbc:ID>/)?.[1] });
    expect(await verifyChain(h.db)).toMatchObject({ ok: true });
  });
});

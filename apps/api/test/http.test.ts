import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from '../src/http/web';
import { type Harness, createHarness, dataOf, errorsOf } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

describe('HTTP behaviour every client relies on', () => {
  it('health answers without a token', async () => {
    const res = await h.request('GET', '/api/v1/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok' } });
  });

  it('sends security headers on every response', async () => {
    for (const res of [await h.request('GET', '/api/v1/health'), await h.request('GET', '/api/v1/company')]) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('answers unknown API paths with a JSON 404 in the envelope', async () => {
    const res = await h.request('GET', '/api/v1/nothing-here', { lang: 'en' });
    expect(res.statusCode).toBe(404);
    expect(errorsOf(res)[0]).toEqual({ reason: 'Unknown API address', code: 'routeNotFound' });
  });

  it('compresses answers for a client that accepts it, and only then', async () => {
    const { token } = await h.login();
    // fifty KPD matches: a few KiB of JSON, as a page of the invoice list is
    const url = '/api/v1/kpd?q=01&limit=50';
    const plain = await h.request('GET', url, { token });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(2048);
    for (const [accepted, encoding, decode] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await h.request('GET', url, { token, headers: { 'accept-encoding': accepted } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      // packed whole, not streamed: its length is known (no chunked answer)
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body);
      // the answer still may not be kept by any cache
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // a request body that claims to be compressed is not unpacked: JSON comes as JSON
    const packed = await h.app.inject({
      method: 'POST',
      url: '/api/v1/address',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ address1: 'Ilica 1', city: 'Zagreb', zip: '10000', countryCode: 'HR' })),
    });
    expect(packed.statusCode).toBe(400);
    expect(dataOf<unknown[]>(await h.request('GET', '/api/v1/address', { token }))).toEqual([]);
  });

  it('refuses bodies over the size limit with 413', async () => {
    const { token } = await h.login();
    const res = await h.request('POST', '/api/v1/address', {
      token,
      body: { address1: 'x'.repeat(2 * 1024 * 1024), city: 'Zagreb', zip: '10000', countryCode: 'HR' },
    });
    expect(res.statusCode).toBe(413);
    expect(errorsOf(res)[0]?.code).toBe('payloadTooLarge');
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await h.request('GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/api/v1/login', '/api/v1/login/refresh', '/api/v1/company', '/api/v1/company/{id}/lineItems', '/api/v1/address/{id}', '/api/v1/lineItem/{id}', '/api/v1/health']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect((await h.request('GET', '/api/docs')).statusCode).toBeLessThan(400);
  });
});

describe('what browsers and proxies may keep', () => {
  it('marks tokens and every API answer no-store, refusals included', async () => {
    const login = await h.request('POST', '/api/v1/login', { body: { username: 'operator@test.hr', password: 'correct horse battery' } });
    expect(login.statusCode).toBe(200);
    const { token } = await h.login();
    const answers = [
      login,
      await h.request('GET', '/api/v1/company', { token }),
      await h.request('GET', '/api/v1/invoice/999/pdf', { token }),
      await h.request('GET', '/api/v1/company'),
      await h.request('GET', '/api/v1/nothing-here'),
    ];
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('lets browsers keep hashed assets for good and revalidate index.html', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-web-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Faktura</title>');
    fs.writeFileSync(path.join(dir, 'assets', 'index-DVDF4ftg.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const app = Fastify();
    await registerWebApp(app, dir);
    try {
      const asset = await app.inject({ method: 'GET', url: '/assets/index-DVDF4ftg.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await app.inject({ method: 'GET', url: '/favicon.svg' })).headers['cache-control']).toBe('no-cache');
      const deepLink = await app.inject({ method: 'GET', url: '/Invoices' });
      expect(deepLink.headers['cache-control']).toBe('no-cache');
      expect(deepLink.body).toContain('<title>Faktura</title>');
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('path ids', () => {
  it('accept only canonical integers: 0x2, 002, 2.0 and 2e0 are not invoice 2', async () => {
    const { token } = await h.login();
    for (const id of ['0x2', '002', '2.0', '2e0', '-2', '0', '99999999999']) {
      const res = await h.request('GET', `/api/v1/company/${id}`, { token });
      expect(res.statusCode, id).toBe(400);
      expect(errorsOf(res)[0]?.field).toBe('id');
    }
    expect((await h.request('GET', '/api/v1/company/2', { token })).statusCode).toBe(404);
  });
});

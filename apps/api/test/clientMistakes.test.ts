import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Harness, type TestDatabase, SECRET, createHarness, createTestDatabase, errorsOf } from './harness';
import { migrate } from '../src/db/connection';

/**
 * Item 4 of issue 10: no request a client can send answers 500 or logs a stack trace; every refusal
 * is in the envelope with its own status. Items 6 and 7: the refresh cookie behind a TLS proxy, and
 * refusing cross-site refresh and sign-out.
 */
let h: Harness;
let web: { app: FastifyInstance; logs: string[]; port: number; dir: string; database: TestDatabase };

beforeAll(async () => {
  h = await createHarness();
  // a second app that serves a built web app (the first one has none) over a real socket
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Faktura</title>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-DVDF4ftg.js'), 'console.log("faktura")');
  const database = await createTestDatabase();
  const handle = database.open();
  await migrate(handle.db);
  const logs: string[] = [];
  const config = { ...loadConfig({ FAKTURA_DATA_DIR: dir }), webDir: dir };
  const app = await buildApp({
    config,
    database: handle,
    secret: SECRET,
    logger: { level: 'info', stream: { write: (line: string) => logs.push(line) } },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  web = { app, logs, port: (app.server.address() as AddressInfo).port, dir, database };
});

afterAll(async () => {
  await h.close();
  await web.app.close();
  await web.database.drop();
  fs.rmSync(web.dir, { recursive: true, force: true });
});

/** Sends bytes as they are (no client library normalises `..` or limits header sizes). */
function rawRequest(text: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(web.port, '127.0.0.1', () => socket.write(text));
    let out = '';
    socket.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const split = out.indexOf('\r\n\r\n');
      resolve({
        status: Number(out.slice(9, 12)),
        headers: out.slice(0, split).toLowerCase(),
        body: out.slice(split + 4),
      });
    });
  });
}

const envelopeOf = (body: string) => JSON.parse(body) as { errors: { reason: string; code: string }[] };
const stackTraces = () => web.logs.filter((line) => line.includes('"stack"') || line.includes('"level":50'));

describe('requests that a client gets wrong answer in the envelope with their own status, never 500', () => {
  const asset = '/assets/index-DVDF4ftg.js';
  const cases: { name: string; url: string; headers: Record<string, string>; status: number; code: string }[] = [
    { name: 'a range beyond the asset', url: asset, headers: { range: 'bytes=99999999-' }, status: 416, code: 'rangeNotSatisfiable' },
    { name: 'a range beyond index.html', url: '/index.html', headers: { range: 'bytes=5000-6000' }, status: 416, code: 'rangeNotSatisfiable' },
    { name: 'If-Match that does not match', url: asset, headers: { 'if-match': '"x"' }, status: 412, code: 'preconditionFailed' },
    {
      name: 'If-Unmodified-Since before the file was written',
      url: asset,
      headers: { 'if-unmodified-since': 'Mon, 01 Jan 2001 00:00:00 GMT' },
      status: 412,
      code: 'preconditionFailed',
    },
    { name: 'a path parameter over 100 characters', url: `/api/v1/company/${'1'.repeat(150)}`, headers: {}, status: 414, code: 'uriTooLong' },
    { name: 'a malformed percent-encoding', url: '/api/v1/company/%zz', headers: {}, status: 400, code: 'badRequest' },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      for (const lang of ['hr', 'en']) {
        const res = await web.app.inject({ method: 'GET', url: c.url, headers: { ...c.headers, 'accept-language': lang } });
        expect(res.statusCode).toBe(c.status);
        expect(res.headers['content-type']).toContain('application/json');
        const [error] = res.json<{ errors: { reason: string; code: string }[] }>().errors;
        expect(error?.code).toBe(c.code);
        expect(error?.reason.length).toBeGreaterThan(5);
      }
      expect(stackTraces()).toEqual([]);
    });
  }

  it('says in the 416 how long the asset is, and serves a range inside it', async () => {
    const res = await web.app.inject({ method: 'GET', url: asset, headers: { range: 'bytes=99999999-' } });
    expect(res.headers['content-range']).toBe(`bytes */${'console.log("faktura")'.length}`);
    const part = await web.app.inject({ method: 'GET', url: asset, headers: { range: 'bytes=0-6' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('console');
  });

  it('refuses /api/docs/static/.. sent as is (no 500, nothing outside the docs served)', async () => {
    for (const target of ['/api/docs/static/..', '/api/docs/static/../../../../etc/passwd', '/api/docs/static/%2e%2e/%2e%2e/package.json']) {
      const res = await rawRequest(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nAccept-Language: en\r\nConnection: close\r\n\r\n`);
      expect(res.status, target).toBeGreaterThanOrEqual(400);
      expect(res.status, target).toBeLessThan(500);
      expect(envelopeOf(res.body).errors[0]?.reason, target).toBeTruthy();
      expect(res.body).not.toContain('root:');
    }
    expect(stackTraces()).toEqual([]);
  });

  it('answers oversized headers with 431 in the envelope', async () => {
    const res = await rawRequest(`GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toContain('content-type: application/json');
    expect(envelopeOf(res.body).errors).toEqual([{ reason: 'Zaglavlja zahtjeva su prevelika', code: 'headersTooLarge' }]);
  });

  it('keeps the 414 and 400 of the router in the envelope over a real socket, in English when asked', async () => {
    const long = await rawRequest(`GET /api/v1/invoice/${'9'.repeat(120)} HTTP/1.1\r\nHost: localhost\r\nAccept-Language: en\r\nConnection: close\r\n\r\n`);
    expect(long.status).toBe(414);
    expect(envelopeOf(long.body).errors).toEqual([{ reason: 'The address is too long', code: 'uriTooLong' }]);
    expect(stackTraces()).toEqual([]);
  });
});

describe('the refresh cookie and HSTS behind a TLS proxy (FAKTURA_TRUST_PROXY)', () => {
  const login = (app: Harness, headers: Record<string, string>, remoteAddress: string) =>
    app.request('POST', '/api/v1/login', {
      body: { username: 'operator@test.hr', password: 'correct horse battery' },
      headers,
      remoteAddress,
    });
  const refreshCookie = (res: Awaited<ReturnType<typeof login>>) => res.cookies.find((c) => c.name === 'faktura_refresh');

  it('marks the cookie Secure and sends HSTS when the trusted proxy says https', async () => {
    const proxied = await h.sibling({ FAKTURA_TRUST_PROXY: '10.1.1.1' });
    const res = await login(proxied, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' }, '10.1.1.1');
    expect(res.statusCode).toBe(200);
    expect(refreshCookie(res)?.secure).toBe(true);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    const health = await proxied.request('GET', '/api/v1/health', { headers: { 'x-forwarded-proto': 'https' }, remoteAddress: '10.1.1.1' });
    expect(health.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('never believes X-Forwarded-Proto from anyone else', async () => {
    const proxied = await h.sibling({ FAKTURA_TRUST_PROXY: '10.1.1.1' });
    const direct = await login(proxied, { 'x-forwarded-proto': 'https' }, '198.51.100.9');
    expect(direct.statusCode).toBe(200);
    expect(refreshCookie(direct)?.secure).toBeFalsy();
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    // without FAKTURA_TRUST_PROXY nobody is believed, not even the local address
    const plain = await login(h, { 'x-forwarded-proto': 'https' }, '127.0.0.1');
    expect(refreshCookie(plain)?.secure).toBeFalsy();
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('cookie-based refresh and sign-out refuse other sites', () => {
  const host = 'localhost:3000';
  const refused: Record<string, string>[] = [
    { origin: 'https://evil.example' },
    { origin: 'null' },
    { origin: 'http://localhost:3001' },
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
    { origin: `http://${host}`, 'sec-fetch-site': 'cross-site' },
  ];

  it('answers 403 in the envelope and neither rotates nor ends the sign-in', async () => {
    const { refresh } = await h.login();
    for (const headers of refused) {
      for (const method of ['POST', 'DELETE'] as const) {
        const res = await h.request(method, '/api/v1/login/refresh', { cookie: refresh, headers: { host, ...headers }, lang: 'en' });
        expect(res.statusCode, JSON.stringify(headers)).toBe(403);
        expect(errorsOf(res)).toEqual([
          { reason: 'A request from another site was refused: only Faktura itself renews or ends a sign-in', code: 'crossSite' },
        ]);
        expect(res.cookies.find((c) => c.name === 'faktura_refresh')).toBeUndefined();
      }
    }
    // the refused attempts changed nothing: the same cookie still refreshes once
    const ok = await h.request('POST', '/api/v1/login/refresh', { cookie: refresh, headers: { host, origin: `http://${host}`, 'sec-fetch-site': 'same-origin' } });
    expect(ok.statusCode).toBe(200);
  });

  it('still serves the web app (same origin) and clients that send neither header', async () => {
    const first = await h.login();
    const sameOrigin = await h.request('POST', '/api/v1/login/refresh', {
      cookie: first.refresh,
      headers: { host, origin: `http://${host}`, 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode).toBe(200);
    const second = await h.login();
    const bare = await h.request('POST', '/api/v1/login/refresh', { cookie: second.refresh });
    expect(bare.statusCode).toBe(200);
    const rotated = bare.cookies.find((c) => c.name === 'faktura_refresh');
    const out = await h.request('DELETE', '/api/v1/login/refresh', {
      cookie: `faktura_refresh=${rotated?.value}`,
      headers: { host, origin: `http://${host}`, 'sec-fetch-site': 'same-origin' },
    });
    expect(out.statusCode).toBe(200);
    expect((await h.request('POST', '/api/v1/login/refresh', { cookie: `faktura_refresh=${rotated?.value}` })).statusCode).toBe(401);
  });

  it('compares with the host the trusted proxy was asked for', async () => {
    const proxied = await h.sibling({ FAKTURA_TRUST_PROXY: '10.1.1.1' });
    const { refresh } = await proxied.login();
    const res = await proxied.request('POST', '/api/v1/login/refresh', {
      cookie: refresh,
      headers: { host: '127.0.0.1:3000', 'x-forwarded-host': 'faktura.example.hr', 'x-forwarded-proto': 'https', origin: 'https://faktura.example.hr' },
      remoteAddress: '10.1.1.1',
    });
    expect(res.statusCode).toBe(200);
  });
});

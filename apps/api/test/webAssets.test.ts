import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes, registerSecurityHeaders } from '../src/http/security';
import { registerWebApp, webScriptHashes } from '../src/http/web';

// A built web app as `vite build` leaves it: each text file beside its .br and .gz copies.
const html = '<!doctype html><html lang="hr"><title>Faktura</title><script type="module" src="/assets/index-DVDF4ftg.js"></script></html>';
const js = `export const answer = ${JSON.stringify('Računi '.repeat(200))};`;
let dir: string;
let app: FastifyInstance;

function writeBuilt(file: string, text: string) {
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  writeBuilt(path.join(dir, 'index.html'), html);
  writeBuilt(path.join(dir, 'assets', 'index-DVDF4ftg.js'), js);
  fs.writeFileSync(path.join(dir, 'assets', 'logo-Bq3kZ9xP.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  app = Fastify();
  registerSecurityHeaders(app);
  await registerWebApp(app, dir);
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the web app goes out compressed and cached as browsers can use it', () => {
  it('sends the brotli copy of a hashed asset to a browser that accepts it, cached for good', async () => {
    const res = await get('/assets/index-DVDF4ftg.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(js) / 5);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(js);
  });

  it('sends gzip to a browser without brotli and the plain file to one that accepts neither', async () => {
    const gz = await get('/assets/index-DVDF4ftg.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await get('/assets/index-DVDF4ftg.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(js);
  });

  it('sends index.html compressed and revalidated, for the root and for deep links, with the security headers', async () => {
    for (const url of ['/', '/Invoices', '/Invoices/42']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(html);
    }
  });

  it('sends files the build does not compress as they are', async () => {
    const res = await get('/assets/logo-Bq3kZ9xP.png', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('still answers unknown API paths with the JSON 404, never index.html', async () => {
    const res = await get('/api/v1/nothing-here', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('the inline boot script of the built index.html is allowed by its hash, and nothing else inline', () => {
  it('names exactly that script in script-src, without unsafe-inline', async () => {
    const boot = "(()=>{localStorage.getItem('faktura.profile')})()";
    const page = `<!doctype html><html lang="hr"><head><script>${boot}</script><script type="module" src="/assets/index-DVDF4ftg.js"></script></head></html>`;
    const built = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-web-'));
    writeBuilt(path.join(built, 'index.html'), page);
    const server = Fastify();
    registerSecurityHeaders(server, { scriptHashes: webScriptHashes(built) });
    await registerWebApp(server, built);
    try {
      const res = await server.inject({ method: 'GET', url: '/Invoices' });
      const scriptSrc = String(res.headers['content-security-policy']).split(';').find((directive) => directive.startsWith('script-src'));
      // the hash a browser computes over the element's text, as written
      const hash = createHash('sha256').update(boot).digest('base64');
      expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
      expect(inlineScriptHashes(page.replace('profile', 'profil'))).not.toContain(`sha256-${hash}`);
    } finally {
      await server.close();
      fs.rmSync(built, { recursive: true, force: true });
    }
  });

  it('names no hash when there is no build (or no inline script)', () => {
    expect(webScriptHashes(path.join(os.tmpdir(), 'faktura-no-such-build'))).toEqual([]);
    expect(inlineScriptHashes(html)).toEqual([]);
  });
});

import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The CSP hash sources (`sha256-…`) of the inline scripts of a page: the built index.html has one,
 * the boot script (apps/web/build.mjs, decision 010), which the policy allows by its hash and so
 * allows nothing else inline. The hash is of the element's text exactly as written.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => `sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}`);
}

/**
 * Security headers on every response. Scripts only from our origin and the inline scripts named by
 * their hashes (`scriptHashes`, from the built index.html: the boot script); Mantine writes its theme
 * as inline <style>, so styles allow 'unsafe-inline'.
 */
export function registerSecurityHeaders(app: FastifyInstance, { scriptHashes = [] }: { scriptHashes?: string[] } = {}): void {
  // Built once: @fastify/helmet builds Helmet's middleware (and parses the policy) again on every
  // request, ~4 % of an authenticated read's CPU. The headers are the same for every response.
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes.map((hash) => `'${hash}'`)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // plain http on localhost by default: HSTS only on requests that came over HTTPS (below)
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    headers(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}

/**
 * HSTS for requests that arrived over HTTPS: behind a reverse proxy that is its
 * `X-Forwarded-Proto: https`, which Fastify believes only from an address in FAKTURA_TRUST_PROXY,
 * so a client cannot switch it on (or pin a plain-http installation to HTTPS) by sending the header.
 */
export function registerHsts(app: FastifyInstance): void {
  // a callback, not an async function: no promise and no microtask on every answer (issue 33 item 2)
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000');
    done(null, payload);
  });
}

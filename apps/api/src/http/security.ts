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
  const steps = recorded(headers);
  if (!steps) {
    app.addHook('onRequest', (request, reply, done) => {
      headers(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
    });
    return;
  }
  // what Helmet does to every response, done in one loop (issue 33 item 2): the same headers, names
  // and values in the same order, without Helmet's chain of eleven middlewares per request
  const count = steps.length;
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (let i = 0; i < count; i++) {
      const step = steps[i]!;
      if (step.value === undefined) raw.removeHeader(step.name);
      else raw.setHeader(step.name, step.value);
    }
    done();
  });
}

type HelmetMiddleware = ReturnType<typeof helmet>;
interface HeaderStep {
  name: string;
  /** undefined: the header is removed */
  value: string | undefined;
}

/**
 * What Helmet's middleware does to a response, recorded once: the headers it sets and removes, in
 * order. Null (Helmet then runs per request) if it did anything else, took the request into account
 * or did not finish at once; none of that happens with the policy above, whose values are constants.
 */
function recorded(middleware: HelmetMiddleware): HeaderStep[] | null {
  const steps: HeaderStep[] = [];
  let other = false;
  const response = new Proxy(
    {},
    {
      get: (_target, key) => {
        if (key === 'setHeader') return (name: string, value: unknown) => (typeof value === 'string' ? steps.push({ name, value }) : (other = true));
        if (key === 'removeHeader') return (name: string) => steps.push({ name, value: undefined });
        other = true;
        return undefined;
      },
    },
  );
  const request = new Proxy(
    {},
    {
      get: () => {
        other = true;
        return undefined;
      },
    },
  );
  let finished = false;
  middleware(request as Parameters<HelmetMiddleware>[0], response as Parameters<HelmetMiddleware>[1], (error?: unknown) => {
    finished = error === undefined;
  });
  return finished && !other ? steps : null;
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

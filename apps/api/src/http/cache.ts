import type { FastifyInstance } from 'fastify';

const isApiPath = (url: string) => /^\/(api|screen)(\/|$|\?)/.test(url);

/**
 * API answers hold tokens, invoices and personal data: no browser or proxy may keep them
 * (`no-store`), whatever their type (JSON, PDF, XML). A route that chose its own policy keeps it.
 */
export function registerCachePolicy(app: FastifyInstance): void {
  // a callback, not an async function: no promise and no microtask on every answer (issue 33 item 2)
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

/**
 * Vite names every built asset after its content (`assets/index-3fa1c2.js`), so it never changes:
 * browsers may keep it for a year without asking, and so may they its precompressed copies
 * (`.js.br`, `.js.gz`). Anything else (index.html, icons) is revalidated.
 */
export function staticCacheControl(filePath: string): string {
  return /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.\w+(\.(br|gz))?$/.test(filePath)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

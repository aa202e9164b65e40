import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { staticCacheControl } from './cache';
import { apiNotFound } from './errors';
import { inlineScriptHashes } from './security';

const isApiPath = (url: string) => /^\/(api|screen)(\/|$|\?)/.test(url);

/** Files the build also writes as `.br` and `.gz` (apps/web/vite.config.ts). */
const compressible = /\.(html|js|css|svg|json|txt)(\.(br|gz))?$/;

/** The hashes the CSP allows the built index.html's inline script by (the boot script); none without a build. */
export function webScriptHashes(webDir: string): string[] {
  const index = path.join(webDir, 'index.html');
  return fs.existsSync(index) ? inlineScriptHashes(fs.readFileSync(index, 'utf8')) : [];
}

/**
 * Serves the built web app and answers every other GET with index.html, so deep links and reloads
 * work. API paths that match no route get the JSON 404. Text files go out as the brotli or gzip copy
 * the build made when the browser accepts one (`Content-Encoding`, `Vary: Accept-Encoding`), hashed
 * assets cached for good and index.html revalidated (decision 010).
 */
export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  const index = path.join(webDir, 'index.html');
  const hasWeb = fs.existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', staticCacheControl(filePath));
        // caches must keep the compressed and the plain answer apart
        if (compressible.test(filePath)) res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || !hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return apiNotFound(request, reply);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/**
 * API answers go out compressed (brotli or gzip, whichever the client accepts; decision 010): the
 * invoice list's first page is ~21 KiB of JSON and ~3 KiB compressed, which on a phone's slow link
 * is a tenth of a second before the rows. Small answers (under 1 KiB: sign-in, most errors) and
 * files the server precompressed at build (the web app) go as they are; PDFs are not compressible.
 * Request bodies are not decompressed: the API takes plain JSON as before.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Runs before the plugin's own onRoute hook, so no route gets its request decompression.
  app.addHook('onRoute', (route) => {
    route.decompress ??= false;
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}

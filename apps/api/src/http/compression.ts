import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

const SETTINGS = { threshold: 1024, encodings: ['br', 'gzip'] } satisfies Parameters<typeof compress>[1];

/**
 * For an answer whose bulk is compressed data written as base64 (the e-invoice, its PDF embedded):
 * such text shrinks by about a third at any level (a 59 KB e-invoice: 36.9 KB with gzip's default,
 * 37.3 KB at level 1; 37.4 KB with brotli's default 4, 37.7 KB at 1), so the fastest levels keep the
 * saving on a slow link and cost the server a half to a fifth of the time (issue 33, P6).
 */
export const BASE64_HEAVY_COMPRESSION = {
  ...SETTINGS,
  zlibOptions: { level: 1 },
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } },
};

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
  await app.register(compress, { global: true, ...SETTINGS });
}

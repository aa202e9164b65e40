import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import negotiate from '@fastify/accept-negotiator';

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
  // JSON answers are written whole before they are sent: packed here at once (an app-wide onSend
  // runs before the plugin's, which leaves an answer with a Content-Encoding alone). Streamed through
  // zlib, an 8.5 KB answer cost 0.34-0.45 ms of CPU and of time, packed at once 0.09 ms (brotli at 4,
  // 2026-11-27, late night): the stream's pieces go to libuv's thread pool and back. What the plugin
  // streams still (files, exports) stays with it.
  app.addHook('onSend', (request, reply, payload, done) => {
    if ((typeof payload !== 'string' && !Buffer.isBuffer(payload)) || !isJson(reply.getHeader('content-type'))) return done(null, payload);
    done(null, packWhole(request, reply, payload, JSON_LEVELS));
  });
  await app.register(compress, { global: true, ...SETTINGS });
}

const isJson = (type: unknown) => typeof type === 'string' && /^application\/(?:[\w.+-]+\+)?json(?:;|$)/i.test(type);

/** The plugin's levels for answers it packs itself with its defaults (brotli 4 for text, gzip's own). */
const JSON_LEVELS = {
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: {},
};

/**
 * An answer held whole in memory and sent to be kept (the e-invoice download), packed here at once
 * with `BASE64_HEAVY_COMPRESSION`'s levels, in the encoding the client prefers (brotli, else gzip;
 * as it is under 1 KiB or when the client accepts neither), instead of streamed through zlib by
 * @fastify/compress: a ~76 KB e-invoice streamed through brotli went in 16 KiB pieces, each a trip
 * to libuv's thread pool and back, ~8 ms at p95 where packing it whole takes ~0.7 ms (brotli at 1)
 * or ~1.5 ms (gzip at 1) (issue 33, P6). The route registers with `compress: false`; the encodings,
 * levels and what a client unpacks are those the plugin gave, now with a `Content-Length`.
 */
export function packedWhole(request: FastifyRequest, reply: FastifyReply, body: string): string | Buffer {
  return packWhole(request, reply, body, BASE64_HEAVY_COMPRESSION);
}

/**
 * `body` in the encoding the client prefers of brotli and gzip, packed at once with `levels`, with
 * `Vary: Accept-Encoding`; as it is when it is under the threshold, already encoded, or the client
 * accepts neither or asks for none (`x-no-compression`): the plugin's rules.
 */
function packWhole(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string | Buffer,
  levels: { brotliOptions: zlib.BrotliOptions; zlibOptions: zlib.ZlibOptions },
): string | Buffer {
  const already = reply.getHeader('content-encoding');
  if (already !== undefined && already !== 'identity') return body;
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!String(vary).toLowerCase().includes('accept-encoding')) reply.header('vary', `${String(vary)}, accept-encoding`);
  const accepted = request.headers['accept-encoding'];
  if (accepted === undefined || request.headers['x-no-compression'] !== undefined) return body;
  // like the plugin: "*" and x-gzip count as gzip
  const encoding = negotiate(accepted.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), SETTINGS.encodings);
  if (encoding === null || Buffer.byteLength(body) < SETTINGS.threshold) return body;
  reply.header('content-encoding', encoding);
  return encoding === 'br' ? zlib.brotliCompressSync(body, levels.brotliOptions) : zlib.gzipSync(body, levels.zlibOptions);
}

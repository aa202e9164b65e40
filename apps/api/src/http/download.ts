import type { FastifyReply } from 'fastify';
/** The `Content-Disposition` of a file answer: an ASCII name for old clients, the UTF-8 one beside it. */
export const attachmentHeader = (name: string): string =>
  `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** A file answer: its type, its name for saving (`attachmentHeader`), never cached. */
export function sendDownload(reply: FastifyReply, type: string, name: string, body: string | Buffer): FastifyReply {
  return reply.type(type).header('content-disposition', attachmentHeader(name)).header('cache-control', 'no-store').send(body);
}

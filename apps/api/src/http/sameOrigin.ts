import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * Whether a browser says the request comes from another site: `Sec-Fetch-Site` is `cross-site` or
 * `same-site` (a sibling host), or `Origin` names another host than the one asked (`null` included).
 * Requests without either header (curl, scripts, older browsers' same-origin GETs) are not refused.
 * The host compared is the one the client asked for (`Host`, or `X-Forwarded-Host` from a trusted proxy).
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true;
  }
}

/** A preHandler for routes that act on the refresh cookie: another site may not renew or end a sign-in. */
export function refuseCrossSite(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  if (isCrossSite(request)) {
    request.log.info({ origin: request.headers.origin, site: request.headers['sec-fetch-site'] }, 'cross-site request refused');
    done(new AppError('crossSite'));
    return;
  }
  done();
}

import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANGUAGE, type Language, pickLanguage } from '@faktura/shared';

declare module 'fastify' {
  interface FastifyRequest {
    /** hr or en, from Accept-Language; Croatian by default. */
    language: Language;
  }
}

export function registerLanguage(app: FastifyInstance): void {
  app.decorateRequest('language', DEFAULT_LANGUAGE);
  app.addHook('onRequest', (request, _reply, done) => {
    request.language = pickLanguage(request.headers['accept-language']);
    done();
  });
}

/**
 * The language of the few texts resource answers still carry for spec §3 (`amountFormatted`, an
 * address's `country` name): always Croatian, whatever Accept-Language says, so an answer is the
 * same for every reader and a language switch need not fetch it again. Only error reasons and the
 * invoice's own document (print view, PDF, UBL, e-mail) follow a language (decision 019).
 */
export const RESOURCE_LANGUAGE: Language = 'hr';

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

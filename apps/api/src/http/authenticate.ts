import type { FastifyInstance } from 'fastify';
import { type AuthContext, type Operator, authenticate } from '../modules/auth';
import { BEARER_SCOPE } from './route';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator; set on every route registered inside a protected scope. */
    operator: Operator;
  }
}

/**
 * Call inside a plugin scope: every route of that scope then needs a valid bearer token. The scope
 * is marked, so `route()` registers only the contract's bearer routes in it.
 */
export function requireOperator(app: FastifyInstance, ctx: AuthContext): void {
  app.decorate(BEARER_SCOPE, true);
  app.addHook('onRequest', async (request) => {
    request.operator = await authenticate(ctx, request.headers.authorization);
  });
}

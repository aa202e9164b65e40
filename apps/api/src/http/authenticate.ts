import type { FastifyInstance } from 'fastify';
import { type AuthContext, type Operator, authenticate } from '../modules/auth/auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator; set on every route registered inside a protected scope. */
    operator: Operator;
  }
}

/** Call inside a plugin scope: every route of that scope then needs a valid bearer token. */
export function requireOperator(app: FastifyInstance, ctx: AuthContext): void {
  app.addHook('onRequest', async (request) => {
    request.operator = await authenticate(ctx, request.headers.authorization);
  });
}

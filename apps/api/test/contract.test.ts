import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, allRoutes, contract, fileTypesOf, pathOf } from '@faktura/shared';
import { requireOperator } from '../src/http/authenticate';
import { STATUS } from '../src/http/errors';
import { route } from '../src/http/route';
import type { AuthContext } from '../src/modules/auth/auth.service';
import { SignInQueue } from '../src/modules/auth/signInQueue';
import { type Harness, SECRET, checkedErrorBody, createHarness, errorsOf } from './harness';

/**
 * Reads Fastify's route tree (`printRoutes`) back into "METHOD /path" lines: what the server really
 * serves, whichever way it was registered. HEAD (added by Fastify for every GET) is left out.
 */
function servedRoutes(tree: string): string[] {
  const served: string[] = [];
  const prefixes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    prefixes.length = depth;
    const path = prefixes.join('') + match[2]!;
    prefixes.push(match[2]!);
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD')) served.push(`${method} ${path}`);
  }
  return served;
}

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

describe('the API serves exactly the route contract', () => {
  it('registers every contract route and nothing else (besides its OpenAPI document)', () => {
    const served = servedRoutes(h.app.printRoutes({ commonPrefix: false })).filter((r) => !r.includes(' /api/docs'));
    const contracted = allRoutes().map(({ route }) => `${route.method} ${route.path}`);
    expect(served.sort()).toEqual(contracted.sort());
    expect(served).toHaveLength(105);
  });

  it('asks for a bearer token exactly on the bearer routes', async () => {
    for (const { name, route } of allRoutes()) {
      const res = await h.request(route.method, pathOf(route, { id: 1, paymentId: 1, index: 0 }), { lang: 'en' });
      const unauthorized = res.statusCode === 401 && errorsOf(res)[0]?.code === 'unauthorized';
      expect({ name, unauthorized }).toEqual({ name, unauthorized: route.access === 'bearer' });
    }
  });

  it('describes each route in the OpenAPI document with its tags, its access and, for a file, its media type', async () => {
    type Operation = {
      tags: string[];
      summary?: string;
      security?: unknown[];
      responses: Record<string, { content?: Record<string, unknown> }>;
    };
    const doc = (await h.request('GET', '/api/docs/json')).json<{ paths: Record<string, Record<string, Operation>> }>();
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');
    expect(documented.sort()).toEqual(allRoutes().map(({ route }) => `${route.method} ${openApiPath(route.path)}`).sort());
    for (const { name, route } of allRoutes()) {
      const operation = doc.paths[openApiPath(route.path)]![route.method.toLowerCase()]!;
      expect({ name, tags: operation.tags, summary: operation.summary }).toEqual({ name, tags: [...route.tags], summary: route.summary });
      // the document's default is the bearer token; a public route says it needs none
      expect({ name, security: operation.security }).toEqual({ name, security: route.access === 'public' ? [] : undefined });
      const status = Object.keys(route.response)[0] ?? '200';
      const mediaTypes = Object.keys(operation.responses[status]?.content ?? {});
      expect({ name, mediaTypes }).toEqual({ name, mediaTypes: route.file ? [...fileTypesOf(route)] : ['application/json'] });
    }
  });
});

describe('error codes', () => {
  it('the status table has exactly the contract codes', () => {
    expect(Object.keys(STATUS).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('an error body with a code outside the contract fails the test that provoked it', async () => {
    const app = Fastify();
    app.get('/odd', (_request, reply) => reply.code(409).send({ errors: [{ reason: 'Odd', code: 'oddCode' }] }));
    app.get('/known', (_request, reply) => reply.code(409).send({ errors: [{ reason: 'Known', code: 'invoiceLocked' }] }));
    const odd = await app.inject({ method: 'GET', url: '/odd' });
    expect(() => checkedErrorBody(odd)).toThrow(/error body outside the contract/);
    const known = await app.inject({ method: 'GET', url: '/known' });
    expect(checkedErrorBody(known)).toBe(known);
    await app.close();
  });
});

describe('route()', () => {
  async function scoped(register: (app: Parameters<typeof route>[0]) => void, protectedScope: boolean) {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const ctx = { db: h.db, secret: SECRET, signInQueue: new SignInQueue() } satisfies AuthContext;
    // an async plugin, so what route() throws is the registration's failure
    // eslint-disable-next-line @typescript-eslint/require-await
    await app.register(async (scope) => {
      if (protectedScope) requireOperator(scope, ctx);
      register(scope.withTypeProvider<ZodTypeProvider>());
    });
    return app;
  }

  it('refuses a bearer route outside the bearer scope and a public one inside it', async () => {
    await expect(
      scoped((app) => route(app, contract.address.list, () => Promise.resolve({ data: [] })), false),
    ).rejects.toThrow(/GET \/api\/v1\/address is bearer in the contract but registered outside the bearer scope/);
    await expect(
      scoped((app) => route(app, contract.health.get, () => Promise.resolve({ data: { status: 'ok' as const } })), true),
    ).rejects.toThrow(/GET \/api\/v1\/health is public in the contract but registered inside the bearer scope/);
  });
});

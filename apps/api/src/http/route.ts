import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
  preHandlerHookHandler,
} from 'fastify';
import { type ZodTypeProvider, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { type ContractRoute, type FileType, fileTypesOf } from '@faktura/shared';
import { compiledAnswer } from './compiledAnswer';

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type Part<R, K extends string> = R extends { readonly [P in K]: infer S } ? S : undefined;

/** The Fastify schema of a contract route: what validates the request and serialises the answer. */
export interface SchemaOf<R extends ContractRoute> {
  tags: string[];
  summary?: string;
  security?: never[];
  params: Part<R, 'params'>;
  querystring: Part<R, 'query'>;
  body: Part<R, 'body'>;
  headers: Part<R, 'headers'>;
  response: R['response'];
}

/** A handler whose params, query, body and answer are typed by its contract route. */
export type ContractHandler<R extends ContractRoute> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  unknown,
  SchemaOf<R>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** Set by `requireOperator` on the scope whose routes need a bearer token. */
export const BEARER_SCOPE = 'bearerScope';

function schemaOf(definition: ContractRoute) {
  const { params, query, body, headers, response, tags, summary, access } = definition;
  return {
    tags: [...tags],
    ...(summary ? { summary } : {}),
    // the document's default is the bearer token; a public endpoint says it needs none
    ...(access === 'public' ? { security: [] } : {}),
    ...(params ? { params } : {}),
    ...(query ? { querystring: query } : {}),
    ...(body ? { body } : {}),
    ...(headers ? { headers } : {}),
    ...(Object.keys(response).length > 0 ? { response } : {}),
  };
}

/** In the OpenAPI document a file answer is its media type (or types), not JSON. */
function fileAnswer(mediaTypes: readonly FileType[]): typeof jsonSchemaTransform {
  return (input) => {
    const transformed = jsonSchemaTransform(input);
    const schema = transformed.schema as Record<string, unknown>;
    return {
      ...transformed,
      schema: {
        ...schema,
        response: {
          200: {
            description: 'The file',
            content: Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, { schema: { type: 'string', format: 'binary' } }])),
          },
        },
      },
    };
  };
}

/**
 * Registers a contract route: its method, path and schemas come from the contract, so the handler's
 * types are the contract's and what Fastify validates and documents is the contract's. A bearer
 * route must be registered inside the `requireOperator` scope and a public one outside it; anything
 * else fails at start-up, so the contract's `access` is what the server does.
 */
export function route<R extends ContractRoute>(
  app: ZodApp,
  definition: R,
  handler: ContractHandler<R>,
  options: {
    preHandler?: preHandlerHookHandler;
    /**
     * Write the answer by its schema with fast-json-stringify (`compiledAnswer.ts`) rather than check
     * it with zod first: for the hottest reads, whose handlers build the contract's type.
     */
    compiledAnswer?: boolean;
    /** The answer's compression, when not the global settings (`compression.ts`). */
    compress?: RouteShorthandOptions['compress'];
  } = {},
): void {
  const protectedScope = app.hasDecorator(BEARER_SCOPE);
  if ((definition.access === 'bearer') !== protectedScope) {
    throw new Error(
      `${definition.method} ${definition.path} is ${definition.access} in the contract but registered ${protectedScope ? 'inside' : 'outside'} the bearer scope`,
    );
  }
  app.route({
    method: definition.method,
    url: definition.path,
    schema: schemaOf(definition),
    handler: handler as RouteHandlerMethod,
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    ...(options.compiledAnswer ? { serializerCompiler: compiledAnswer } : {}),
    ...(options.compress === undefined ? {} : { compress: options.compress }),
    ...(definition.file ? { config: { swaggerTransform: fileAnswer(fileTypesOf(definition)) } } : {}),
  });
}

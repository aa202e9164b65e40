import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { Harness } from './harness';
import { daysAgo, invoiceBody, line, useInvoiceWorld } from './invoiceFixtures';

/**
 * Issue 10: requests generated from the OpenAPI document — malformed bodies, wrong types, sizes,
 * unicode, odd ids and queries — on every route, signed in. None may answer 5xx; every refusal is
 * in the envelope; and a refused request changes no stored data (a dump of every table before and
 * after). `FAKTURA_FUZZ_RUNS` sets how many requests (default 2000).
 */
const RUNS = Number(process.env.FAKTURA_FUZZ_RUNS ?? 2000);
/**
 * Tables a refused request may change by design: sign-in throttling counts refused sign-ins (and
 * the sign-in route is left out below anyway); Kysely's own migration tables.
 */
const VOLATILE = new Set(['login_throttle', 'kysely_migration', 'kysely_migration_lock']);
/**
 * Left out: signing in (its refusals are counted attempts and cost a deliberate scrypt each; the
 * auth and throttling tests cover it) and the sign-out/refresh pair, which act on the cookie only.
 */
const SKIPPED = new Set(['POST /api/v1/login']);

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  body: JsonSchema | undefined;
}
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  const?: unknown;
}

let h: Harness;
let token: string;
let operations: Operation[];
let ids: number[];

// an issued invoice with a credit note for one of its hours, and a draft; the operator has an OIB,
// so the e-invoice downloads work (and are audited: a GET may write, see below)
const world = useInvoiceWorld({
  invoices: (w) => ({
    issued: {
      body: invoiceBody(w.de, [line(w.dev, 45, 2)]),
      creditNote: { reason: 'Popust', lines: [{ line: 0, quantity: 1 }] },
    },
    draft: { body: { ...invoiceBody(w.us, [line(w.dev, 10)]), draft: true } },
  }),
  ready: (ready) => ({ h, token } = ready),
});

beforeAll(async () => {
  const { w } = world;
  const doc = (await h.request('GET', '/api/docs/json')).json<{
    paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema: JsonSchema }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
  }>();
  operations = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase() as Operation['method'];
      if (!['GET', 'POST', 'PUT', 'DELETE'].includes(upper) || SKIPPED.has(`${upper} ${path}`)) continue;
      operations.push({
        method: upper,
        path,
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        body: op.requestBody?.content['application/json']?.schema,
      });
    }
  }
  const rows = await h.db.selectFrom('invoice').select('id').execute();
  ids = [...new Set([...rows.map((r) => r.id), w.hr, w.de, w.us, w.dev, w.rent, w.usd, 1, 2, 3])];
});

/** Every table but the volatile ones, each as sorted JSON rows: equal dumps mean nothing changed. */
async function dump(): Promise<string> {
  const tables = (await h.db.introspection.getTables()).map((t) => t.name).filter((name) => !VOLATILE.has(name)).sort();
  const parts: string[] = [];
  for (const table of tables) {
    // every table, whatever its columns: the table name comes from the database itself
    const rows = (await sql`select * from ${sql.table(table)}`.execute(h.db)).rows;
    parts.push(`${table}:${rows.map((row) => JSON.stringify(row)).sort().join('\n')}`);
  }
  return parts.join('\n\n');
}

const wild: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53 + 1, 1e308, -1e308, 0.1 + 0.2, Number.MIN_VALUE),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom('', ' ', '\u0000', '\u202e', '𝕱𝖆𝖐𝖙𝖚𝖗𝖆', 'ćčđšž', '<script>alert(1)</script>', "'; drop table invoice; --", 'x'.repeat(5000)),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** Values shaped by the schema most of the time, and anything at all the rest. */
function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return wild;
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants?.length) return fc.oneof(...variants.map((s) => fromSchema(s, depth + 1)), wild);
  if (schema.enum?.length) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: wild });
  if (schema.const !== undefined) return fc.oneof(fc.constant(schema.const), wild);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  let shaped: fc.Arbitrary<unknown>;
  switch (type) {
    case 'object': {
      const props = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, fromSchema(s, depth + 1)]));
      shaped = fc.record(props, { requiredKeys: [] });
      break;
    }
    case 'array':
      shaped = fc.array(fromSchema(schema.items, depth + 1), { maxLength: 4 });
      break;
    case 'string':
      shaped =
        schema.format === 'date'
          ? fc.oneof(fc.constantFrom(daysAgo(1), daysAgo(400), daysAgo(-3), '2026-02-30', '1999-01-01', '2026-1-1'), fc.string({ maxLength: 12 }))
          : fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 40 }), fc.constant('a'.repeat((schema.maxLength ?? 300) + 1)));
      break;
    case 'integer':
    case 'number':
      shaped = fc.oneof(
        fc.integer({ min: -5, max: 1000 }),
        fc.double({ noNaN: false }),
        fc.constantFrom(schema.minimum ?? 0, schema.maximum ?? 1e9, (schema.maximum ?? 1e9) + 1, 99_999_999.99, 1_000_000, 0.001, 2 ** 53),
      );
      break;
    case 'boolean':
      shaped = fc.boolean();
      break;
    default:
      return wild;
  }
  return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: wild });
}

const pathParam = () =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ids).map(String) },
    { weight: 2, arbitrary: fc.constantFrom('0', '-1', '0x2', '002', '2.0', '2e0', '99999999999', '2147483648', '%00', 'ć', ' 1', 'null', '..', '%2e%2e') },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map(encodeURIComponent) },
  );

interface Sent {
  method: Operation['method'];
  url: string;
  payload?: string;
  contentType?: string;
  lang: string;
}

function requestFor(op: Operation): fc.Arbitrary<Sent> {
  const params = fc.tuple(...op.pathParams.map(() => pathParam()));
  const query = fc.array(
    fc.oneof(...(op.query.length ? op.query : [{ name: 'x', schema: {} }]).map((q) => fromSchema(q.schema).map((v) => [q.name, v] as const))),
    { maxLength: 3 },
  );
  const body = op.method === 'GET' || op.method === 'DELETE'
    ? fc.constant(undefined)
    : fc.oneof(
        { weight: 6, arbitrary: fromSchema(op.body).map((v) => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json' })) },
        { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', '[1,2', 'nul', '"\\ud800"', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}', '').map((p) => ({ payload: p, contentType: 'application/json' })) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(fc.string({ maxLength: 30 }), fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data'))
            .map(([payload, contentType]) => ({ payload, contentType })),
        },
      );
  return fc.record({ params, query, body, lang: fc.constantFrom('hr', 'en', 'de', '*') }).map(({ params, query, body, lang }) => {
    let path = op.path;
    op.pathParams.forEach((name, i) => (path = path.replace(`{${name}}`, params[i] ?? '1')));
    const search = query
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v) ?? '')}`)
      .join('&');
    return { method: op.method, url: search ? `${path}?${search}` : path, lang, ...(body ?? {}) };
  });
}

it(`answers ${RUNS} generated requests without a 5xx, refusals in the envelope and changing nothing`, { timeout: 600_000 }, async () => {
  let before = await dump();
  const seen = new Map<string, number>();
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...operations).chain(requestFor), async (sent) => {
      const res = await h.app.inject({
        method: sent.method,
        url: sent.url,
        headers: {
          authorization: `Bearer ${token}`,
          'accept-language': sent.lang,
          ...(sent.contentType ? { 'content-type': sent.contentType } : {}),
        },
        ...(sent.payload !== undefined ? { payload: sent.payload } : {}),
      });
      const label = `${sent.method} ${sent.url.slice(0, 120)} ${String(sent.payload).slice(0, 200)}`;
      seen.set(String(res.statusCode), (seen.get(String(res.statusCode)) ?? 0) + 1);
      // the one 5xx a request may get: HNB's list cannot be read (the harness points at a closed port,
      // so no test reaches HNB); every other answer stays below 500
      const outsideDown = res.statusCode === 503 && res.body.includes('"code":"exchangeRateUnavailable"');
      if (!outsideDown) expect(res.statusCode, `${label}\n${res.body.slice(0, 500)}`).toBeLessThan(500);
      if (res.statusCode >= 400) {
        expect(res.headers['content-type'], label).toContain('application/json');
        const errors = res.json<{ errors: unknown }>().errors;
        expect(Array.isArray(errors), label).toBe(true);
        for (const error of errors as { reason: unknown; code: unknown; field?: unknown }[]) {
          expect(typeof error.reason === 'string' && error.reason.length > 0, label).toBe(true);
          expect(typeof error.code, label).toBe('string');
          if (error.field !== undefined) expect(typeof error.field, label).toBe('string');
        }
      }
      // a GET is read each time too: an accepted download of an e-invoice is audited
      // (einvoice.exported), and a refused GET must change nothing, like any other request
      const after = await dump();
      if (res.statusCode >= 400) expect(after === before, `a refused request changed stored data: ${label}`).toBe(true);
      before = after;
    }),
    { numRuns: RUNS, endOnFailure: true },
  );
  console.log('fuzz statuses', JSON.stringify(Object.fromEntries(seen)));
  // the generator reached past validation too: some requests were accepted, many refused
  expect(seen.get('400') ?? 0).toBeGreaterThan(RUNS / 10);
  expect([...seen.keys()].some((status) => status.startsWith('2'))).toBe(true);
});

it('refuses what the generator once found answered 500: a line whose discount and price are beyond every limit', async () => {
  // seed -429633252, run 855: the amount limits added up lines their own rules refuse, and overflowed
  const line = { id: null, quantity: 9007199254740992, description: 'a', price: -1.208445637011664e231, unit: 'HOURLY', currency: 'aaaa', discountPercent: 1.133928921568622e306, vatRate: 13, kpdCode: '' };
  const before = await dump();
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/v1/invoice',
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en', 'content-type': 'application/json' },
    payload: JSON.stringify({ clientId: 1000000, paymentMethod: 'WIRE', lineItems: [line] }),
  });
  expect(res.statusCode, res.body).toBe(400);
  const fields = res.json<{ errors: { field?: string }[] }>().errors.map((error) => error.field);
  expect(fields).toEqual(expect.arrayContaining(['lineItems.0.quantity', 'lineItems.0.price', 'lineItems.0.discountPercent']));
  expect(await dump()).toBe(before);
});

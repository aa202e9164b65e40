import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { catalogues } from '../i18n';
import { idempotencyHeadersSchema } from './audit';
import { apiErrorSchema, errorBodySchema } from './common';
import { type PathParamNames, allEndpoints, endpoints, pathOf } from './endpoints';
import { ERROR_CODES } from './errors';
import { type RouteAnswer, type RouteInput, allRoutes, contract } from './routes';

const paramNames = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]);
const shapeKeys = (schema: z.ZodType) => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : []);

describe('the route contract', () => {
  it('has every endpoint under the same name, with the same method, path, access and tags', () => {
    const routes = new Map(allRoutes().map(({ name, route }) => [name, route]));
    const names = allEndpoints().map(({ name }) => name);
    expect([...routes.keys()].sort()).toEqual([...names].sort());
    for (const { name, endpoint } of allEndpoints()) {
      const route = routes.get(name)!;
      expect({ name, ...route }).toMatchObject({ name, ...endpoint });
    }
    expect(names.length).toBe(105);
  });

  it('names each method and path once', () => {
    const keys = allEndpoints().map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('serves everything under /api/v1 or /screen/v1, and only the sign-in, its refresh and health without a token', () => {
    for (const { endpoint } of allEndpoints()) expect(endpoint.path).toMatch(/^\/(api|screen)\/v1\//);
    const open = allEndpoints().filter(({ endpoint }) => endpoint.access === 'public').map(({ name }) => name);
    expect(open.sort()).toEqual(['auth.login', 'auth.logout', 'auth.refresh', 'health.get']);
  });

  it('has a params schema exactly where the path has parameters, with those names', () => {
    for (const { name, route } of allRoutes()) {
      const inPath = paramNames(route.path);
      expect({ name, params: route.params ? shapeKeys(route.params) : [] }).toEqual({ name, params: inPath });
    }
  });

  it('documents the Idempotency-Key exactly on the verbs that take one', () => {
    for (const { name, route } of allRoutes()) {
      expect({ name, headers: route.headers === idempotencyHeadersSchema }).toEqual({ name, headers: route.idempotent === true });
    }
    const verbs = allRoutes().filter(({ route }) => route.idempotent).map(({ name }) => name);
    expect(verbs.sort()).toEqual(
      ['create', 'update', 'remove', 'issue', 'clear', 'unclear', 'creditNote', 'reissue', 'recordPayment', 'deletePayment'].map((verb) => `invoice.${verb}`).concat('advance.create', 'inbox.recordPayment', 'inbox.deletePayment', 'inbox.reject', 'inbox.reportRejectionNow', 'inbox.rejectionReportedByHand')
        .concat(['create', 'update', 'remove', 'state', 'convert'].map((verb) => `quote.${verb}`)).sort(),
    );
  });

  it('has one success answer per JSON endpoint, whole exactly where the body carries more than data, none for a file', () => {
    for (const { name, route } of allRoutes()) {
      const statuses = Object.keys(route.response);
      if (route.file) {
        expect({ name, statuses }).toEqual({ name, statuses: [] });
        continue;
      }
      expect({ name, statuses: statuses.length, success: statuses.every((s) => /^20[01]$/.test(s)) }).toEqual({
        name,
        statuses: 1,
        success: true,
      });
      const keys = shapeKeys(route.response[Number(statuses[0])]!);
      expect(keys).toContain('data');
      expect({ name, whole: keys.length > 1 }).toEqual({ name, whole: route.whole === true });
    }
  });

  it('creates with 201 and answers everything else with 200', () => {
    const created = allRoutes()
      .filter(({ route }) => 201 in route.response)
      .map(({ name }) => name);
    expect(created.sort()).toEqual(
      ['address.create', 'advance.create', 'company.create', 'lineItem.create', 'invoice.create', 'invoice.creditNote', 'invoice.reissue', 'invoice.recordPayment', 'email.send', 'inbox.recordPayment', 'quote.create', 'quote.send', 'quote.convert'].sort(),
    );
  });

  it('types a call from its endpoint: params from the path, body and answer from the schemas', () => {
    type IssueInput = RouteInput<typeof endpoints.invoice.issue>;
    const issue: IssueInput = { params: { id: 7 } };
    // @ts-expect-error a path parameter cannot be left out
    const missing: IssueInput = {};
    type Issued = RouteAnswer<typeof endpoints.invoice.issue>;
    const answer: Issued = { id: 7, state: 'PUBLISHED', number: '1-POSL1-1' };
    // @ts-expect-error the state is one of the invoice states, not any text
    const wrong: Issued = { id: 7, state: 'SENT', number: null };
    type List = RouteAnswer<typeof endpoints.invoice.list>;
    const page: List['page'] = { page: 1, pageSize: 50, total: 0 };
    expect([issue, missing, answer, wrong, page]).toHaveLength(5);
    const names: PathParamNames<'/api/v1/invoice/:id/email/:kind'>[] = ['id', 'kind'];
    expect(names).toHaveLength(2);
  });
});

describe('pathOf', () => {
  it('fills the path parameters, encoded, and appends the query it is given, in order, without absent values', () => {
    expect(pathOf(endpoints.invoice.issue, { id: 12 })).toBe('/api/v1/invoice/12/issue');
    expect(pathOf(endpoints.invoice.get, { id: 'a/b' })).toBe('/api/v1/invoice/a%2Fb');
    expect(pathOf(endpoints.invoice.list, {}, { year: 2026, q: 'Ana & Co', state: undefined, overdue: null, page: 2 })).toBe(
      '/api/v1/invoice/list?year=2026&q=Ana%20%26%20Co&page=2',
    );
    expect(pathOf(endpoints.dashboard.get)).toBe('/api/v1/dashboard');
  });

  it('refuses to build a path with a parameter missing', () => {
    expect(() => pathOf(endpoints.invoice.get, {})).toThrow(/parameter id is missing/);
  });
});

describe('error codes', () => {
  it('are a closed list, each with its reason in Croatian and in English', () => {
    // the e-mail refusals always name their own reason (`email.errors.*`), which says more
    const ownReason = new Set(['emailNotConfigured', 'reminderNotOverdue']);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    // a reason with a count has its plural forms instead (`companyHasInvoices_one`, ...)
    const has = (language: 'hr' | 'en', code: string) =>
      Object.keys(catalogues[language].errors).some((key) => key === code || key.startsWith(`${code}_`));
    for (const code of ERROR_CODES.filter((code) => !ownReason.has(code))) {
      expect({ code, hr: has('hr', code), en: has('en', code) }).toEqual({ code, hr: true, en: true });
    }
  });

  it('refuse an error body whose code is not in the list', () => {
    expect(errorBodySchema.safeParse({ errors: [{ reason: 'Nema', code: 'invoiceNotFound' }] }).success).toBe(true);
    expect(errorBodySchema.safeParse({ errors: [{ reason: 'Nema', code: 'invoiceMissing' }] }).success).toBe(false);
    expect(apiErrorSchema.safeParse({ reason: 'x', code: 'validation', field: 'email' }).success).toBe(true);
  });
});

describe('the contract as data', () => {
  it('uses the shared id parameter schema wherever an id is in the path', () => {
    for (const { route } of allRoutes()) {
      if (route.params) expect(route.params.safeParse({ id: '002' }).success).toBe(false);
    }
    expect(contract.invoice.get.params.parse({ id: '2' })).toEqual({ id: 2 });
  });
});

import { describe, expect, it, vi } from 'vitest';
import { endpoints } from '@faktura/shared';
import { callsTo, jsonResponse, sentHeaders, stubApi } from '../test/fakeApi';
import { OPERATOR } from '../test/samples/session';
import { EARLY_READ_MAX_AGE_MS, api, apiKey, apiPath, download, fetcherOf, keysOf, readEarly, screenRead } from './api';
import { ApiRequestError } from './apiError';
import { setProfile } from './profileStore';

describe('the contract-typed client', () => {
  it('builds the path from the contract, sends the body and gives back the data', async () => {
    setProfile(OPERATOR);
    const fetchMock = stubApi({ 'PUT /api/v1/address/7': () => jsonResponse(200, { data: { id: 7, city: 'Split' } }) });
    const body = { address1: 'Riva 1', city: 'Split', zip: '21000', country: 'Hrvatska', countryCode: 'HR' };
    await expect(api(endpoints.address.update, { params: { id: 7 }, body })).resolves.toEqual({ id: 7, city: 'Split' });
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string)).toEqual(body);
    expect(sentHeaders(fetchMock, 0).get('Authorization')).toBe('Bearer token-1');
    // an endpoint that takes no Idempotency-Key gets none
    expect(sentHeaders(fetchMock, 0).has('Idempotency-Key')).toBe(false);
  });

  it('sends an Idempotency-Key on the verbs the contract marks, and no body where the call has none', async () => {
    setProfile(OPERATOR);
    const fetchMock = stubApi({
      'POST /api/v1/invoice/5/issue': () => jsonResponse(200, { data: { id: 5, state: 'PUBLISHED', number: '5/POSL1/1' } }),
    });
    const issued = await api(endpoints.invoice.issue, { params: { id: 5 } });
    expect(issued.number).toBe('5/POSL1/1');
    expect(sentHeaders(fetchMock, 0).get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBeUndefined();
  });

  it('gives the whole body of an endpoint that answers more than data, with the query in the path', async () => {
    setProfile(OPERATOR);
    const page = { data: [], filters: [], page: { page: 2, pageSize: 50, total: 60 } };
    const fetchMock = stubApi({ 'GET /api/v1/invoice/list?year=2026&page=2': () => jsonResponse(200, page) });
    await expect(api(endpoints.invoice.list, { query: { year: 2026, q: undefined, page: 2 } })).resolves.toEqual(page);
    expect(callsTo(fetchMock, 'GET /api/v1/invoice/list?year=2026&page=2')).toHaveLength(1);
  });

  it("fails with the server's reasons, whose codes are the contract's", async () => {
    setProfile(OPERATOR);
    stubApi({ 'DELETE /api/v1/company/3': () => jsonResponse(409, { errors: [{ reason: 'Klijent ima račune', code: 'companyHasInvoices' }] }) });
    const error = await api(endpoints.company.remove, { params: { id: 3 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 409, code: 'companyHasInvoices', message: 'Klijent ima račune' });
    // a code outside the contract is not our API's answer: the operator gets the generic text
    stubApi({ 'DELETE /api/v1/company/4': () => jsonResponse(409, { errors: [{ reason: 'Odd', code: 'somethingElse' }] }) });
    const odd = await api(endpoints.company.remove, { params: { id: 4 } }).catch((e: unknown) => e);
    expect(odd).toMatchObject({ status: 409, code: 'unexpectedResponse' });
  });

  it('downloads a file endpoint accepting its media type from the contract', async () => {
    setProfile(OPERATOR);
    const fetchMock = stubApi({
      'GET /api/v1/invoice/5/pdf?lang=en': () =>
        new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="5-POSL1-1.pdf"' } }),
    });
    const file = await download(endpoints.print.pdf, { params: { id: 5 }, query: { lang: 'en' } });
    expect(file.filename).toBe('5-POSL1-1.pdf');
    expect(sentHeaders(fetchMock, 0).get('Accept')).toBe('application/pdf, application/json;q=0.5');
  });
});

describe('SWR keys', () => {
  it('are the paths, so the same read shares one cache entry', () => {
    expect(apiKey(endpoints.settings.pos)).toBe('/api/v1/settings/pos');
    expect(apiKey(endpoints.email.draft, { params: { id: 4 }, query: { kind: 'reminder' } })).toBe(
      '/api/v1/invoice/4/email/draft?kind=reminder',
    );
    expect(apiPath(endpoints.invoice.get, { params: { id: 12 } })).toBe('/api/v1/invoice/12');
  });

  it('are matched by endpoint whatever their parameters and query, and by nothing else', () => {
    const matches = keysOf(endpoints.invoice.get, endpoints.invoice.list);
    expect(matches('/api/v1/invoice/12')).toBe(true);
    expect(matches('/api/v1/invoice/list')).toBe(true);
    expect(matches('/api/v1/invoice/list?year=2026&page=3')).toBe(true);
    expect(matches('/api/v1/invoice/12/email')).toBe(false);
    expect(matches('/api/v1/invoices')).toBe(false);
    expect(matches('/api/v1/dashboard')).toBe(false);
    expect(matches(['/api/v1/invoice/12', 'v1'])).toBe(false);
  });
});

describe('reads started before their screen (readEarly)', () => {
  const key = 'GET /api/v1/settings/pos';

  it("are taken by the screen's first read of the same key, once: the next read asks again", async () => {
    setProfile(OPERATOR);
    let served = 0;
    const fetchMock = stubApi({ [key]: () => jsonResponse(200, { data: { served: ++served } }) });
    readEarly(screenRead(endpoints.settings.pos));
    expect(callsTo(fetchMock, key)).toHaveLength(1);
    const fetcher = fetcherOf(endpoints.settings.pos);
    await expect(fetcher(apiKey(endpoints.settings.pos))).resolves.toEqual({ served: 1 });
    expect(callsTo(fetchMock, key)).toHaveLength(1);
    // a later read (a revalidation) is a request of its own, not the early answer again
    await expect(fetcher(apiKey(endpoints.settings.pos))).resolves.toEqual({ served: 2 });
    expect(callsTo(fetchMock, key)).toHaveLength(2);
  });

  it('are never used once older than EARLY_READ_MAX_AGE_MS: the screen gets a fresh answer', async () => {
    setProfile(OPERATOR);
    let served = 0;
    const fetchMock = stubApi({ [key]: () => jsonResponse(200, { data: { served: ++served } }) });
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
    try {
      readEarly(screenRead(endpoints.settings.pos));
      clock.mockReturnValue(now + EARLY_READ_MAX_AGE_MS + 1);
      await expect(fetcherOf(endpoints.settings.pos)(apiKey(endpoints.settings.pos))).resolves.toEqual({ served: 2 });
      expect(callsTo(fetchMock, key)).toHaveLength(2);
    } finally {
      clock.mockRestore();
    }
  });

  it("hand a failure to the screen that takes them, and an untaken failure stays quiet", async () => {
    setProfile(OPERATOR);
    stubApi({ [key]: () => jsonResponse(404, { errors: [{ reason: 'Nema', code: 'routeNotFound' }] }) });
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      readEarly(screenRead(endpoints.settings.pos));
      await expect(fetcherOf(endpoints.settings.pos)(apiKey(endpoints.settings.pos))).rejects.toBeInstanceOf(ApiRequestError);
      readEarly(screenRead(endpoints.settings.pos));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).not.toHaveBeenCalled();
      // taken later, within its age, it is still the failure it was
      await expect(fetcherOf(endpoints.settings.pos)(apiKey(endpoints.settings.pos))).rejects.toBeInstanceOf(ApiRequestError);
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { endpoints } from '@faktura/shared';
import { callsTo, jsonResponse, sentHeaders, stubApi } from '../test/fakeApi';
import { OPERATOR } from '../test/samples/session';
import { apiKey, fetcherOf, readEarly, screenRead } from './api';
import { dropBootReads, startBootRead } from './bootReads';
import { currentLanguage } from './i18n';
import { setProfile } from './profileStore';

// The boot script (src/boot.ts) sends the first screen's reads before the app has loaded; the app's
// first read of the same path takes the answer instead of asking again.
describe("the boot script's reads", () => {
  const read = screenRead(endpoints.settings.pos);
  const path = apiKey(endpoints.settings.pos);
  const key = `GET ${path}`;
  afterEach(() => dropBootReads());

  it('are taken by the first read of the same path: one request in all, sent as the app sends it', async () => {
    setProfile(OPERATOR);
    let served = 0;
    const fetchMock = stubApi({ [key]: () => jsonResponse(200, { data: { served: ++served } }) });
    startBootRead(path, OPERATOR.token.cryptogram, currentLanguage());
    readEarly(read);
    await expect(fetcherOf(endpoints.settings.pos)(path)).resolves.toEqual({ served: 1 });
    expect(callsTo(fetchMock, key)).toHaveLength(1);
    expect(sentHeaders(fetchMock, 0).get('Authorization')).toBe(`Bearer ${OPERATOR.token.cryptogram}`);
    expect(sentHeaders(fetchMock, 0).get('Accept-Language')).toBe(currentLanguage());
    expect(sentHeaders(fetchMock, 0).get('Accept')).toBe('application/json');
    // taken once: the next read of the path is a request of its own
    readEarly(read);
    await expect(fetcherOf(endpoints.settings.pos)(path)).resolves.toEqual({ served: 2 });
  });

  it('are not used when sent with another token or language: the app asks itself', async () => {
    setProfile(OPERATOR);
    const fetchMock = stubApi({ [key]: (init) => jsonResponse(200, { data: { sentWith: new Headers(init.headers).get('Authorization') } }) });
    startBootRead(path, 'an-older-token', currentLanguage());
    readEarly(read);
    await expect(fetcherOf(endpoints.settings.pos)(path)).resolves.toEqual({ sentWith: `Bearer ${OPERATOR.token.cryptogram}` });
    startBootRead(path, OPERATOR.token.cryptogram, currentLanguage() === 'hr' ? 'en' : 'hr');
    readEarly(read);
    await expect(fetcherOf(endpoints.settings.pos)(path)).resolves.toEqual({ sentWith: `Bearer ${OPERATOR.token.cryptogram}` });
    expect(callsTo(fetchMock, key)).toHaveLength(4);
  });

  it('that found no connection are sent again by the app', async () => {
    setProfile(OPERATOR);
    let calls = 0;
    const fetchMock = stubApi({
      [key]: () => {
        calls += 1;
        // fetch rejects when there is no connection
        if (calls === 1) return Promise.reject(new TypeError('Failed to fetch'));
        return jsonResponse(200, { data: { served: calls } });
      },
    });
    startBootRead(path, OPERATOR.token.cryptogram, currentLanguage());
    readEarly(read);
    await expect(fetcherOf(endpoints.settings.pos)(path)).resolves.toEqual({ served: 2 });
    expect(callsTo(fetchMock, key)).toHaveLength(2);
  });

  it('that nobody took never answer a later read', async () => {
    setProfile(OPERATOR);
    let served = 0;
    const fetchMock = stubApi({ [key]: () => jsonResponse(200, { data: { served: ++served } }) });
    startBootRead(path, OPERATOR.token.cryptogram, currentLanguage());
    dropBootReads();
    readEarly(read);
    await expect(fetcherOf(endpoints.settings.pos)(path)).resolves.toEqual({ served: 2 });
    expect(callsTo(fetchMock, key)).toHaveLength(2);
  });
});

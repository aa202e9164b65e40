import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, dataOf, errorsOf, signedInHarness } from './harness';

let h: Harness;
let token: string;
beforeAll(async () => ({ h, token } = await signedInHarness()));
afterAll(async () => {
  await h.close();
});

type Match = { code: string; name: string };

describe('GET /api/v1/kpd (the line-item picker)', () => {
  it('finds codes by prefix, named in the language of the request', async () => {
    const hr = await h.request('GET', '/api/v1/kpd?q=62.20.20', { token });
    expect(hr.statusCode).toBe(200);
    expect(dataOf<Match[]>(hr)).toEqual([{ code: '62.20.20', name: 'Usluge savjetovanja o sustavima i softveru' }]);
    const en = await h.request('GET', '/api/v1/kpd?q=62.20.20', { token, lang: 'en' });
    expect(dataOf<Match[]>(en)).toEqual([{ code: '62.20.20', name: 'Systems and software consultancy services' }]);
    // ?lang= names the language in the address (the web's cache key), over Accept-Language (issue 11)
    const named = await h.request('GET', '/api/v1/kpd?q=softver&limit=1&lang=hr', { token, lang: 'en' });
    expect(dataOf<Match[]>(named)[0]?.name).toBe('Usluge umnožavanja softvera');
    expect(dataOf<Match[]>(await h.request('GET', '/api/v1/kpd?q=softver&limit=1', { token, lang: 'en' }))).toEqual([]);
    expect(dataOf<Match[]>(await h.request('GET', '/api/v1/kpd?q=62.20.20&lang=en', { token }))[0]?.name).toBe('Systems and software consultancy services');
    expect((await h.request('GET', '/api/v1/kpd?q=62&lang=de', { token })).statusCode).toBe(400);
    const prefix = dataOf<Match[]>(await h.request('GET', '/api/v1/kpd?q=6220', { token }));
    expect(prefix.length).toBeGreaterThan(1);
    expect(prefix.every((match) => match.code.startsWith('62.20.'))).toBe(true);
  });

  it('finds words without accents and keeps to the limit (20 unless asked, at most 50)', async () => {
    const words = dataOf<Match[]>(await h.request('GET', `/api/v1/kpd?q=${encodeURIComponent('savjetovanja kibernetick')}`, { token }));
    expect(words).toEqual([{ code: '62.20.50', name: 'Usluge savjetovanja o kibernetičkoj sigurnosti' }]);
    expect(dataOf<Match[]>(await h.request('GET', '/api/v1/kpd?q=01', { token }))).toHaveLength(20);
    expect(dataOf<Match[]>(await h.request('GET', '/api/v1/kpd?q=01&limit=5', { token }))).toHaveLength(5);
    expect(dataOf<Match[]>(await h.request('GET', '/api/v1/kpd', { token }))).toEqual([]);
    const tooMany = await h.request('GET', '/api/v1/kpd?q=01&limit=500', { token, lang: 'en' });
    expect(tooMany.statusCode).toBe(400);
    expect(errorsOf(tooMany)[0]).toMatchObject({ code: 'validation', field: 'limit' });
  });

  it('needs a signed-in operator', async () => {
    expect((await h.request('GET', '/api/v1/kpd?q=62', { token: null })).statusCode).toBe(401);
  });
});

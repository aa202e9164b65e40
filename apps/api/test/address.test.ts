import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, signedInHarness, dataOf, errorsOf } from './harness';

let h: Harness;
let token: string;
beforeAll(async () => ({ h, token } = await signedInHarness()));
afterAll(async () => {
  await h.close();
});

const zagreb = { address1: 'Ilica 1', address2: '', city: 'Zagreb', zip: '10000', state: null, countryCode: 'hr' };
type Address = { id: number; address1: string; address2: string | null; country: string; countryCode: string };

describe('addresses', () => {
  it('creates, lists, reads, edits and deletes an address', async () => {
    const created = await h.request('POST', '/api/v1/address', { token, body: zagreb });
    expect(created.statusCode).toBe(201);
    const address = dataOf<Address>(created);
    expect(address).toMatchObject({ address1: 'Ilica 1', address2: null, countryCode: 'HR', country: 'Hrvatska' });

    const listed = dataOf<Address[]>(await h.request('GET', '/api/v1/address', { token, lang: 'en' }));
    expect(listed.find((a) => a.id === address.id)?.country).toBe('Hrvatska');

    const edited = await h.request('PUT', `/api/v1/address/${address.id}`, {
      token,
      body: { ...zagreb, address1: '  Ilica 2  ', countryCode: 'SI' },
    });
    expect(edited.statusCode).toBe(200);
    expect(dataOf<Address>(edited)).toMatchObject({ address1: 'Ilica 2', countryCode: 'SI', country: 'Slovenija' });

    expect((await h.request('DELETE', `/api/v1/address/${address.id}`, { token })).statusCode).toBe(200);
    expect((await h.request('GET', `/api/v1/address/${address.id}`, { token })).statusCode).toBe(404);
  });

  it('refuses missing required fields and an unknown country, storing nothing', async () => {
    const before = dataOf<Address[]>(await h.request('GET', '/api/v1/address', { token })).length;
    const res = await h.request('POST', '/api/v1/address', {
      token,
      lang: 'en',
      body: { address1: '', city: 'Zagreb', countryCode: 'XX' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual(
      expect.arrayContaining([
        { reason: 'This field is required', code: 'validation', field: 'address1' },
        { reason: 'This field is required', code: 'validation', field: 'zip' },
        { reason: 'Unknown country code', code: 'validation', field: 'countryCode' },
      ]),
    );
    expect(dataOf<Address[]>(await h.request('GET', '/api/v1/address', { token }))).toHaveLength(before);
  });

  it('stores markup as plain text', async () => {
    const res = await h.request('POST', '/api/v1/address', {
      token,
      body: { ...zagreb, address1: '<img src=x onerror=alert(1)>' },
    });
    expect(dataOf<Address>(res).address1).toBe('<img src=x onerror=alert(1)>');
  });

  it('answers 404 for unknown ids and 400 for ids that are not numbers', async () => {
    const missing = await h.request('PUT', '/api/v1/address/999999', { token, body: zagreb });
    expect(missing.statusCode).toBe(404);
    expect(errorsOf(missing)[0]).toEqual({ reason: 'Adresa ne postoji', code: 'addressNotFound' });
    expect((await h.request('DELETE', '/api/v1/address/999999', { token })).statusCode).toBe(404);
    expect((await h.request('GET', '/api/v1/address/abc', { token })).statusCode).toBe(400);
  });

  it('refuses to delete an address a client uses, and says who', async () => {
    const address = dataOf<Address>(await h.request('POST', '/api/v1/address', { token, body: zagreb }));
    await h.request('POST', '/api/v1/company', {
      token,
      body: { name: 'Klijent d.o.o.', email: 'k@klijent.hr', addressId: address.id },
    });
    const res = await h.request('DELETE', `/api/v1/address/${address.id}`, { token, lang: 'en' });
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res)[0]).toEqual({
      reason: 'The address cannot be deleted because a client uses it: Klijent d.o.o.',
      code: 'addressInUse',
    });
    expect((await h.request('GET', `/api/v1/address/${address.id}`, { token })).statusCode).toBe(200);
  });
});

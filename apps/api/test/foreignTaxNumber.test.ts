import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, signedInHarness, dataOf, errorsOf } from './harness';

let h: Harness;
let token: string;
beforeAll(async () => ({ h, token } = await signedInHarness()));
afterAll(async () => {
  await h.close();
});

type Company = { id: number; pin: string | null; vatNumber: string | null; email: string };
const vienna = { address1: 'Hauptstraße 5', city: 'Wien', zip: '1010', countryCode: 'AT' };
const client = (pin: string, address: Record<string, string> = vienna) => ({
  name: 'Donau GmbH', email: 'office@donau.at', pin, contracts: [], address,
});
const clients = async () => dataOf<Company[]>(await h.request('GET', '/api/v1/company', { token }));

describe("a foreign client's tax number", () => {
  it("refuses an EU VAT number not in its country's form, in the user's language, storing nothing", async () => {
    const before = (await clients()).length;
    const addresses = dataOf<unknown[]>(await h.request('GET', '/api/v1/address', { token })).length;
    const en = await h.request('POST', '/api/v1/company', { token, lang: 'en', body: client('12345678') });
    expect(en.statusCode).toBe(400);
    expect(errorsOf(en)).toEqual([
      { code: 'validation', field: 'pin', reason: 'A VAT number in Austria has the form ATU99999999 (9 = digit, L = letter, X = letter or digit)' },
    ]);
    const hr = await h.request('POST', '/api/v1/company', { token, lang: 'hr', body: client('DE811907980') });
    expect(errorsOf(hr)[0]?.reason).toBe(
      'PDV ID broj klijenta iz države Austrija ima oblik ATU99999999 (9 = znamenka, L = slovo, X = slovo ili znamenka)',
    );
    expect(await clients()).toHaveLength(before);
    expect(dataOf<unknown[]>(await h.request('GET', '/api/v1/address', { token }))).toHaveLength(addresses);
  });

  it('stores a well-formed EU VAT number as it is written (upper case, compact, prefixed)', async () => {
    const res = await h.request('POST', '/api/v1/company', { token, body: client(' u 1358-5627 ') });
    expect(res.statusCode).toBe(201);
    expect(dataOf<Company>(res)).toMatchObject({ pin: 'ATU13585627', vatNumber: 'ATU13585627' });
    const greek = await h.request('POST', '/api/v1/company', {
      token, body: client('094259216', { ...vienna, city: 'Athina', countryCode: 'GR' }),
    });
    expect(dataOf<Company>(greek).pin).toBe('EL094259216');
  });

  it('takes any tax number outside the EU as typed', async () => {
    const res = await h.request('POST', '/api/v1/company', {
      token, body: client('CHE-123.456.789 MWST', { ...vienna, city: 'Zürich', countryCode: 'CH' }),
    });
    expect(res.statusCode).toBe(201);
    expect(dataOf<Company>(res).pin).toBe('CHE-123.456.789 MWST');
  });

  it('keeps a number stored before the rule readable and saveable; only a changed number is checked', async () => {
    const created = dataOf<Company>(await h.request('POST', '/api/v1/company', { token, body: client('ATU13585627') }));
    // a client saved before the format rule, with a number that does not have Austria's form
    await h.db.updateTable('company').set({ pin: 'AT-OLD-42' }).where('id', '=', created.id).execute();
    const read = await h.request('GET', `/api/v1/company/${created.id}`, { token });
    expect(dataOf<Company>(read)).toMatchObject({ pin: 'AT-OLD-42', vatNumber: 'AT-OLD-42' });
    expect((await clients()).find((c) => c.id === created.id)?.pin).toBe('AT-OLD-42');

    const body = { email: 'new@donau.at', pin: 'AT-OLD-42', contracts: [] };
    const kept = await h.request('PUT', `/api/v1/company/${created.id}`, { token, body });
    expect(kept.statusCode).toBe(200);
    expect(dataOf<Company>(kept)).toMatchObject({ email: 'new@donau.at', pin: 'AT-OLD-42' });

    const changed = await h.request('PUT', `/api/v1/company/${created.id}`, { token, lang: 'en', body: { ...body, pin: 'AT-OLD-43' } });
    expect(changed.statusCode).toBe(400);
    expect(errorsOf(changed)[0]?.field).toBe('pin');
    expect(errorsOf(changed)[0]?.reason).toContain('ATU99999999');
    expect(dataOf<Company>(await h.request('GET', `/api/v1/company/${created.id}`, { token })).pin).toBe('AT-OLD-42');
  });
});

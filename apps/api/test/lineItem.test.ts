import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, signedInHarness, dataOf, errorsOf } from './harness';

let h: Harness;
let token: string;
beforeAll(async () => ({ h, token } = await signedInHarness()));
afterAll(async () => {
  await h.close();
});

type Item = { id: number; nameHr: string; nameEn: string | null; unitPrice: number; unitPriceCents: number; currency: { code: string; symbol: string }; currencyCode: string; unit: string; kpdCode: string | null };
const item = { nameHr: 'Razvoj softvera', nameEn: 'Software development', unitPrice: 45.5, currency: 'EUR', currencyCode: 'EUR', unit: 'HOURLY' };

describe('catalogue line items', () => {
  it('creates, lists, updates and deletes an item, keeping the price exact in cents', async () => {
    const created = await h.request('POST', '/api/v1/lineItem', { token, body: { ...item, unitPrice: 19.99 } });
    expect(created.statusCode).toBe(201);
    const saved = dataOf<Item>(created);
    expect(saved).toMatchObject({ nameHr: 'Razvoj softvera', unitPrice: 19.99, unitPriceCents: 1999, currency: { code: 'EUR', symbol: '€' }, unit: 'HOURLY' });

    const updated = await h.request('PUT', `/api/v1/lineItem/${saved.id}`, {
      token,
      body: { nameHr: 'Savjetovanje', nameEn: '', unitPrice: 60, currency: 'usd', unit: 'SINGLE' },
    });
    expect(dataOf<Item>(updated)).toMatchObject({ nameHr: 'Savjetovanje', nameEn: null, unitPriceCents: 6000, currencyCode: 'USD', currency: { symbol: '$' }, unit: 'SINGLE' });

    const list = dataOf<Item[]>(await h.request('GET', '/api/v1/lineItem', { token }));
    expect(list.map((i) => i.id)).toContain(saved.id);

    expect((await h.request('DELETE', `/api/v1/lineItem/${saved.id}`, { token })).statusCode).toBe(200);
    expect((await h.request('DELETE', `/api/v1/lineItem/${saved.id}`, { token })).statusCode).toBe(404);
  });

  it('enforces the dialog rules on the server', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ nameHr: 'abc' }, 'nameHr', 'Minimal length required: 4 characters'],
      [{ unitPrice: 0 }, 'unitPrice', 'The value must be greater than 0'],
      [{ unitPrice: -5 }, 'unitPrice', 'The value must be greater than 0'],
      [{ unitPrice: 1.234 }, 'unitPrice', 'The amount may have at most two decimals'],
      [{ unitPrice: '12' }, 'unitPrice', 'Invalid value'],
      [{ currency: 'EURO', currencyCode: 'EURO' }, 'currency', 'Exceeded maximum length of 3 characters'],
      [{ currency: 'GBP', currencyCode: 'GBP' }, 'currency', 'Currency not supported'],
      [{ unit: 'PIECE' }, 'unit', 'Choose one of the offered values'],
    ];
    for (const [change, field, reason] of cases) {
      const res = await h.request('POST', '/api/v1/lineItem', { token, lang: 'en', body: { ...item, ...change } });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(errorsOf(res)).toContainEqual({ reason, code: 'validation', field });
    }
    const missingCurrency = await h.request('POST', '/api/v1/lineItem', { token, body: { nameHr: 'Usluga', unitPrice: 1, unit: 'HOURLY' } });
    expect(missingCurrency.statusCode).toBe(400);
    expect(dataOf<Item[]>(await h.request('GET', '/api/v1/lineItem', { token }))).toHaveLength(0);
  });

  it('keeps a KPD 2025 code, optional, and clears it with null or a blank', async () => {
    const plain = await h.request('POST', '/api/v1/lineItem', { token, body: item });
    expect(dataOf<Item>(plain).kpdCode).toBeNull();

    const created = await h.request('POST', '/api/v1/lineItem', { token, body: { ...item, kpdCode: ' 62.20.20 ' } });
    expect(created.statusCode).toBe(201);
    const saved = dataOf<Item>(created);
    expect(saved.kpdCode).toBe('62.20.20');
    expect(dataOf<Item>(await h.request('GET', `/api/v1/lineItem/${saved.id}`, { token })).kpdCode).toBe('62.20.20');
    expect(dataOf<Item[]>(await h.request('GET', '/api/v1/lineItem', { token })).find((i) => i.id === saved.id)?.kpdCode).toBe('62.20.20');

    const changed = await h.request('PUT', `/api/v1/lineItem/${saved.id}`, { token, body: { ...item, kpdCode: '62.10.11' } });
    expect(dataOf<Item>(changed).kpdCode).toBe('62.10.11');
    const cleared = await h.request('PUT', `/api/v1/lineItem/${saved.id}`, { token, body: { ...item, kpdCode: null } });
    expect(dataOf<Item>(cleared).kpdCode).toBeNull();
    const blank = await h.request('PUT', `/api/v1/lineItem/${saved.id}`, { token, body: { ...item, kpdCode: '   ' } });
    expect(dataOf<Item>(blank).kpdCode).toBeNull();

    for (const { id } of [dataOf<Item>(plain), saved]) await h.request('DELETE', `/api/v1/lineItem/${id}`, { token });
  });

  it('refuses a KPD code that is not a six-digit code of the KPD 2025 list, in the language asked for', async () => {
    const en = 'The code is not in the KPD 2025 list: enter a six-digit code written NN.NN.NN, e.g. 62.20.20';
    const hr = 'Šifra nije u popisu KPD 2025: unesite šifru sa šest znamenki u obliku NN.NN.NN, npr. 62.20.20';
    for (const kpdCode of ['62.20', '62', '622020', '62.20.99', 'K62.20.20', '62.20.20.1']) {
      const res = await h.request('POST', '/api/v1/lineItem', { token, lang: 'en', body: { ...item, kpdCode } });
      expect(res.statusCode, kpdCode).toBe(400);
      expect(errorsOf(res)).toEqual([{ reason: en, code: 'validation', field: 'kpdCode' }]);
    }
    const typed = await h.request('POST', '/api/v1/lineItem', { token, lang: 'en', body: { ...item, kpdCode: 622020 } });
    expect(errorsOf(typed)).toEqual([{ reason: 'Invalid value', code: 'validation', field: 'kpdCode' }]);
    const created = dataOf<Item>(await h.request('POST', '/api/v1/lineItem', { token, body: { ...item, kpdCode: '62.20.20' } }));
    const res = await h.request('PUT', `/api/v1/lineItem/${created.id}`, { token, lang: 'hr', body: { ...item, kpdCode: '99.99.99' } });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([{ reason: hr, code: 'validation', field: 'kpdCode' }]);
    expect(dataOf<Item>(await h.request('GET', `/api/v1/lineItem/${created.id}`, { token })).kpdCode).toBe('62.20.20');
    await h.request('DELETE', `/api/v1/lineItem/${created.id}`, { token });
  });

  it('answers 404 for an unknown item', async () => {
    expect((await h.request('PUT', '/api/v1/lineItem/424242', { token, body: item })).statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, OPERATOR, createHarness, dataOf, errorsOf, insertOperator } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

describe("the operator's own account", () => {
  it('changes name and e-mail; the new e-mail signs in', async () => {
    const { token } = await h.login();
    expect(dataOf(await h.request('GET', '/api/v1/account', { token }))).toEqual({ name: OPERATOR.name, email: OPERATOR.email, oib: null });
    await insertOperator(h.db, 'taken@test.hr', 'some password 1', 'Other');
    const taken = await h.request('PUT', '/api/v1/account', { token, lang: 'en', body: { name: 'Ana', email: 'TAKEN@test.hr' } });
    expect(taken.statusCode).toBe(409);
    expect(errorsOf(taken)[0]).toMatchObject({ code: 'emailTaken', field: 'email' });

    const res = await h.request('PUT', '/api/v1/account', { token, body: { name: 'Ana Anić', email: 'Ana@Firma.hr' } });
    expect(dataOf(res)).toEqual({ name: 'Ana Anić', email: 'ana@firma.hr', oib: null });
    const login = await h.request('POST', '/api/v1/login', { body: { username: 'ana@firma.hr', password: OPERATOR.password } });
    expect(login.statusCode).toBe(200);
    await h.request('PUT', '/api/v1/account', { token, body: { name: OPERATOR.name, email: OPERATOR.email } });
  });

  it("keeps the operator's OIB, checked like every OIB, and clears it when left empty", async () => {
    const { token } = await h.login();
    const body = { name: OPERATOR.name, email: OPERATOR.email };
    const saved = await h.request('PUT', '/api/v1/account', { token, body: { ...body, oib: ' HR69814562369 ' } });
    expect(saved.statusCode).toBe(200);
    expect(dataOf(saved)).toEqual({ ...body, oib: '69814562369' });
    expect(dataOf(await h.request('GET', '/api/v1/account', { token }))).toEqual({ ...body, oib: '69814562369' });

    for (const [oib, en] of [
      ['69814562360', 'The TIN (OIB) is not valid (check digit does not match)'],
      ['1234567890', 'The TIN (OIB) is not valid (check digit does not match)'],
      [12345678903, 'Invalid value'],
    ] as const) {
      const res = await h.request('PUT', '/api/v1/account', { token, lang: 'en', body: { ...body, oib } });
      expect(res.statusCode, String(oib)).toBe(400);
      expect(errorsOf(res)).toEqual([{ reason: en, code: 'validation', field: 'oib' }]);
    }
    const hr = await h.request('PUT', '/api/v1/account', { token, lang: 'hr', body: { ...body, oib: '69814562360' } });
    expect(errorsOf(hr)).toEqual([{ reason: 'OIB nije ispravan (kontrolna znamenka ne odgovara)', code: 'validation', field: 'oib' }]);
    expect(dataOf(await h.request('GET', '/api/v1/account', { token }))).toEqual({ ...body, oib: '69814562369' });

    expect(dataOf(await h.request('PUT', '/api/v1/account', { token, body: { ...body, oib: '' } }))).toEqual({ ...body, oib: null });
    await h.request('PUT', '/api/v1/account', { token, body: { ...body, oib: '69814562369' } });
    expect(dataOf(await h.request('PUT', '/api/v1/account', { token, body: { ...body, oib: null } }))).toEqual({ ...body, oib: null });
    expect(dataOf(await h.request('GET', '/api/v1/account', { token }))).toEqual({ ...body, oib: null });
  });

  it('changes the password only with the current one, and ends the other sign-ins', async () => {
    const here = await h.login();
    const elsewhere = await h.login();
    const wrong = await h.request('POST', '/api/v1/account/password', {
      token: here.token, lang: 'en', body: { currentPassword: 'not it', newPassword: 'a new password 2' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorsOf(wrong)[0]).toEqual({ reason: 'The current password is not correct', code: 'validation', field: 'currentPassword' });
    const short = await h.request('POST', '/api/v1/account/password', { token: here.token, body: { currentPassword: OPERATOR.password, newPassword: 'short' } });
    expect(short.statusCode).toBe(400);

    const ok = await h.request('POST', '/api/v1/account/password', {
      token: here.token, body: { currentPassword: OPERATOR.password, newPassword: 'a new password 2' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await h.request('GET', '/api/v1/account', { token: here.token })).statusCode).toBe(200);
    expect((await h.request('GET', '/api/v1/account', { token: elsewhere.token })).statusCode).toBe(401);
    const oldLogin = await h.request('POST', '/api/v1/login', { body: { username: OPERATOR.email, password: OPERATOR.password } });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await h.request('POST', '/api/v1/login', { body: { username: OPERATOR.email, password: 'a new password 2' } });
    expect(newLogin.statusCode).toBe(200);
  });
});

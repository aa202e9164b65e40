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
    expect(dataOf(await h.request('GET', '/api/v1/account', { token }))).toEqual({ name: OPERATOR.name, email: OPERATOR.email });
    await insertOperator(h.db, 'taken@test.hr', 'some password 1', 'Other');
    const taken = await h.request('PUT', '/api/v1/account', { token, lang: 'en', body: { name: 'Ana', email: 'TAKEN@test.hr' } });
    expect(taken.statusCode).toBe(409);
    expect(errorsOf(taken)[0]).toMatchObject({ code: 'emailTaken', field: 'email' });

    const res = await h.request('PUT', '/api/v1/account', { token, body: { name: 'Ana Anić', email: 'Ana@Firma.hr' } });
    expect(dataOf(res)).toEqual({ name: 'Ana Anić', email: 'ana@firma.hr' });
    const login = await h.request('POST', '/api/v1/login', { body: { username: 'ana@firma.hr', password: OPERATOR.password } });
    expect(login.statusCode).toBe(200);
    await h.request('PUT', '/api/v1/account', { token, body: { name: OPERATOR.name, email: OPERATOR.email } });
  });

  it('changes the password only with the current one, and ends the other sign-ins', async () => {
    const here = await h.login();
    const elsewhere = await h.login();
    const wrong = await h.request('POST', '/api/v1/account/password', {
      token: here.token, lang: 'en', body: { currentPassword: 'not it', newPassword: 'a new password 2' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorsOf(wrong)[0]).toEqual({ reason: 'Current password: The current password is not correct', code: 'validation', field: 'currentPassword' });
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

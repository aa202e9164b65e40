import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, OPERATOR, SECRET, createHarness, dataOf, errorsOf } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const login = (password: string, username = OPERATOR.email, lang?: string) =>
  h.request('POST', '/api/v1/login', { body: { username, password }, ...(lang ? { lang } : {}) });

describe('sign-in', () => {
  it('returns the profile with a short-lived token and sets an HttpOnly refresh cookie', async () => {
    const res = await login(OPERATOR.password);
    expect(res.statusCode).toBe(200);
    const profile = dataOf<{ username: string; name: string; token: { cryptogram: string; expiresAt: string } }>(res);
    expect(profile.username).toBe(OPERATOR.email);
    expect(profile.name).toBe(OPERATOR.name);
    const ttl = new Date(profile.token.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);
    const cookie = res.cookies.find((c) => c.name === 'faktura_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/login/refresh' });
    expect(cookie?.value.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    const stored = await h.db.selectFrom('refresh_token').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(cookie?.value);
  });

  it('accepts the e-mail in any letter case', async () => {
    expect((await login(OPERATOR.password, OPERATOR.email.toUpperCase())).statusCode).toBe(200);
  });

  it('refuses a wrong password with a reason in the request language', async () => {
    const hr = await login('wrong password');
    expect(hr.statusCode).toBe(401);
    expect(errorsOf(hr)[0]).toEqual({ reason: 'Pogrešan e-mail ili lozinka', code: 'invalidCredentials' });
    const en = await login('wrong password', OPERATOR.email, 'en-US,en;q=0.9');
    expect(errorsOf(en)[0]?.reason).toBe('Wrong e-mail or password');
    const unknown = await login('whatever', 'nobody@test.hr');
    expect(unknown.statusCode).toBe(401);
  });

  it('names the empty fields', async () => {
    const res = await h.request('POST', '/api/v1/login', { body: { username: ' ', password: '' }, lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([
      { reason: 'This field is required', code: 'validation', field: 'username' },
      { reason: 'This field is required', code: 'validation', field: 'password' },
    ]);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)[0]?.code).toBe('malformed');
  });
});

describe('bearer tokens', () => {
  it('are required on every call but login and health', async () => {
    for (const url of ['/api/v1/company', '/api/v1/address', '/api/v1/lineItem']) {
      const res = await h.request('GET', url);
      expect(res.statusCode).toBe(401);
      expect(errorsOf(res)[0]?.code).toBe('unauthorized');
    }
    expect((await h.request('GET', '/api/v1/health')).statusCode).toBe(200);
  });

  it('are rejected when forged, unsigned or expired', async () => {
    const { token } = await h.login();
    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    expect((await h.request('GET', '/api/v1/company', { token: tampered })).statusCode).toBe(401);

    const [header, payload] = token.split('.');
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(header).toBeDefined();
    expect((await h.request('GET', '/api/v1/company', { token: `${noneHeader}.${payload}.` })).statusCode).toBe(401);

    const otherKey = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('faktura')
      .setAudience('faktura-api')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another!'));
    expect((await h.request('GET', '/api/v1/company', { token: otherKey })).statusCode).toBe(401);

    const expired = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('faktura')
      .setAudience('faktura-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 1800)
      .sign(SECRET);
    const res = await h.request('GET', '/api/v1/company', { token: expired, lang: 'en' });
    expect(res.statusCode).toBe(401);
    expect(errorsOf(res)[0]).toEqual({ reason: 'Your sign-in has expired, please sign in again', code: 'tokenExpired' });
  });

  it('are refused when signed with the right key for longer than tokens live', async () => {
    const { token } = await h.login();
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string; sub: string };
    const sign = (seconds: number) =>
      new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer('faktura')
        .setAudience('faktura-api')
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
        .sign(SECRET);
    // the same sign-in, the same key: 15 minutes is what we issue, ten years is forged
    expect((await h.request('GET', '/api/v1/company', { token: await sign(15 * 60) })).statusCode).toBe(200);
    expect((await h.request('GET', '/api/v1/company', { token: await sign(10 * 365 * 86_400) })).statusCode).toBe(401);
  });

  it('sweep refresh tokens that expired long ago on each sign-in', async () => {
    const old = new Date(Date.now() - 3 * 86_400_000).toISOString();
    await h.db
      .insertInto('refresh_token')
      .values({ operator_id: 1, family_id: 'stale', token_hash: 'stale-hash', expires_at: old, created_at: old, used_at: null, revoked_at: null })
      .execute();
    await h.login();
    const left = await h.db.selectFrom('refresh_token').select('id').where('family_id', '=', 'stale').execute();
    expect(left).toEqual([]);
  });

  it('work with a valid token', async () => {
    const { token } = await h.login();
    expect((await h.request('GET', '/api/v1/company', { token })).statusCode).toBe(200);
  });
});

describe('refresh', () => {
  it('rotates the refresh token and issues a working access token', async () => {
    const { refresh } = await h.login();
    const res = await h.request('POST', '/api/v1/login/refresh', { cookie: refresh });
    expect(res.statusCode).toBe(200);
    const token = dataOf<{ cryptogram: string; expiresAt: string }>(res);
    expect((await h.request('GET', '/api/v1/address', { token: token.cryptogram })).statusCode).toBe(200);
    const rotated = res.cookies.find((c) => c.name === 'faktura_refresh');
    expect(rotated?.value).toBeTruthy();
    expect(`faktura_refresh=${rotated?.value}`).not.toBe(refresh);
    const again = await h.request('POST', '/api/v1/login/refresh', { cookie: `faktura_refresh=${rotated?.value}` });
    expect(again.statusCode).toBe(200);
  });

  it('revokes the whole sign-in when a rotated token is presented again', async () => {
    const { refresh, token } = await h.login();
    const first = await h.request('POST', '/api/v1/login/refresh', { cookie: refresh });
    const next = `faktura_refresh=${first.cookies.find((c) => c.name === 'faktura_refresh')?.value}`;
    const newAccess = dataOf<{ cryptogram: string }>(first).cryptogram;
    // later than the grace window in which a second tab or a retry gets the same successor
    await h.db.updateTable('refresh_token').set({ used_at: new Date(Date.now() - 60_000).toISOString() }).where('used_at', 'is not', null).execute();

    const replay = await h.request('POST', '/api/v1/login/refresh', { cookie: refresh });
    expect(replay.statusCode).toBe(401);
    expect(errorsOf(replay)[0]?.code).toBe('refreshInvalid');
    // the legitimate holder's newer token and both access tokens are dead too
    expect((await h.request('POST', '/api/v1/login/refresh', { cookie: next })).statusCode).toBe(401);
    expect((await h.request('GET', '/api/v1/company', { token: newAccess })).statusCode).toBe(401);
    expect((await h.request('GET', '/api/v1/company', { token })).statusCode).toBe(401);
    // another sign-in is unaffected
    const other = await h.login();
    expect((await h.request('GET', '/api/v1/company', { token: other.token })).statusCode).toBe(200);
  });

  it('refuses a missing or unknown refresh token', async () => {
    expect((await h.request('POST', '/api/v1/login/refresh')).statusCode).toBe(401);
    expect((await h.request('POST', '/api/v1/login/refresh', { cookie: 'faktura_refresh=nope' })).statusCode).toBe(401);
  });

  it('logout ends the sign-in: refresh and access token stop working', async () => {
    const { refresh, token } = await h.login();
    const res = await h.request('DELETE', '/api/v1/login/refresh', { cookie: refresh });
    expect(res.statusCode).toBe(200);
    expect(dataOf(res)).toEqual({ ok: true });
    expect((await h.request('POST', '/api/v1/login/refresh', { cookie: refresh })).statusCode).toBe(401);
    expect((await h.request('GET', '/api/v1/company', { token })).statusCode).toBe(401);
  });
});

describe('throttling and logs', () => {
  it('blocks a username after five failures, even with the right password', async () => {
    const username = 'throttled@test.hr';
    const { insertOperator } = await import('./harness');
    await insertOperator(h.db, username, 'the right password');
    for (let i = 0; i < 5; i++) expect((await login('wrong', username)).statusCode).toBe(401);
    const blocked = await login('the right password', username, 'en');
    expect(blocked.statusCode).toBe(429);
    expect(errorsOf(blocked)[0]?.reason).toBe('Too many failed sign-ins. Try again in 15 min.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    // other usernames are not affected
    expect((await login(OPERATOR.password)).statusCode).toBe(200);
  });

  it('never writes passwords or tokens to the log', async () => {
    const { refresh, token } = await h.login();
    await h.request('GET', '/api/v1/company', { token });
    await h.request('POST', '/api/v1/login/refresh', { cookie: refresh });
    const all = h.logs.join('\n');
    expect(all).toContain('/api/v1/login');
    expect(all).not.toContain(OPERATOR.password);
    expect(all).not.toContain(token);
    expect(all).not.toContain(refresh.split('=')[1]);
  });

  it('writes one line per request answered, its id first and the request and reply as their serializers take them', async () => {
    const { token } = await h.login();
    const res = await h.request('GET', '/api/v1/company', { token });
    expect(res.statusCode).toBe(200);
    const lines = h.logs.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === 'request completed');
    const line = lines.at(-1) ?? {};
    expect(Object.keys(line)).toEqual(['level', 'time', 'pid', 'hostname', 'reqId', 'req', 'res', 'responseTime', 'msg']);
    expect(line.req).toEqual({ method: 'GET', url: '/api/v1/company', host: 'localhost:80', remoteAddress: '127.0.0.1' });
    expect(line.res).toEqual({ statusCode: 200 });
    expect(JSON.stringify(line)).not.toContain(token);
  });
});

describe('several API processes on one database', () => {
  it('share sign-ins, refresh tokens and throttling', async () => {
    const other = await h.sibling();
    const { token, refresh } = await h.login();
    expect((await other.request('GET', '/api/v1/company', { token })).statusCode).toBe(200);
    const rotated = await other.request('POST', '/api/v1/login/refresh', { cookie: refresh });
    expect(rotated.statusCode).toBe(200);
    // the token rotated on the other process is known here too: within the grace window it leads to
    // the same successor, after it the sign-in ends
    const here = await h.request('POST', '/api/v1/login/refresh', { cookie: refresh });
    expect(here.cookies.find((c) => c.name === 'faktura_refresh')?.value).toBe(rotated.cookies.find((c) => c.name === 'faktura_refresh')?.value);
    await h.db.updateTable('refresh_token').set({ used_at: new Date(Date.now() - 60_000).toISOString() }).where('used_at', 'is not', null).execute();
    expect((await h.request('POST', '/api/v1/login/refresh', { cookie: refresh })).statusCode).toBe(401);

    const { insertOperator } = await import('./harness');
    await insertOperator(h.db, 'shared@test.hr', 'the right password');
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? h : other;
      await app.request('POST', '/api/v1/login', { body: { username: 'shared@test.hr', password: 'wrong' } });
    }
    const res = await other.request('POST', '/api/v1/login', { body: { username: 'shared@test.hr', password: 'the right password' } });
    expect(res.statusCode).toBe(429);
  });
});

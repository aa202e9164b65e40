import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { type Harness, createHarness, dataOf, errorsOf } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const cookieOf = (res: LightMyRequestResponse) => `faktura_refresh=${res.cookies.find((c) => c.name === 'faktura_refresh')?.value}`;
const refresh = (cookie: string, app: Pick<Harness, 'request'> = h) => app.request('POST', '/api/v1/login/refresh', { cookie });
const works = async (res: LightMyRequestResponse) =>
  (await h.request('GET', '/api/v1/company', { token: dataOf<{ cryptogram: string }>(res).cryptogram })).statusCode === 200;
/** Moves a token's rotation back in time, as if the grace window had passed. */
const rotatedAgo = (ms: number) =>
  h.db.updateTable('refresh_token').set({ used_at: new Date(Date.now() - ms).toISOString() }).where('used_at', 'is not', null).execute();

describe('a grace window for the just-rotated refresh token (issue 12)', () => {
  it('two tabs refreshing in the same instant both stay signed in, with the same new token', async () => {
    const { refresh: cookie } = await h.login();
    const other = await h.sibling();
    const [a, b] = await Promise.all([refresh(cookie), refresh(cookie, other)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(cookieOf(a)).toBe(cookieOf(b));
    expect(cookieOf(a)).not.toBe(cookie);
    expect(await works(a)).toBe(true);
    expect(await works(b)).toBe(true);
    // the shared successor rotates on as usual
    const next = await refresh(cookieOf(a));
    expect(next.statusCode).toBe(200);
    expect(await works(next)).toBe(true);
  });

  it('a retried request after a lost answer gets the same successor, even once that was rotated on', async () => {
    const { refresh: cookie } = await h.login();
    const first = await refresh(cookie);
    const retried = await refresh(cookie);
    expect(retried.statusCode).toBe(200);
    expect(cookieOf(retried)).toBe(cookieOf(first));
    // the tab that got the first answer rotated again; the late one still lands on the live token
    const second = await refresh(cookieOf(first));
    const late = await refresh(cookie);
    expect(late.statusCode).toBe(200);
    expect(cookieOf(late)).toBe(cookieOf(second));
    expect(await works(late)).toBe(true);
  });

  it('after the window, presenting a rotated token again still ends the whole sign-in', async () => {
    const { refresh: cookie, token } = await h.login();
    const first = await refresh(cookie);
    await rotatedAgo(31_000);
    const replay = await refresh(cookie);
    expect(replay.statusCode).toBe(401);
    expect(errorsOf(replay)[0]?.code).toBe('refreshInvalid');
    expect((await refresh(cookieOf(first))).statusCode).toBe(401);
    expect((await h.request('GET', '/api/v1/company', { token })).statusCode).toBe(401);
    expect(await works(first)).toBe(false);
  });

  it('stores no successor that the database alone could use', async () => {
    const { refresh: cookie } = await h.login();
    const first = await refresh(cookie);
    const successor = cookieOf(first).split('=')[1] ?? '';
    const rows = await h.db.selectFrom('refresh_token').selectAll().execute();
    expect(rows.some((r) => r.successor_sealed !== null)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(successor);
  });
});

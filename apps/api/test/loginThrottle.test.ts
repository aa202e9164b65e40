import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/auth/password';
import { ACCOUNT_RULE, ADDRESS_RULE, DEVICE_RULE } from '../src/modules/auth/throttle';
import { DEVICE_COOKIE, issueDeviceCookie } from '../src/modules/auth/deviceCookie';
import { unlockSignIns } from '../src/modules/auth';
import { type Harness, OPERATOR, createHarness, errorsOf, insertOperator } from './harness';
import { nowIso } from '../src/db/time';
import { childClockEnv } from './testClock';

/**
 * Login throttling under concurrency (decisions 006 and 025): failures are counted per account and per
 * client address (or per device cookie, for a browser that signed in before), in the database; an
 * attempt holds a place while it runs, so no more guesses run than failures remain before the block.
 * Every test uses its own accounts and addresses.
 */
let h: Harness;
beforeAll(async () => {
  // room in the sign-in queue (decision 009) for every burst below: these tests are about throttling,
  // and a full queue refuses with its own 429 (performance.test.ts) before anything is counted
  h = await createHarness({ signInQueue: { concurrency: 2, waiting: 200 } });
});
afterAll(async () => {
  await h.close();
});

const RIGHT = 'the right password';

/**
 * An operator whose hash costs more than the test operator's (2^14: tens of milliseconds), so a
 * burst really is in flight while earlier guesses are still being hashed.
 */
async function account(email: string) {
  const now = nowIso();
  await h.db
    .insertInto('operator')
    .values({ email, name: email, password_hash: await hashPassword(RIGHT, 14), created_at: now, updated_at: now })
    .execute();
  return email;
}

const attempt = (app: Harness, username: string, password: string, remoteAddress: string, lang?: string, cookie?: string) =>
  app.request('POST', '/api/v1/login', { body: { username, password }, remoteAddress, ...(lang ? { lang } : {}), ...(cookie ? { cookie } : {}) });

const statuses = (responses: { statusCode: number }[]) => {
  const count: Record<number, number> = {};
  for (const r of responses) count[r.statusCode] = (count[r.statusCode] ?? 0) + 1;
  return count;
};

async function throttleRow(scope: 'account' | 'address' | 'device', subject: string) {
  return h.db
    .selectFrom('login_throttle')
    .selectAll()
    .where('scope', '=', scope)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

describe('a burst of guesses at one account', () => {
  it('60 wrong passwords and then the right one, all at once: five are tried, the rest and the right one get 429', async () => {
    const email = await account('burst@test.hr');
    const burst = [
      ...Array.from({ length: 60 }, (_, i) => attempt(h, email, `wrong ${i}`, '10.0.1.1')),
      attempt(h, email, RIGHT, '10.0.1.1', 'en'),
    ];
    const responses = await Promise.all(burst);
    const right = responses[60];
    expect(statuses(responses)).toEqual({ 401: ACCOUNT_RULE.limit, 429: 61 - ACCOUNT_RULE.limit });
    expect(right?.statusCode).toBe(429);
    expect(errorsOf(right!)).toEqual([{ reason: 'Too many failed sign-ins. Try again in 15 min.', code: 'throttled' }]);
    expect(Number(right?.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(right?.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    const refused = responses.find((r) => r.statusCode === 429 && r !== right);
    expect(errorsOf(refused!)[0]?.reason).toBe('Previše neuspjelih prijava. Pokušajte ponovno za 15 min.');

    // still blocked afterwards, right password or not, and the block did not clear itself
    expect((await attempt(h, email, RIGHT, '10.0.1.1')).statusCode).toBe(429);
    const row = await throttleRow('account', email);
    expect(row?.blocked_until).not.toBeNull();
    // the address was charged only for the five guesses that were tried
    expect((await throttleRow('address', '10.0.1.1'))?.failures).toBe(ACCOUNT_RULE.limit);
  });

  it('a parallel burst of N wrong guesses costs exactly N of the allowance', async () => {
    const email = await account('three@test.hr');
    const responses = await Promise.all(Array.from({ length: 3 }, (_, i) => attempt(h, email, `wrong ${i}`, '10.0.2.1')));
    expect(statuses(responses)).toEqual({ 401: 3 });
    expect((await throttleRow('account', email))?.failures).toBe(3);
    expect((await attempt(h, email, 'wrong 3', '10.0.2.1')).statusCode).toBe(401);
    expect((await attempt(h, email, 'wrong 4', '10.0.2.1')).statusCode).toBe(401);
    expect((await attempt(h, email, RIGHT, '10.0.2.1')).statusCode).toBe(429);
  });

  it('a sign-in that was let through clears the failures before it', async () => {
    const email = await account('forgiven@test.hr');
    for (let i = 0; i < ACCOUNT_RULE.limit - 1; i++) expect((await attempt(h, email, 'wrong', '10.0.3.1')).statusCode).toBe(401);
    // the fifth attempt is admitted (and starts the block while it is being checked) ...
    expect((await attempt(h, email, RIGHT, '10.0.3.1')).statusCode).toBe(200);
    // ... and, being right, gives the account its whole allowance back
    const row = await throttleRow('account', email);
    expect(row).toMatchObject({ failures: 0, running: 0, blocked_until: null });
    for (let i = 0; i < ACCOUNT_RULE.limit; i++) expect((await attempt(h, email, 'wrong', '10.0.3.1')).statusCode).toBe(401);
    expect((await attempt(h, email, RIGHT, '10.0.3.1')).statusCode).toBe(429);
  });

  it('counts unknown e-mails like known ones, so throttling does not reveal which exist', async () => {
    const responses = await Promise.all(Array.from({ length: 8 }, () => attempt(h, 'nobody@test.hr', 'guess', '10.0.4.1')));
    expect(statuses(responses)).toEqual({ 401: ACCOUNT_RULE.limit, 429: 8 - ACCOUNT_RULE.limit });
  });
});

describe('per client address', () => {
  it('one address spraying many accounts is stopped after the address limit; other addresses are not', async () => {
    const address = '10.0.5.1';
    const emails = Array.from({ length: 30 }, (_, i) => `spray${i}@test.hr`);
    for (const email of emails) await insertOperator(h.db, email, RIGHT, email);
    // one guess per account, all at once: no account reaches its own limit, the address does
    const responses = await Promise.all(emails.map((email) => attempt(h, email, 'Password1', address)));
    expect(statuses(responses)).toEqual({ 401: ADDRESS_RULE.limit, 429: 30 - ADDRESS_RULE.limit });
    expect(await throttleRow('address', address)).toMatchObject({ failures: ADDRESS_RULE.limit, running: 0 });
    // the accounts whose attempt the address refused were given their place back, no failure counted
    const refused = emails.filter((_, i) => responses[i]?.statusCode === 429);
    for (const email of refused) expect(await throttleRow('account', email)).toMatchObject({ failures: 0, running: 0 });

    // blocked for every account from that address, even with the right password ...
    const blocked = await attempt(h, emails[0]!, RIGHT, address, 'en');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // ... while the same account signs in from another address
    expect((await attempt(h, emails[0]!, RIGHT, '10.0.5.2')).statusCode).toBe(200);
  });

  it('a valid sign-in from an address gives back only its own attempt, not the failures against others', async () => {
    const address = '10.0.6.1';
    for (let i = 0; i < ADDRESS_RULE.limit + 1; i++) await insertOperator(h.db, `victim${i}@test.hr`, RIGHT, 'victim');
    for (let i = 0; i < ADDRESS_RULE.limit - 1; i++) {
      expect((await attempt(h, `victim${i}@test.hr`, 'guess', address)).statusCode).toBe(401);
    }
    // the attacker's own account signs in: admitted as the 20th attempt, then given back
    expect((await attempt(h, OPERATOR.email, OPERATOR.password, address)).statusCode).toBe(200);
    expect((await throttleRow('address', address))?.failures).toBe(ADDRESS_RULE.limit - 1);
    expect((await attempt(h, `victim${ADDRESS_RULE.limit - 1}@test.hr`, 'guess', address)).statusCode).toBe(401);
    expect((await attempt(h, `victim${ADDRESS_RULE.limit}@test.hr`, 'guess', address)).statusCode).toBe(429);
  });
});

describe('two API processes on one database', () => {
  it('agree on the count: a burst split between them still admits five', async () => {
    const other = await h.sibling();
    const email = await account('split@test.hr');
    const burst = [
      ...Array.from({ length: 60 }, (_, i) => attempt(i % 2 === 0 ? h : other, email, `wrong ${i}`, `10.0.7.${i % 4}`)),
      attempt(other, email, RIGHT, '10.0.7.9'),
    ];
    const responses = await Promise.all(burst);
    expect(statuses(responses)).toEqual({ 401: ACCOUNT_RULE.limit, 429: 61 - ACCOUNT_RULE.limit });
    expect(responses[60]?.statusCode).toBe(429);
    // either process refuses the right password now
    expect((await attempt(h, email, RIGHT, '10.0.7.10')).statusCode).toBe(429);
    expect((await attempt(other, email, RIGHT, '10.0.7.11')).statusCode).toBe(429);
  });
});

describe('behind a reverse proxy', () => {
  it('takes the client address from X-Forwarded-For only when the proxy is configured', async () => {
    for (let i = 0; i < ADDRESS_RULE.limit + 1; i++) await insertOperator(h.db, `proxied${i}@test.hr`, RIGHT, 'p');
    const guess = (app: Harness, i: number, client: string) =>
      app.request('POST', '/api/v1/login', {
        body: { username: `proxied${i}@test.hr`, password: 'wrong' },
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': client },
      });

    // not configured: the header is ignored (anyone could send it); the proxy's address is counted
    expect((await guess(h, 0, '203.0.113.7')).statusCode).toBe(401);
    expect((await throttleRow('address', '10.9.9.9'))?.failures).toBe(1);
    expect(await throttleRow('address', '203.0.113.7')).toBeUndefined();

    // FAKTURA_TRUST_PROXY names the proxy: each client behind it has its own allowance
    const proxied = await h.sibling({ FAKTURA_TRUST_PROXY: '10.9.9.0/24' });
    for (let i = 0; i < ADDRESS_RULE.limit; i++) expect((await guess(proxied, i, '203.0.113.8')).statusCode).toBe(401);
    expect((await guess(proxied, ADDRESS_RULE.limit, '203.0.113.8')).statusCode).toBe(429);
    expect((await guess(proxied, ADDRESS_RULE.limit, '203.0.113.9')).statusCode).toBe(401);
    expect((await throttleRow('address', '10.9.9.9'))?.failures).toBe(1);
  });
});

/** Signs in and returns the device cookie the browser was given, as a Cookie header. */
async function signInForDeviceCookie(email: string, address: string): Promise<string> {
  const res = await attempt(h, email, RIGHT, address);
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
  expect(cookie).toBeDefined();
  return `${DEVICE_COOKIE}=${cookie!.value}`;
}

/**
 * Twenty wrong guesses at twenty accounts from one address: the address is blocked for every browser
 * without a device cookie. (Accounts with a cheap hash, so the setup is quick; unknown accounts cost
 * the full decoy hash and are counted the same, as the test above shows.)
 */
async function throttleAddress(address: string) {
  for (let i = 0; i < ADDRESS_RULE.limit; i++) {
    const email = `ghost${i}@${address}.test`;
    await insertOperator(h.db, email, RIGHT, email);
    expect((await attempt(h, email, 'guess', address)).statusCode).toBe(401);
  }
  expect((await throttleRow('address', address))?.blocked_until).not.toBeNull();
}

describe('device cookies (a browser that signed in before)', () => {
  it('is given on a successful sign-in: HttpOnly, SameSite=Strict, for the sign-in routes only, for a year; Secure over TLS', async () => {
    const email = await account('cookie@test.hr');
    const res = await attempt(h, email, RIGHT, '10.1.0.1');
    const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/login' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.maxAge).toBeGreaterThanOrEqual(364 * 24 * 3600);
    // a wrong password gives none
    expect((await attempt(h, email, 'wrong', '10.1.0.1')).cookies.find((c) => c.name === DEVICE_COOKIE)).toBeUndefined();
    // behind a trusted TLS proxy the cookie is Secure
    const proxied = await h.sibling({ FAKTURA_TRUST_PROXY: '10.1.9.0/24' });
    const tls = await proxied.request('POST', '/api/v1/login', {
      body: { username: email, password: RIGHT },
      remoteAddress: '10.1.9.9',
      headers: { 'x-forwarded-for': '203.0.113.50', 'x-forwarded-proto': 'https' },
    });
    expect(tls.statusCode).toBe(200);
    expect(tls.cookies.find((c) => c.name === DEVICE_COOKIE)?.secure).toBe(true);
  });

  it('still signs in while its address is throttled and the account is blocked for strangers; a new browser does not', async () => {
    const email = await account('office@test.hr');
    const address = '10.1.1.1';
    const device = await signInForDeviceCookie(email, address);
    await throttleAddress(address);
    // and someone elsewhere guesses at the account itself until it is blocked for unknown browsers
    for (let i = 0; i < ACCOUNT_RULE.limit; i++) expect((await attempt(h, email, `wrong ${i}`, '10.1.1.2')).statusCode).toBe(401);

    const stranger = await attempt(h, email, RIGHT, address, 'en');
    expect(stranger.statusCode).toBe(429);
    expect((await attempt(h, email, RIGHT, '10.1.1.3')).statusCode).toBe(429);
    const known = await attempt(h, email, RIGHT, address, 'en', device);
    expect(known.statusCode).toBe(200);
    // and a typo from that browser counts against its cookie, not the address or the account
    const before = await throttleRow('account', email);
    expect((await attempt(h, email, 'typo', address, 'hr', device)).statusCode).toBe(401);
    expect((await throttleRow('account', email))?.failures).toBe(before?.failures);
    expect((await throttleRow('address', address))?.failures).toBe(ADDRESS_RULE.limit);
  });

  it('gives no privilege when forged, altered, signed with another key, or issued to another account', async () => {
    const email = await account('target@test.hr');
    const other = await account('other@test.hr');
    const address = '10.1.2.1';
    const otherCookie = await signInForDeviceCookie(other, address);
    const genuine = (await signInForDeviceCookie(email, '10.1.2.9')).split('=')[1]!;
    await throttleAddress(address);
    const [name, nonce, issued] = genuine.split('.');
    const forged = [
      otherCookie,
      `${DEVICE_COOKIE}=${issueDeviceCookie(new TextEncoder().encode('another server secret, not ours'), email)}`,
      `${DEVICE_COOKIE}=${name}.${nonce}.${Number(issued) + 1}.${genuine.split('.')[3]}`,
      `${DEVICE_COOKIE}=${Buffer.from(email).toString('base64url')}.${nonce}.${issued}.${'A'.repeat(43)}`,
      `${DEVICE_COOKIE}=garbage`,
      // the account part of another account's genuine cookie swapped for this one's
      `${DEVICE_COOKIE}=${[name, ...otherCookie.split('=')[1]!.split('.').slice(1)].join('.')}`,
    ];
    for (const cookie of forged) expect((await attempt(h, email, RIGHT, address, 'en', cookie)).statusCode).toBe(429);
    // the other account's cookie works for the other account only
    expect((await attempt(h, other, RIGHT, address, 'en', otherCookie)).statusCode).toBe(200);
    expect((await attempt(h, email, RIGHT, address, 'en', `${DEVICE_COOKIE}=${genuine}`)).statusCode).toBe(200);
  });

  it('is locked out after five failures of its own, in a burst too; then it is a stranger again', async () => {
    const email = await account('typist@test.hr');
    const address = '10.1.3.1';
    const device = await signInForDeviceCookie(email, address);
    await throttleAddress(address);
    // twelve wrong passwords at once from the trusted browser: five are tried, the rest refused
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => attempt(h, email, `wrong ${i}`, address, 'en', device)));
    expect(statuses(burst)).toEqual({ 401: DEVICE_RULE.limit, 429: 12 - DEVICE_RULE.limit });
    const nonce = decodeURIComponent(device.split('=')[1]!).split('.')[1]!;
    expect(await throttleRow('device', nonce)).toMatchObject({ account: email, failures: DEVICE_RULE.limit, running: 0 });
    expect((await throttleRow('device', nonce))?.blocked_until).not.toBeNull();
    // locked out, the cookie is judged like any browser: this address is throttled, so even the right password waits
    const locked = await attempt(h, email, RIGHT, address, 'en', device);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // the account's own count for strangers was not touched by the cookie's failures
    expect((await throttleRow('account', email))?.failures ?? 0).toBe(0);
    // from an address that is not throttled, the locked-out browser is a stranger with the account's allowance
    expect((await attempt(h, email, RIGHT, '10.1.3.2', 'en', device)).statusCode).toBe(200);
  });
});

describe('concurrent correct sign-ins', () => {
  it('ten at once of one account, from one address, all succeed and leave nothing counted', async () => {
    const email = await account('busy@test.hr');
    const responses = await Promise.all(Array.from({ length: 10 }, () => attempt(h, email, RIGHT, '10.2.0.1')));
    expect(statuses(responses)).toEqual({ 200: 10 });
    expect(await throttleRow('account', email)).toMatchObject({ failures: 0, running: 0, blocked_until: null });
    expect(await throttleRow('address', '10.2.0.1')).toMatchObject({ failures: 0, running: 0 });
  });

  it('ten at once from a browser that signed in before, and mixed with a few typos, all the right ones succeed', async () => {
    const email = await account('tabs@test.hr');
    const device = await signInForDeviceCookie(email, '10.2.1.1');
    const responses = await Promise.all([
      ...Array.from({ length: 10 }, () => attempt(h, email, RIGHT, '10.2.1.1', 'hr', device)),
      ...Array.from({ length: 2 }, () => attempt(h, email, 'typo', '10.2.1.1', 'hr', device)),
    ]);
    expect(responses.slice(0, 10).map((r) => r.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(statuses(responses.slice(10))).toEqual({ 401: 2 });
  });
});

describe('the wait a refused sign-in is told', () => {
  it('429 carries Retry-After and a reason with the minutes left, in Croatian and English', async () => {
    const email = await account('wait@test.hr');
    for (let i = 0; i < ACCOUNT_RULE.limit; i++) expect((await attempt(h, email, 'wrong', '10.3.0.1')).statusCode).toBe(401);
    // the block has seven minutes to run
    const until = new Date(Date.now() + 7 * 60_000 - 5_000).toISOString();
    await h.db.updateTable('login_throttle').set({ blocked_until: until }).where('scope', '=', 'account').where('subject', '=', email).execute();
    const en = await attempt(h, email, RIGHT, '10.3.0.2', 'en');
    expect(en.statusCode).toBe(429);
    expect(errorsOf(en)).toEqual([{ reason: 'Too many failed sign-ins. Try again in 7 min.', code: 'throttled' }]);
    const retryAfter = Number(en.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(6 * 60);
    expect(retryAfter).toBeLessThanOrEqual(7 * 60);
    const hr = await attempt(h, email, RIGHT, '10.3.0.2', 'hr');
    expect(errorsOf(hr)[0]?.reason).toBe('Previše neuspjelih prijava. Pokušajte ponovno za 7 min.');
    expect(Number(hr.headers['retry-after'])).toBeGreaterThan(6 * 60);
  });
});

describe('npm run operator -- unlock', () => {
  it('lifts an account\'s lock (and its device cookies\'), saying what it lifted; other locks stay', async () => {
    const email = await account('locked@test.hr');
    const device = await signInForDeviceCookie(email, '10.4.0.9');
    for (let i = 0; i < ACCOUNT_RULE.limit; i++) expect((await attempt(h, email, 'wrong', '10.4.0.1')).statusCode).toBe(401);
    for (let i = 0; i < 2; i++) expect((await attempt(h, email, 'wrong', '10.4.0.9', 'hr', device)).statusCode).toBe(401);
    const bystander = await account('bystander@test.hr');
    for (let i = 0; i < ACCOUNT_RULE.limit; i++) expect((await attempt(h, bystander, 'wrong', '10.4.0.2')).statusCode).toBe(401);
    expect((await attempt(h, email, RIGHT, '10.4.0.1')).statusCode).toBe(429);

    const lifted = await unlockSignIns(h.db, { email: ' Locked@Test.hr ' });
    const byScope = Object.fromEntries(lifted.map((lift) => [lift.scope, lift]));
    expect(lifted).toHaveLength(2);
    expect(byScope.account).toMatchObject({ subject: email, failures: ACCOUNT_RULE.limit });
    expect(new Date(byScope.account!.blockedUntil!).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(byScope.device).toEqual({ scope: 'device', subject: email, failures: 2, blockedUntil: null });
    expect((await attempt(h, email, RIGHT, '10.4.0.1')).statusCode).toBe(200);
    expect((await attempt(h, bystander, RIGHT, '10.4.0.2')).statusCode).toBe(429);
    expect(await unlockSignIns(h.db, { email })).toEqual([]);
  });

  it('from the command line: an address, or everything, and says so', async () => {
    const email = await account('cli@test.hr');
    await throttleAddress('10.4.1.1');
    for (let i = 0; i < ACCOUNT_RULE.limit; i++) expect((await attempt(h, email, 'wrong', '10.4.1.2')).statusCode).toBe(401);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-unlock-'));
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', 'apps/api/src/cli/operator.ts', 'unlock', ...args], {
        env: { PATH: process.env.PATH, FAKTURA_DATA_DIR: dataDir, ...h.databaseEnv, ...childClockEnv() },
        encoding: 'utf8',
        cwd: path.resolve(__dirname, '../../..'),
      });
    try {
      expect(cli().status).toBe(2);
      const address = cli('--address', '10.4.1.1');
      expect(address.status, address.stderr).toBe(0);
      expect(address.stdout).toMatch(/^Lifted 1 lock and forgot the failed sign-ins of 10\.4\.1\.1:\n {2}address 10\.4\.1\.1: lock lifted \(it had 15 min to run, until \S+; 20 failed sign-ins\)\n$/);
      expect((await attempt(h, 'ghost0@10.4.1.1.test', 'guess', '10.4.1.1')).statusCode).toBe(401);
      expect((await attempt(h, email, RIGHT, '10.4.1.3')).statusCode).toBe(429);

      const all = cli('--all');
      expect(all.status, all.stderr).toBe(0);
      expect(all.stdout).toContain(`account ${email}: lock lifted (it had 15 min to run`);
      expect((await attempt(h, email, RIGHT, '10.4.1.3')).statusCode).toBe(200);
      expect(await h.db.selectFrom('login_throttle').selectAll().where('failures', '>', 0).execute()).toEqual([]);
      expect(cli('--email', 'nobody@test.hr').stdout).toBe('Nothing to lift: no failed sign-ins are counted against nobody@test.hr.\n');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

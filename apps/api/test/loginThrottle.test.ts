import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/auth/password';
import { ACCOUNT_RULE, ADDRESS_RULE } from '../src/modules/auth/throttle';
import { type Harness, OPERATOR, createHarness, errorsOf, insertOperator } from './harness';
import { nowIso } from '../src/db/time';

/**
 * Login throttling under concurrency: attempts are counted before the password is hashed, per
 * account and per client address, in the database. Every test uses its own accounts and addresses.
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

const attempt = (app: Harness, username: string, password: string, remoteAddress: string, lang?: string) =>
  app.request('POST', '/api/v1/login', { body: { username, password }, remoteAddress, ...(lang ? { lang } : {}) });

const statuses = (responses: { statusCode: number }[]) => {
  const count: Record<number, number> = {};
  for (const r of responses) count[r.statusCode] = (count[r.statusCode] ?? 0) + 1;
  return count;
};

async function throttleRow(scope: 'account' | 'address', subject: string) {
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
    expect((await throttleRow('address', '10.0.1.1'))?.attempts).toBe(ACCOUNT_RULE.limit);
  });

  it('a parallel burst of N wrong guesses costs exactly N of the allowance', async () => {
    const email = await account('three@test.hr');
    const responses = await Promise.all(Array.from({ length: 3 }, (_, i) => attempt(h, email, `wrong ${i}`, '10.0.2.1')));
    expect(statuses(responses)).toEqual({ 401: 3 });
    expect((await throttleRow('account', email))?.attempts).toBe(3);
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
    expect(row).toMatchObject({ attempts: 0, blocked_until: null });
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
    expect((await throttleRow('address', address))?.attempts).toBeGreaterThan(ADDRESS_RULE.limit);
    // the accounts whose attempt the address refused were given it back
    const refused = emails.filter((_, i) => responses[i]?.statusCode === 429);
    for (const email of refused) expect((await throttleRow('account', email))?.attempts).toBe(0);

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
    expect((await throttleRow('address', address))?.attempts).toBe(ADDRESS_RULE.limit - 1);
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
    expect((await throttleRow('address', '10.9.9.9'))?.attempts).toBe(1);
    expect(await throttleRow('address', '203.0.113.7')).toBeUndefined();

    // FAKTURA_TRUST_PROXY names the proxy: each client behind it has its own allowance
    const proxied = await h.sibling({ FAKTURA_TRUST_PROXY: '10.9.9.0/24' });
    for (let i = 0; i < ADDRESS_RULE.limit; i++) expect((await guess(proxied, i, '203.0.113.8')).statusCode).toBe(401);
    expect((await guess(proxied, ADDRESS_RULE.limit, '203.0.113.8')).statusCode).toBe(429);
    expect((await guess(proxied, ADDRESS_RULE.limit, '203.0.113.9')).statusCode).toBe(401);
    expect((await throttleRow('address', '10.9.9.9'))?.attempts).toBe(1);
  });
});

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The device cookie of OWASP's "Slow Down Online Guessing Attacks with Device Cookies": set on a
 * successful sign-in, it names the account the browser signed in as, a random nonce and when it was
 * issued, signed with an HMAC under a key derived from the server's secret. A browser presenting a
 * valid one for the account it types is judged by that cookie's own failures (throttle.ts), not by
 * its address's or the account's count for unknown browsers. It grants nothing else: it is not a
 * sign-in, only a reason not to be locked out with strangers.
 *
 * `<account, base64url>.<nonce>.<issued, seconds since the epoch>.<HMAC-SHA-256, base64url>`
 */
export const DEVICE_COOKIE = 'faktura_device';
export const DEVICE_COOKIE_TTL_MS = 365 * 24 * 60 * 60 * 1000;

const LABEL = 'faktura-device-cookie-v1';
const keys = new WeakMap<Uint8Array, Buffer>();
/** Its own key, so a device cookie's MAC can never stand for an access token's signature or the reverse. */
function deviceKey(secret: Uint8Array): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update(LABEL).digest();
    keys.set(secret, key);
  }
  return key;
}

function mac(secret: Uint8Array, payload: string): Buffer {
  return createHmac('sha256', deviceKey(secret)).update(payload).digest();
}

/** A new device cookie for an account (the lower-cased e-mail) that has just signed in. */
export function issueDeviceCookie(secret: Uint8Array, account: string, now = new Date()): string {
  const payload = [
    Buffer.from(account, 'utf8').toString('base64url'),
    randomBytes(16).toString('base64url'),
    String(Math.floor(now.getTime() / 1000)),
  ].join('.');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/**
 * The nonce of a device cookie that is genuine, not older than its lifetime and issued to `account`;
 * null for anything else (absent, forged, altered, expired, another account's).
 */
export function deviceNonce(secret: Uint8Array, cookie: string | undefined, account: string, now = new Date()): string | null {
  if (!cookie || cookie.length > 1024) return null;
  const parts = cookie.split('.');
  if (parts.length !== 4) return null;
  const [name = '', nonce = '', issued = '', signature = ''] = parts;
  const expected = mac(secret, `${name}.${nonce}.${issued}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Buffer.from(name, 'base64url').toString('utf8') !== account) return null;
  const issuedMs = Number(issued) * 1000;
  if (!/^\d+$/.test(issued) || issuedMs > now.getTime() + 60_000 || now.getTime() - issuedMs > DEVICE_COOKIE_TTL_MS) return null;
  return /^[A-Za-z0-9_-]{22}$/.test(nonce) ? nonce : null;
}

import { createCipheriv, createDecipheriv, createHash, randomBytes, webcrypto } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';

export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * How long a just-rotated refresh token still answers with its successor (RFC 9700 §4.14.2), so two
 * tabs refreshing at once, or a retried request whose answer was lost, do not end the sign-in.
 */
export const REFRESH_GRACE_MS = 30 * 1000;
const ISSUER = 'faktura';
const AUDIENCE = 'faktura-api';

export interface AccessClaims {
  operatorId: number;
  familyId: string;
}

/**
 * The signing secret: FAKTURA_SECRET when configured (required when several processes share a
 * database), otherwise generated once and kept in the data directory.
 */
export function loadSecret(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'secret.key');
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  } catch {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const secret = randomBytes(32);
    try {
      fs.writeFileSync(file, secret.toString('hex'), { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      // another process wrote it first: use theirs
      return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
    }
  }
}

/**
 * The HMAC key of a secret, imported once: jose imports a raw Uint8Array key again on every call,
 * which would cost each authenticated request a WebCrypto import.
 */
const hmacKeys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();
function hmacKey(secret: Uint8Array): Promise<webcrypto.CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    hmacKeys.set(secret, key);
  }
  return key;
}

export async function signAccessToken(
  secret: Uint8Array,
  claims: AccessClaims,
  now = new Date(),
): Promise<{ cryptogram: string; expiresAt: string }> {
  const expires = new Date(now.getTime() + ACCESS_TOKEN_TTL_MS);
  const cryptogram = await new SignJWT({ sid: claims.familyId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.operatorId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expires.getTime() / 1000))
    .sign(await hmacKey(secret));
  return { cryptogram, expiresAt: expires.toISOString() };
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; expired: boolean };

/**
 * Tokens whose signature and claims were checked, by their exact text, so that the HMAC (WebCrypto,
 * ~12 % of an authenticated read's CPU) runs once per token rather than on every request a page
 * makes with it. A hit still checks the expiry against the clock; only a token that passed the full
 * check is kept; the memo is bounded (the least recently used token goes first). Whether the sign-in
 * still stands is not memoised: `authenticate` asks the database on every request.
 */
const VERIFIED_CAPACITY = 256;
interface Verified {
  claims: AccessClaims;
  /** seconds since the epoch, as in the token */
  exp: number;
  iat: number;
}
const verifiedBySecret = new WeakMap<Uint8Array, LRUCache<string, Verified>>();

function verifiedTokens(secret: Uint8Array): LRUCache<string, Verified> {
  let memo = verifiedBySecret.get(secret);
  if (!memo) {
    memo = new LRUCache({ max: VERIFIED_CAPACITY });
    verifiedBySecret.set(secret, memo);
  }
  return memo;
}

/** How many verified tokens are kept for a secret (for tests). */
export function verifiedTokenCount(secret: Uint8Array): number {
  return verifiedBySecret.get(secret)?.size ?? 0;
}

/**
 * Verifies signature (HS256 only), issuer, audience and expiry, and that the token lives no longer
 * than we issue tokens for: a token signed with the right key but a longer lifetime is refused.
 */
export async function verifyAccessToken(secret: Uint8Array, token: string, now = new Date()): Promise<VerifyResult> {
  const memo = verifiedTokens(secret);
  const known = memo.get(token);
  const seconds = Math.floor(now.getTime() / 1000);
  if (known) {
    // jose's rules: expired when exp is not after now, or older than the longest life we issue
    if (known.exp <= seconds || seconds - known.iat > ACCESS_TOKEN_TTL_MS / 1000) {
      memo.delete(token);
      return { ok: false, expired: true };
    }
    return { ok: true, claims: known.claims };
  }
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp', 'iat', 'sub'],
      maxTokenAge: Math.floor(ACCESS_TOKEN_TTL_MS / 1000),
      currentDate: now,
    });
    const exp = payload.exp ?? 0;
    const iat = payload.iat ?? 0;
    if (exp - iat > ACCESS_TOKEN_TTL_MS / 1000) return { ok: false, expired: false };
    const operatorId = Number(payload.sub);
    if (!Number.isInteger(operatorId) || typeof payload.sid !== 'string') return { ok: false, expired: false };
    const claims = { operatorId, familyId: payload.sid };
    memo.set(token, { claims, exp, iat });
    return { ok: true, claims };
  } catch (error) {
    return { ok: false, expired: error instanceof joseErrors.JWTExpired };
  }
}

/** A refresh token: 256 random bits; only its SHA-256 is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newFamilyId(): string {
  return randomBytes(16).toString('hex');
}

// The successor's key comes from the rotated token under its own label, so it differs from the
// stored hash: reading the database does not open it.
const successorKey = (presented: string) => createHash('sha256').update('faktura-successor\0').update(presented).digest();

/** Seals a successor token so only the holder of `presented` can open it (AES-256-GCM). */
export function sealSuccessor(presented: string, successor: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', successorKey(presented), iv);
  const sealed = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

/** The successor sealed by `sealSuccessor`, or null when it does not open with this token. */
export function openSuccessor(presented: string, sealed: string): string | null {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', successorKey(presented), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_MS, signAccessToken, verifiedTokenCount, verifyAccessToken } from '../src/modules/auth/tokens';

// each test its own secret: the memo of verified tokens is kept per secret
const secret = (name: string) => new TextEncoder().encode(`tokens-test-${name}-secret-secret-secret`);
const claims = { operatorId: 7, familyId: 'family-7' };

describe('access tokens checked once', () => {
  it('answer the same claims again, and expire on time even when remembered', async () => {
    const key = secret('expiry');
    const issued = new Date('2026-11-26T10:00:00Z');
    const { cryptogram } = await signAccessToken(key, claims, issued);
    expect(await verifyAccessToken(key, cryptogram, new Date('2026-11-26T10:01:00Z'))).toEqual({ ok: true, claims });
    expect(verifiedTokenCount(key)).toBe(1);
    expect(await verifyAccessToken(key, cryptogram, new Date('2026-11-26T10:14:59Z'))).toEqual({ ok: true, claims });
    // the very second the token runs out, the remembered one is refused as expired, and forgotten
    const end = new Date(issued.getTime() + ACCESS_TOKEN_TTL_MS);
    expect(await verifyAccessToken(key, cryptogram, end)).toEqual({ ok: false, expired: true });
    expect(verifiedTokenCount(key)).toBe(0);
    expect(await verifyAccessToken(key, cryptogram, end)).toEqual({ ok: false, expired: true });
  });

  it('remember only tokens that passed, by their exact text', async () => {
    const key = secret('exact');
    const now = new Date();
    const { cryptogram } = await signAccessToken(key, claims, now);
    expect((await verifyAccessToken(key, cryptogram, now)).ok).toBe(true);
    const tampered = cryptogram.slice(0, -2) + (cryptogram.endsWith('AA') ? 'BB' : 'AA');
    expect(await verifyAccessToken(key, tampered, now)).toEqual({ ok: false, expired: false });
    // signed with another key: refused, and not remembered under this key
    const { cryptogram: foreign } = await signAccessToken(secret('other'), claims, now);
    expect(await verifyAccessToken(key, foreign, now)).toEqual({ ok: false, expired: false });
    // the right key, a longer life than we issue: refused every time
    const long = await new SignJWT({ sid: 'family-7' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('7')
      .setIssuer('faktura')
      .setAudience('faktura-api')
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(now.getTime() / 1000) + 3600)
      .sign(key);
    expect(await verifyAccessToken(key, long, now)).toEqual({ ok: false, expired: false });
    expect(await verifyAccessToken(key, long, now)).toEqual({ ok: false, expired: false });
    expect(verifiedTokenCount(key)).toBe(1);
  });

  it('keep at most 256 tokens', async () => {
    const key = secret('bound');
    const now = new Date();
    for (let i = 0; i < 300; i++) {
      const { cryptogram } = await signAccessToken(key, { operatorId: i + 1, familyId: `f${i}` }, new Date(now.getTime() - i * 1000));
      expect((await verifyAccessToken(key, cryptogram, now)).ok).toBe(true);
    }
    expect(verifiedTokenCount(key)).toBe(256);
  });
});

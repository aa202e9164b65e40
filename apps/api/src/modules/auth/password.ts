import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing with scrypt at OWASP's parameters (N = 2^17, r = 8, p = 1). The parameters are
 * stored with the hash, so stronger ones later do not break existing passwords.
 * Format: `scrypt$<log2 N>$<r>$<p>$<salt base64>$<hash base64>`.
 */
const DEFAULT_LOG2_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, log2N: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** log2N;
  return new Promise((resolve, reject) => {
    // maxmem must exceed 128 * N * r bytes (128 MiB at the defaults)
    scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** `log2N` below the default exists only for test factories, where speed matters more than strength. */
export async function hashPassword(password: string, log2N = DEFAULT_LOG2_N): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, log2N, R, P);
  return ['scrypt', log2N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, log2N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(log2N), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of a random password, verified against when the username is unknown (same timing). */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}

/** A readable random password for generated accounts (about 120 bits). */
export function generatePassword(): string {
  return randomBytes(15).toString('base64url');
}

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption at rest of the certificate's private key: AES-256-GCM (node:crypto) under a key derived
 * with HKDF-SHA256 from the server's secret (FAKTURA_SECRET, or `secret.key` in the data directory,
 * the same secret that signs sign-ins). A database backup alone therefore does not reveal the key;
 * restoring it where the secret is the same (the same data directory, or the same FAKTURA_SECRET)
 * gives it back. With another secret the key cannot be read and the certificate must be uploaded
 * again (`SecretBoxError`), which the settings screen says.
 *
 * Format: `v1.<iv>.<tag>.<ciphertext>`, each base64url; the purpose is bound as associated data
 * (and into the derived key), so a secret sealed for one purpose (the intermediary's password,
 * issue 32) cannot be opened as another.
 */
const PURPOSE = 'faktura fiscalization private key v1';

export class SecretBoxError extends Error {
  constructor() {
    super('the stored private key cannot be decrypted with this server secret');
    this.name = 'SecretBoxError';
  }
}

function keyOf(secret: Uint8Array, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.from('faktura'), Buffer.from(purpose), 32));
}

export function seal(secret: Uint8Array, plaintext: string, purpose: string = PURPOSE): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret, purpose), iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function open(secret: Uint8Array, sealed: string, purpose: string = PURPOSE): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new SecretBoxError();
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret, purpose), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretBoxError();
  }
}

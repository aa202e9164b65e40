import { createHash, createSign } from 'node:crypto';
import { type B2cInvoice, zkiPayload } from './racun';

/**
 * The issuer's protective code, ZKI ("zaštitni kod izdavatelja", TS-F1 ch. 12): the payload of
 * `zkiPayload` (UTF-8) signed with the issuer's private key (RSA, PKCS#1 v1.5), and the MD5 of that
 * signature as 32 lower-case hex digits, printed on the invoice and sent as `ZastKod`.
 *
 * The hash inside the signature: v2.6 (24.06.2025, the copy in `shared/`) says RSA-SHA1; v2.7
 * (16.06.2026) moves the service's signatures to RSA-SHA256 (production accepts it from 1.5.2026 and
 * refuses SHA-1 from 1.1.2027; the test service refuses SHA-1 since 1.7.2026), and peers read its
 * ch. 12 as SHA256withRSA for the ZKI too. Decision 031 records the sources and how sure they are.
 * Node's crypto signs; nothing here is hand-rolled.
 */
export type ZkiHash = 'sha256' | 'sha1';
export const ZKI_HASH: ZkiHash = 'sha256';

export function computeZki(
  invoice: Pick<B2cInvoice, 'issuerOib' | 'issuedAt' | 'number' | 'totalCents'>,
  privateKeyPem: string,
  hash: ZkiHash = ZKI_HASH,
): string {
  const signature = createSign(hash === 'sha256' ? 'RSA-SHA256' : 'RSA-SHA1').update(zkiPayload(invoice), 'utf8').sign(privateKeyPem);
  return createHash('md5').update(signature).digest('hex');
}

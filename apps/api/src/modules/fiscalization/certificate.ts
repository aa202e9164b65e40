import { X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { isValidOib } from '@faktura/shared';

/**
 * The user's fiscalization certificate: an application certificate ("aplikativni certifikat") with
 * the OIB in its subject, delivered as a PKCS#12 file (.p12/.pfx) with a password (TS-F2 7.2,
 * Table 128; ZoF čl. 48 st.6). PKCS#12 is read by node-forge; nothing here is hand-rolled crypto.
 *
 * The private key leaves this module only as PEM for the signer; it is never logged and never part
 * of an answer (`CertificateInfo` carries no key).
 */
export interface SigningCredentials {
  privateKeyPem: string;
  certificatePem: string;
  /** The rest of the chain the file carries (intermediate CAs), PEM, possibly empty. */
  chainPem: string[];
  info: CertificateInfo;
}

/** What may be shown about a certificate: no key material. */
export interface CertificateInfo {
  subject: string;
  issuer: string;
  /** The OIB found in the subject (serialNumber, organizationIdentifier, CN or O, as issuers write it). */
  oib: string;
  serialNumber: string;
  validFrom: string;
  validTo: string;
  /** SHA-256 fingerprint of the DER certificate, hex with colons. */
  fingerprint256: string;
}

export type CertificateProblem = 'notPkcs12' | 'wrongPassword' | 'noKey' | 'noOib' | 'expired' | 'notYetValid';

export class CertificateError extends Error {
  constructor(
    readonly problem: CertificateProblem,
    /** For `expired` and `notYetValid`: the certificate's own dates, which the refusal names. */
    readonly validity?: { validFrom: string; validTo: string },
  ) {
    super(`certificate: ${problem}`);
    this.name = 'CertificateError';
  }
}

/**
 * The first valid OIB in a subject: FINA writes it as `serialNumber` or inside `O`/`CN`
 * ("TVRTKA D.O.O. 12345678903", "HR12345678903"), others as organizationIdentifier `VATHR-…`.
 */
export function oibInSubject(subject: string): string | null {
  for (const match of subject.matchAll(/(?<!\d)(\d{11})(?!\d)/g)) {
    const candidate = match[1];
    if (candidate && isValidOib(candidate)) return candidate;
  }
  return null;
}

/** PKCS#12 bag types (RFC 7292, 4.2). */
const OID = { keyBag: '1.2.840.113549.1.12.10.1.1', shroudedKeyBag: '1.2.840.113549.1.12.10.1.2', certBag: '1.2.840.113549.1.12.10.1.3' } as const;

/** Reads a PKCS#12 file. Throws `CertificateError` with the reason a user can act on. */
export function readPkcs12(file: Uint8Array, password: string, now: Date = new Date()): SigningCredentials {
  let p12: forge.pkcs12.Pkcs12Pfx;
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(file).toString('binary')));
  } catch {
    throw new CertificateError('notPkcs12');
  }
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    // forge says "Invalid password?" when the MAC does not verify, and fails to decrypt otherwise
    if (/password|MAC|decrypt/i.test(message)) throw new CertificateError('wrongPassword');
    throw new CertificateError('notPkcs12');
  }
  const bags = (type: string): forge.pkcs12.Bag[] => p12.getBags({ bagType: type })[type] ?? [];
  const keyBags = [...bags(OID.shroudedKeyBag), ...bags(OID.keyBag)];
  const key = keyBags.find((bag) => bag.key)?.key;
  if (!key) throw new CertificateError('noKey');
  const certificates = bags(OID.certBag)
    .map((bag) => bag.cert)
    .filter((cert): cert is forge.pki.Certificate => cert !== undefined && cert !== null);
  // the signing certificate is the one whose public key belongs to the private key
  const rsaKey = key;
  const own = certificates.find((cert) => {
    const publicKey = cert.publicKey as forge.pki.rsa.PublicKey;
    return publicKey.n !== undefined && publicKey.n.equals(rsaKey.n) && publicKey.e.equals(rsaKey.e);
  });
  if (!own) throw new CertificateError('noKey');
  const certificatePem = forge.pki.certificateToPem(own);
  const info = certificateInfo(certificatePem);
  if (now.getTime() > Date.parse(info.validTo)) throw new CertificateError('expired', info);
  if (now.getTime() < Date.parse(info.validFrom)) throw new CertificateError('notYetValid', info);
  return {
    privateKeyPem: forge.pki.privateKeyToPem(key),
    certificatePem,
    chainPem: certificates.filter((cert) => cert !== own).map((cert) => forge.pki.certificateToPem(cert)),
    info,
  };
}

/** What a certificate says about itself (Node's X509 parser). Throws `noOib` when its subject has none. */
export function certificateInfo(certificatePem: string): CertificateInfo {
  const x509 = new X509Certificate(certificatePem);
  const subject = x509.subject.replace(/\n/g, ', ');
  const oib = oibInSubject(x509.subject);
  if (!oib) throw new CertificateError('noOib');
  return {
    subject,
    issuer: x509.issuer.replace(/\n/g, ', '),
    oib,
    serialNumber: x509.serialNumber,
    validFrom: new Date(x509.validFrom).toISOString(),
    validTo: new Date(x509.validTo).toISOString(),
    fingerprint256: x509.fingerprint256,
  };
}

import forge from 'node-forge';

/**
 * A test PKI made by the tests themselves (node-forge): a CA, certificates it issues (an application
 * certificate with an OIB in its subject, like FINA's "aplikacijski certifikat"; a TLS server
 * certificate for the service double) and PKCS#12 files of them. Nothing here is a real key.
 * RSA keys are 2048 bits and slow to make, so a few are made once per test file and reused.
 */
export interface TestIdentity {
  keyPem: string;
  certificatePem: string;
  key: forge.pki.rsa.PrivateKey;
  certificate: forge.pki.Certificate;
}

const keyPairs: forge.pki.rsa.KeyPair[] = [];
/** The n-th key pair of this test run (made on first use). */
export function keyPair(n: number): forge.pki.rsa.KeyPair {
  while (keyPairs.length <= n) keyPairs.push(forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 }));
  return keyPairs[n] as forge.pki.rsa.KeyPair;
}

let serial = 1;
function certificate(options: {
  keys: forge.pki.rsa.KeyPair;
  subject: forge.pki.CertificateField[];
  issuer?: TestIdentity;
  ca?: boolean;
  notBefore?: Date;
  notAfter?: Date;
  dnsName?: string;
}): TestIdentity {
  const cert = forge.pki.createCertificate();
  cert.publicKey = options.keys.publicKey;
  cert.serialNumber = (0x1000 + serial++).toString(16);
  cert.validity.notBefore = options.notBefore ?? new Date(Date.now() - 24 * 3600_000);
  cert.validity.notAfter = options.notAfter ?? new Date(Date.now() + 365 * 24 * 3600_000);
  cert.setSubject(options.subject);
  cert.setIssuer(options.issuer ? options.issuer.certificate.subject.attributes : options.subject);
  const extensions: object[] = [{ name: 'basicConstraints', cA: options.ca === true }];
  extensions.push(
    options.ca
      ? { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true }
      : { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, nonRepudiation: true },
  );
  if (options.dnsName) {
    extensions.push({ name: 'subjectAltName', altNames: [{ type: 2, value: options.dnsName }, { type: 7, ip: '127.0.0.1' }] });
    extensions.push({ name: 'extKeyUsage', serverAuth: true });
  }
  cert.setExtensions(extensions);
  const signer = options.issuer?.key ?? options.keys.privateKey;
  cert.sign(signer, forge.md.sha256.create());
  return {
    key: options.keys.privateKey,
    certificate: cert,
    keyPem: forge.pki.privateKeyToPem(options.keys.privateKey),
    certificatePem: forge.pki.certificateToPem(cert),
  };
}

export function testCa(name = 'Faktura Test CA', keyIndex = 0): TestIdentity {
  return certificate({ keys: keyPair(keyIndex), ca: true, subject: [{ name: 'commonName', value: name }, { name: 'countryName', value: 'HR' }] });
}

/** An application certificate as FINA writes it: the OIB in the organisation name and as serialNumber. */
export function applicationCertificate(
  ca: TestIdentity,
  options: { oib?: string | null; company?: string; keyIndex?: number; notBefore?: Date; notAfter?: Date } = {},
): TestIdentity {
  const company = options.company ?? 'KODNI OBRT';
  const subject: forge.pki.CertificateField[] = [
    { name: 'countryName', value: 'HR' },
    { name: 'organizationName', value: options.oib ? `${company} ${options.oib}` : company },
    { name: 'localityName', value: 'ZAGREB' },
    { name: 'commonName', value: 'fiskal 1' },
  ];
  if (options.oib) subject.push({ type: '2.5.4.5', value: `HR${options.oib}` });
  return certificate({ keys: keyPair(options.keyIndex ?? 1), issuer: ca, subject, notBefore: options.notBefore, notAfter: options.notAfter });
}

export function serverCertificate(ca: TestIdentity, host = 'localhost', keyIndex = 2): TestIdentity {
  return certificate({ keys: keyPair(keyIndex), issuer: ca, subject: [{ name: 'commonName', value: host }], dnsName: host });
}

/** A PKCS#12 file (3DES, as FINA's .p12 files are) of an identity and its chain. */
export function pkcs12(identity: TestIdentity, password: string, chain: TestIdentity[] = []): Buffer {
  const asn1 = forge.pkcs12.toPkcs12Asn1(identity.key, [identity.certificate, ...chain.map((c) => c.certificate)], password, {
    algorithm: '3des',
    friendlyName: 'fiskal 1',
  });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

import { X509Certificate } from 'node:crypto';
import { DOMParser, type Element } from '@xmldom/xmldom';
import forge from 'node-forge';
import { SignedXml } from 'xml-crypto';
import { SignatureError, assertTrusted, checkSignatureValue, elementChildren, keyInfoCertificate, signedElement } from '../verify';
import { ALGORITHMS, NS_DS, type Signer, certificateBase64 } from '../xades';

/**
 * The enveloped XML signature of the consumer-invoice service's messages (TS-F1 ch. 7): the request
 * element (`RacunZahtjev`, inside the SOAP body) is signed by its `Id` attribute (`URI="#Id"`),
 * `Signature` is its last child; transforms enveloped-signature and exclusive c14n; one reference;
 * `KeyInfo/X509Data` with the certificate and its issuer and serial, as in the specification's
 * example. Plain XMLDSig, not the XAdES of the e-invoice service (`xades.ts`).
 *
 * Algorithms (decision 031): TS-F1 v2.6 prints RSA-SHA1 and SHA-1; v2.7 (16.06.2026) moves requests
 * to RSA-SHA256 — accepted in production since 1.5.2026, the only one the test service takes since
 * 1.7.2026 and production from 1.1.2027 — so Faktura signs with RSA-SHA256 and SHA-256 digests,
 * written with the W3C's registered URIs (RFC 6931). The service signs its answers with inclusive
 * c14n (TS-F1 ch. 7 note) and, in v2.6, RSA-SHA1; answers are taken with either hash.
 * xml-crypto signs, canonicalises and verifies; node-forge reads the issuer's name.
 */
export const B2C_ALGORITHMS = {
  excC14n: ALGORITHMS.c14n,
  c14n: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
  enveloped: ALGORITHMS.enveloped,
  rsaSha256: ALGORITHMS.rsaSha256,
  rsaSha1: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
  sha256: ALGORITHMS.sha256,
  sha1: 'http://www.w3.org/2000/09/xmldsig#sha1',
} as const;

export interface B2cSignOptions {
  /** Exclusive for requests (required by the service); the service's own answers use inclusive. */
  c14n?: 'exclusive' | 'inclusive';
  hash?: 'sha256' | 'sha1';
}

const RDN_SPECIAL = /[,+"\\<>;=]/g;

/** The certificate's issuer as an RFC 4514 string (`CN=Fina RDC 2015,O=Financijska agencija,C=HR`), for `X509IssuerName`. */
export function issuerName(certificatePem: string): string {
  const cert = forge.pki.certificateFromPem(certificatePem);
  return cert.issuer.attributes
    .slice()
    .reverse()
    .map((attribute) => {
      const raw = String(attribute.value);
      const value = (attribute.valueTagClass as number) === (forge.asn1.Type.UTF8 as number) ? forge.util.decodeUtf8(raw) : raw;
      const escaped = value.replace(RDN_SPECIAL, (c) => `\\${c}`).replace(/^[ #]/, (c) => `\\${c}`).replace(/ $/, '\\ ');
      return `${attribute.shortName ?? attribute.type}=${escaped}`;
    })
    .join(',');
}

const xmlEscape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Signs the element whose `Id` is `id` and returns the whole document with the signature as its last child. */
export function signB2cMessage(xml: string, id: string, signer: Signer, options: B2cSignOptions = {}): string {
  if (!/^[A-Za-z_][\w.-]*$/.test(id)) throw new Error('a message id must be an XML name');
  const c14n = options.c14n === 'inclusive' ? B2C_ALGORITHMS.c14n : B2C_ALGORITHMS.excC14n;
  const sha1 = options.hash === 'sha1';
  const serial = BigInt(`0x${new X509Certificate(signer.certificatePem).serialNumber}`).toString();
  const target = `//*[@Id='${id}']`;
  const signed = new SignedXml({
    privateKey: signer.privateKeyPem,
    publicCert: signer.certificatePem,
    signatureAlgorithm: sha1 ? B2C_ALGORITHMS.rsaSha1 : B2C_ALGORITHMS.rsaSha256,
    canonicalizationAlgorithm: c14n,
    getKeyInfoContent: () =>
      `<X509Data><X509Certificate>${certificateBase64(signer.certificatePem)}</X509Certificate>` +
      `<X509IssuerSerial><X509IssuerName>${xmlEscape(issuerName(signer.certificatePem))}</X509IssuerName>` +
      `<X509SerialNumber>${serial}</X509SerialNumber></X509IssuerSerial></X509Data>`,
  });
  signed.addReference({ xpath: target, transforms: [B2C_ALGORITHMS.enveloped, c14n], digestAlgorithm: sha1 ? B2C_ALGORITHMS.sha1 : B2C_ALGORITHMS.sha256 });
  signed.computeSignature(xml, { location: { reference: target, action: 'append' } });
  return signed.getSignedXml();
}

/** What a verifier accepts: the service's requests (as Faktura sends and the service takes them), or its answers. */
const ACCEPTED = {
  request: { c14n: [B2C_ALGORITHMS.excC14n], signature: [B2C_ALGORITHMS.rsaSha256], digest: [B2C_ALGORITHMS.sha256] },
  answer: {
    c14n: [B2C_ALGORITHMS.c14n, B2C_ALGORITHMS.excC14n],
    signature: [B2C_ALGORITHMS.rsaSha256, B2C_ALGORITHMS.rsaSha1],
    digest: [B2C_ALGORITHMS.sha256, B2C_ALGORITHMS.sha1],
  },
} as const;

export interface VerifiedB2cMessage {
  /** The signed element's local name (`RacunZahtjev`, `RacunOdgovor`) and its `Id`. */
  element: string;
  id: string;
  certificate: X509Certificate;
}

/**
 * Verifies the enveloped signature of a consumer-invoice message: the first element of the SOAP
 * body (or the root) carries `Id` and ends with its only `Signature` (S002 otherwise); one reference
 * to `#Id` with enveloped-signature + c14n; algorithms as `kind` accepts; the digest and the value
 * verify with the certificate in KeyInfo (S004 otherwise); with `trusted`, that certificate was issued
 * by one of them and is valid at `at` (S003 otherwise). Codes as in `verify.ts`.
 */
export function verifyB2cMessage(
  xml: string,
  options: { kind: 'request' | 'answer'; trusted?: readonly X509Certificate[]; at?: Date },
): VerifiedB2cMessage {
  const doc = new DOMParser({ onError: () => undefined }).parseFromString(xml, 'text/xml');
  const message = signedElement(doc);
  const id = message.getAttribute('Id');
  const children = elementChildren(message);
  const signature = children.at(-1);
  if (!id || !signature || signature.localName !== 'Signature' || signature.namespaceURI !== NS_DS) {
    throw new SignatureError('S002', 'the signature is not the last child of the signed message');
  }
  if (doc.getElementsByTagNameNS(NS_DS, 'Signature').length !== 1) throw new SignatureError('S002', 'more than one signature');
  const certificate = keyInfoCertificate(signature);

  const accepted = ACCEPTED[options.kind];
  const signedInfo = signature.getElementsByTagNameNS(NS_DS, 'SignedInfo')[0];
  const algorithm = (name: string, parent: Element | undefined) => parent?.getElementsByTagNameNS(NS_DS, name)[0]?.getAttribute('Algorithm') ?? '';
  const one = <T extends string>(list: readonly T[], value: string) => (list as readonly string[]).includes(value);
  const references = signedInfo ? Array.from(signedInfo.getElementsByTagNameNS(NS_DS, 'Reference')) : [];
  const reference = references[0];
  const transforms = reference ? Array.from(reference.getElementsByTagNameNS(NS_DS, 'Transform')).map((t) => t.getAttribute('Algorithm') ?? '') : [];
  if (
    !one(accepted.c14n, algorithm('CanonicalizationMethod', signedInfo)) ||
    !one(accepted.signature, algorithm('SignatureMethod', signedInfo)) ||
    references.length !== 1 || reference?.getAttribute('URI') !== `#${id}` ||
    transforms.length !== 2 || transforms[0] !== B2C_ALGORITHMS.enveloped || !one(accepted.c14n, transforms[1] ?? '') ||
    !one(accepted.digest, algorithm('DigestMethod', reference))
  ) {
    throw new SignatureError('S004', 'unexpected algorithms or references');
  }

  checkSignatureValue(xml, signature, certificate);
  if (options.trusted) assertTrusted(certificate, options.trusted, options.at ?? new Date());
  return { element: message.localName ?? '', id, certificate };
}

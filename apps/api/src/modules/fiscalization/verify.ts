import { X509Certificate, createHash } from 'node:crypto';
import { DOMParser, type Document, type Element, type Node, XMLSerializer } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { ALGORITHMS, NS_DS, NS_XADES, SIGNED_PROPERTIES_TYPE } from './xades';

/**
 * Verifies the XAdES-B signature of a fiscalization message (a request, or the service's answer)
 * the way TS-F2 ch.11 prescribes it, with xml-crypto doing the cryptography:
 * - the message is the first element of the SOAP body (or the document's root); its last child is
 *   `ds:Signature` (otherwise the service's S002);
 * - SignedInfo uses exclusive c14n and RSA-SHA256; exactly two references: the message by its `id`
 *   (enveloped-signature + exc-c14n, SHA-256) and this signature's `xades:SignedProperties`;
 * - both digests and the signature value verify with the certificate in KeyInfo (S004 otherwise);
 * - `SigningCertificateV2` names that very certificate;
 * - with `trusted` CA certificates, the signer's certificate was issued by one of them and is valid
 *   at `at` (S003 otherwise).
 */
export type SignatureProblem = 'S002' | 'S003' | 'S004';

export class SignatureError extends Error {
  constructor(readonly code: SignatureProblem, detail: string) {
    super(`${code}: ${detail}`);
    this.name = 'SignatureError';
  }
}

export interface VerifiedMessage {
  /** The signed element: its local name and `id`. */
  element: string;
  id: string;
  certificate: X509Certificate;
  signingTime: string | null;
}

export const elementChildren = (node: Node): Element[] =>
  Array.from(node.childNodes).filter((child): child is Element => child.nodeType === child.ELEMENT_NODE);

/** The signed message: the first element of the SOAP body, or the document's root. */
export function signedElement(doc: Document): Element {
  const root = doc.documentElement;
  if (!root) throw new SignatureError('S002', 'no document element');
  if (root.localName === 'Envelope') {
    const body = elementChildren(root).find((child) => child.localName === 'Body');
    const message = body ? elementChildren(body)[0] : undefined;
    if (!message) throw new SignatureError('S002', 'empty SOAP body');
    return message;
  }
  return root;
}

export const attributeByLocalName = (element: Element, name: string) =>
  Array.from(element.attributes).find((attribute) => attribute.localName === name)?.value ?? null;

export function verifySignedMessage(xml: string, options: { trusted?: readonly X509Certificate[]; at?: Date } = {}): VerifiedMessage {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const message = signedElement(doc);
  const id = attributeByLocalName(message, 'id');
  const children = elementChildren(message);
  const signature = children.at(-1);
  if (!id || !signature || signature.localName !== 'Signature' || signature.namespaceURI !== NS_DS) {
    throw new SignatureError('S002', 'the signature is not the last child of the signed message');
  }
  if (children.filter((child) => child.localName === 'Signature').length !== 1) throw new SignatureError('S002', 'more than one signature');

  const certificate = keyInfoCertificate(signature);

  const signedInfo = signature.getElementsByTagNameNS(NS_DS, 'SignedInfo')[0];
  const algorithm = (name: string, parent: Element | undefined = signedInfo) =>
    parent?.getElementsByTagNameNS(NS_DS, name)[0]?.getAttribute('Algorithm') ?? null;
  if (algorithm('CanonicalizationMethod') !== ALGORITHMS.c14n || algorithm('SignatureMethod') !== ALGORITHMS.rsaSha256) {
    throw new SignatureError('S004', 'unexpected canonicalization or signature method');
  }
  const references = signedInfo ? Array.from(signedInfo.getElementsByTagNameNS(NS_DS, 'Reference')) : [];
  const signedProperties = Array.from(signature.getElementsByTagNameNS(NS_XADES, 'SignedProperties'));
  const propertiesId = signedProperties[0]?.getAttribute('Id');
  const transforms = (reference: Element) =>
    Array.from(reference.getElementsByTagNameNS(NS_DS, 'Transform')).map((t) => t.getAttribute('Algorithm'));
  const toMessage = references.filter((r) => r.getAttribute('URI') === `#${id}`);
  const toProperties = references.filter(
    (r) => r.getAttribute('Type') === SIGNED_PROPERTIES_TYPE && propertiesId && r.getAttribute('URI') === `#${propertiesId}`,
  );
  if (
    references.length !== 2 || toMessage.length !== 1 || toProperties.length !== 1 || signedProperties.length !== 1 ||
    transforms(toMessage[0] as Element).join(' ') !== `${ALGORITHMS.enveloped} ${ALGORITHMS.c14n}` ||
    transforms(toProperties[0] as Element).join(' ') !== ALGORITHMS.c14n ||
    references.some((r) => algorithm('DigestMethod', r) !== ALGORITHMS.sha256)
  ) {
    throw new SignatureError('S004', 'the references are not the message and its signed properties');
  }

  checkSignatureValue(xml, signature, certificate);

  const certDigest = signature.getElementsByTagNameNS(NS_XADES, 'CertDigest')[0];
  const digestAlgorithm = algorithm('DigestMethod', certDigest);
  const expected = digestAlgorithm === ALGORITHMS.sha512 ? 'sha512' : digestAlgorithm === ALGORITHMS.sha256 ? 'sha256' : null;
  const stated = certDigest?.getElementsByTagNameNS(NS_DS, 'DigestValue')[0]?.textContent?.replace(/\s+/g, '');
  if (!expected || stated !== createHash(expected).update(certificate.raw).digest('base64')) {
    throw new SignatureError('S004', 'SigningCertificateV2 does not name the signing certificate');
  }

  if (options.trusted) assertTrusted(certificate, options.trusted, options.at ?? new Date());
  const signingTime = signature.getElementsByTagNameNS(NS_XADES, 'SigningTime')[0]?.textContent ?? null;
  return { element: message.localName ?? '', id, certificate, signingTime };
}

/** The signer's certificate was issued by one of the `trusted` CAs and is valid at `at` (S003 otherwise). */
export function assertTrusted(certificate: X509Certificate, trusted: readonly X509Certificate[], at: Date): void {
  const issuer = trusted.find((ca) => certificate.checkIssued(ca) && certificate.verify(ca.publicKey));
  if (!issuer) throw new SignatureError('S003', 'the certificate is not issued by a trusted CA');
  if (at < new Date(certificate.validFrom) || at > new Date(certificate.validTo)) {
    throw new SignatureError('S003', 'the certificate is not valid now');
  }
}

/** The signer's certificate, from the signature's `KeyInfo/X509Data/X509Certificate` (S004 without one). */
export function keyInfoCertificate(signature: Element): X509Certificate {
  const certificateText = signature.getElementsByTagNameNS(NS_DS, 'X509Certificate')[0]?.textContent?.replace(/\s+/g, '');
  if (!certificateText) throw new SignatureError('S004', 'no certificate in KeyInfo');
  try {
    return new X509Certificate(Buffer.from(certificateText, 'base64'));
  } catch {
    throw new SignatureError('S004', 'the certificate in KeyInfo cannot be read');
  }
}

/**
 * Whether the signature's digests and value verify with the certificate's key (xml-crypto); S004
 * when not. The callers check first which algorithms and references the signature may use.
 */
export function checkSignatureValue(xml: string, signature: Element, certificate: X509Certificate): void {
  const verifier = new SignedXml({ publicCert: certificate.toString(), getCertFromKeyInfo: () => null });
  verifier.loadSignature(new XMLSerializer().serializeToString(signature));
  let valid: boolean;
  try {
    valid = verifier.checkSignature(xml);
  } catch (error) {
    throw new SignatureError('S004', error instanceof Error ? error.message : 'the signature does not verify');
  }
  if (!valid) throw new SignatureError('S004', 'the signature does not verify');
}

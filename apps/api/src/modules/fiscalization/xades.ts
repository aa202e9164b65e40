import { X509Certificate, createHash, randomBytes } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import forge from 'node-forge';
import { SignedXml } from 'xml-crypto';
import { create } from 'xmlbuilder2';
import { xmlAttribute, xmlText } from '../../xml';

/**
 * The XAdES-B enveloped signature of a fiscalization request (TS-F2 ch.11): the request's root
 * element is signed, `ds:Signature` is its last child; exclusive c14n, RSA-SHA256, SHA-256
 * digests; reference 1 points to the root by its `id` attribute with the enveloped-signature and
 * exc-c14n transforms, reference 2 to `xades:SignedProperties` (type SignedProperties, exc-c14n);
 * `KeyInfo/X509Data/X509Certificate`; `ds:Object/xades:QualifyingProperties` with the signing time,
 * `SigningCertificateV2` (SHA-512 certificate digest and `IssuerSerialV2`, as in the
 * specification's example, Table 131) and a `DataObjectFormat` for reference 1.
 *
 * Signing and canonicalisation are xml-crypto's; the qualifying properties are built with
 * xmlbuilder2; the ASN.1 of `IssuerSerialV2` with node-forge. Nothing here is hand-rolled crypto.
 */
export const NS_DS = 'http://www.w3.org/2000/09/xmldsig#';
export const NS_XADES = 'http://uri.etsi.org/01903/v1.3.2#';
export const SIGNED_PROPERTIES_TYPE = 'http://uri.etsi.org/01903#SignedProperties';
export const ALGORITHMS = {
  c14n: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  enveloped: 'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
  rsaSha256: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  sha256: 'http://www.w3.org/2001/04/xmlenc#sha256',
  sha512: 'http://www.w3.org/2001/04/xmlenc#sha512',
} as const;

export interface Signer {
  privateKeyPem: string;
  certificatePem: string;
}

/** The certificate as base64 DER, the content of `ds:X509Certificate`. */
export const certificateBase64 = (certificatePem: string) => new X509Certificate(certificatePem).raw.toString('base64');

/**
 * `IssuerSerialV2` (ETSI EN 319 132-1, 5.2.2): base64 of the DER `IssuerSerial` of RFC 5035 —
 * `SEQUENCE { issuer GeneralNames (directoryName [4]), serialNumber INTEGER }`.
 */
export function issuerSerialV2(certificatePem: string): string {
  const cert = forge.pki.certificateFromPem(certificatePem);
  const { asn1 } = forge;
  const tbs = forge.pki.certificateToAsn1(cert).value[0] as forge.asn1.Asn1;
  const tbsFields = tbs.value as forge.asn1.Asn1[];
  // tbsCertificate: [0] version, serialNumber, signature, issuer, ... (version is explicit and present for v3)
  const offset = tbsFields[0]?.tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  const serial = tbsFields[offset] as forge.asn1.Asn1;
  const issuer = tbsFields[offset + 2] as forge.asn1.Asn1;
  const issuerSerial = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [asn1.create(asn1.Class.CONTEXT_SPECIFIC, 4, true, [issuer])]),
    serial,
  ]);
  return Buffer.from(asn1.toDer(issuerSerial).getBytes(), 'binary').toString('base64');
}

function qualifyingProperties(ids: { signature: string; signedProperties: string; reference: string }, signer: Signer, signingTime: Date): string {
  const der = new X509Certificate(signer.certificatePem).raw;
  const root = create().ele(NS_XADES, 'xades:QualifyingProperties');
  // ds is declared by the Signature around it; declared here too, it is not repeated on each ds element
  xmlAttribute(root, 'xmlns:ds', NS_DS, 'http://www.w3.org/2000/xmlns/');
  xmlAttribute(root, 'Target', `#${ids.signature}`);
  const signed = root.ele(NS_XADES, 'xades:SignedProperties');
  xmlAttribute(signed, 'Id', ids.signedProperties);
  const signature = signed.ele(NS_XADES, 'xades:SignedSignatureProperties');
  xmlText(signature.ele(NS_XADES, 'xades:SigningTime'), signingTime.toISOString().replace(/\.\d{3}Z$/, 'Z'));
  const cert = signature.ele(NS_XADES, 'xades:SigningCertificateV2').ele(NS_XADES, 'xades:Cert');
  const digest = cert.ele(NS_XADES, 'xades:CertDigest');
  xmlAttribute(digest.ele(NS_DS, 'ds:DigestMethod'), 'Algorithm', ALGORITHMS.sha512);
  xmlText(digest.ele(NS_DS, 'ds:DigestValue'), createHash('sha512').update(der).digest('base64'));
  xmlText(cert.ele(NS_XADES, 'xades:IssuerSerialV2'), issuerSerialV2(signer.certificatePem));
  const format = signed.ele(NS_XADES, 'xades:SignedDataObjectProperties').ele(NS_XADES, 'xades:DataObjectFormat');
  xmlAttribute(format, 'ObjectReference', `#${ids.reference}`);
  xmlText(format.ele(NS_XADES, 'xades:MimeType'), 'text/xml');
  return root.end({ headless: true, prettyPrint: false });
}

/**
 * Signs the element whose namespaced `id` attribute is `requestId` (the fiscalization request inside
 * a SOAP envelope) and returns the whole document with the signature as that element's last child.
 */
export function signRequest(xml: string, requestId: string, signer: Signer, signingTime: Date = new Date()): string {
  if (!/^[A-Za-z_][\w.-]*$/.test(requestId)) throw new Error('a request id must be an XML name');
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const targets = Array.from(doc.getElementsByTagName('*')).filter((node) =>
    Array.from(node.attributes).some((attribute) => attribute.localName === 'id' && attribute.value === requestId),
  );
  if (targets.length !== 1) throw new Error(`expected one element with id ${requestId}, found ${targets.length}`);
  const suffix = randomBytes(16).toString('hex');
  const ids = { signature: `id-${suffix}`, signedProperties: `xades-id-${suffix}`, reference: `r-id-${suffix}-1` };
  const rootXpath = `//*[@*[local-name(.)='id']='${requestId}']`;
  const signed = new SignedXml({
    privateKey: signer.privateKeyPem,
    publicCert: signer.certificatePem,
    signatureAlgorithm: ALGORITHMS.rsaSha256,
    canonicalizationAlgorithm: ALGORITHMS.c14n,
    getKeyInfoContent: () => `<ds:X509Data><ds:X509Certificate>${certificateBase64(signer.certificatePem)}</ds:X509Certificate></ds:X509Data>`,
    objects: [{ content: qualifyingProperties(ids, signer, signingTime) }],
  });
  signed.addReference({ xpath: rootXpath, transforms: [ALGORITHMS.enveloped, ALGORITHMS.c14n], digestAlgorithm: ALGORITHMS.sha256, id: ids.reference });
  signed.addReference({
    xpath: `//*[local-name(.)='SignedProperties' and @Id='${ids.signedProperties}']`,
    transforms: [ALGORITHMS.c14n],
    digestAlgorithm: ALGORITHMS.sha256,
    type: SIGNED_PROPERTIES_TYPE,
  });
  signed.computeSignature(xml, { prefix: 'ds', attrs: { Id: ids.signature }, location: { reference: rootXpath, action: 'append' } });
  return signed.getSignedXml();
}

import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';

/**
 * The one way Faktura writes XML (the e-invoice today; any other XML document tomorrow): an
 * xmlbuilder2 document whose every text and attribute value reads back exactly as it was stored
 * (decision 023).
 *
 * - Characters XML 1.0 cannot carry at all (NUL, other C0 controls, U+FFFE/U+FFFF, lone
 *   surrogates) — which the API refuses since issue 27 but older rows may hold — become U+FFFD,
 *   by xmlbuilder2's own `invalidCharReplacement`, so an invoice issued before still gets a
 *   well-formed e-invoice.
 * - xmlbuilder2 4.x escapes `<`, `>` (and `"` in attributes) itself, but leaves an `&` that starts
 *   something shaped like a reference (`&amp;`, `&lt;`, `&#65;`, `&#0;`) as it is, taking it for
 *   markup written on purpose; no option turns that off (the `noDoubleEncoding` of 2.x is gone,
 *   upstream issue oozcitak/xmlbuilder2#117). So a value is handed to it with every `&` already
 *   written `&amp;`, which the writer then passes through untouched: `AT&amp;T` is written
 *   `AT&amp;amp;T` and reads back `AT&amp;T`.
 * - A parser turns a raw carriage return into a line feed, and in an attribute also tab and line
 *   feed into spaces; those are handed over as character references, which the writer likewise
 *   passes through, so they survive too.
 * The round trip is proven by a property test through real XML parsers (`test/xml.test.ts`): a
 * change of xmlbuilder2's rule (escaping every `&` itself) fails it at once, as double escaping.
 */
export type XmlNode = XMLBuilder;

const SANITIZE = { invalidCharReplacement: '\uFFFD' } as const;

/** A new document (`<?xml version="1.0" encoding="UTF-8"?>`) and its root element `name` in `namespace`. */
export function xmlDocument(namespace: string, name: string): XmlNode {
  return create({ version: '1.0', encoding: 'UTF-8', ...SANITIZE }).ele(namespace, name);
}

const textMarkup = (value: string) => value.replace(/&/g, '&amp;').replace(/\r/g, '&#13;');
const attributeMarkup = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/\r/g, '&#13;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');

/** Appends `value` as the text of `node`, to be read back exactly. */
export function xmlText(node: XmlNode, value: string): XmlNode {
  return node.txt(textMarkup(value));
}

/** Sets the attribute `name` (in `namespace`, if given) of `node` to `value`, to be read back exactly. */
export function xmlAttribute(node: XmlNode, name: string, value: string, namespace?: string): XmlNode {
  return namespace === undefined ? node.att(name, attributeMarkup(value)) : node.att(namespace, name, attributeMarkup(value));
}

/** The document as UTF-8 text, indented (text-only elements keep their text on their line, unchanged). */
export const xmlString = (node: XmlNode): string => node.end({ prettyPrint: true });

/**
 * Binary content as base64 text (an e-invoice's embedded PDF: ~56 KB of its ~76 KB). Base64 is
 * `[A-Za-z0-9+/=]` only, which no step of the writer changes, so instead of handing it to xmlbuilder2
 * (which checks, escapes and copies every character of a text, about half of an e-invoice's
 * building time) the element gets a placeholder text and `xmlStringWithBase64` writes the base64 in
 * its place: the same bytes, without the copies.
 */
export function xmlBase64(node: XmlNode): XmlNode {
  return node.txt(BASE64_PLACEHOLDER);
}

const BASE64_PLACEHOLDER = 'faktura-base64-placeholder';

/**
 * `xmlString` with the base64 of `bytes` as the text of the one element `name` (a qualified name, as
 * written) given its text by `xmlBase64`. Its end tag follows the placeholder directly: a text never
 * holds `<` unescaped, so no value of the document can look like it; anything but exactly one is refused.
 */
export function xmlStringWithBase64(node: XmlNode, name: string, bytes: Uint8Array): string {
  const xml = xmlString(node);
  const marker = `>${BASE64_PLACEHOLDER}</${name}>`;
  const at = xml.indexOf(marker);
  if (at < 0 || xml.indexOf(marker, at + 1) >= 0) throw new Error(`xmlStringWithBase64: not exactly one ${name} to fill`);
  const base64 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  return `${xml.slice(0, at + 1)}${base64}${xml.slice(at + 1 + BASE64_PLACEHOLDER.length)}`;
}

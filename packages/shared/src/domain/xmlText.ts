/**
 * The characters XML 1.0 can carry (its `Char` production):
 * #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
 * Everything else — NUL and the other C0 controls, U+FFFE, U+FFFF and a lone surrogate — cannot be
 * written into an e-invoice at all, not even as a character reference. The API refuses them in
 * every free-text field (`validation.xmlChar`, the shared text schemas in `contract/common.ts`);
 * the XML writer replaces any found in rows stored before with U+FFFD (decision 023).
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const NOT_XML_CHARS = new RegExp(NOT_XML_CHAR.source, 'gu');

/** True when every character of `text` is one XML 1.0 can carry. */
export const isXmlText = (text: string): boolean => !NOT_XML_CHAR.test(text);

/** `text` with every character XML 1.0 cannot carry replaced by `replacement` (U+FFFD by default). */
export const replaceNonXmlChars = (text: string, replacement = '\uFFFD'): string => text.replace(NOT_XML_CHARS, replacement);

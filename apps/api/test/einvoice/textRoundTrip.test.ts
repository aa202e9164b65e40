import { replaceNonXmlChars } from '@faktura/shared';
import fc from 'fast-check';
import SaxonJS from 'saxon-js';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { type EInvoiceDocument, toEInvoiceDocument } from '../../src/modules/invoice/einvoice/document';
import { buildUbl } from '../../src/modules/invoice/einvoice/ubl';
import { xmlAttribute, xmlDocument, xmlString, xmlText } from '../../src/xml';
import { CLIENTS, OPERATOR, PDF, storedSources } from './fixtures';

/**
 * Issue 27 item 2: whatever text was stored, the XML Faktura writes says exactly that. Random texts
 * (entity-like ones among them) go through the real writers and are read back by two real XML
 * parsers: libxml2 (xmllint-wasm, the strict judge of well-formedness) and SaxonJS (XPath over the
 * parsed tree, which gives each value as a parser reads it).
 */

const NS = {
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
};

/** libxml2's verdict: the errors it reports parsing `xml` (none for a well-formed document). */
async function libxml2Errors(xml: string): Promise<string[]> {
  const result = await validateXML({ xml: { fileName: 'document.xml', contents: xml }, normalization: 'c14n' });
  return result.errors.map((e) => e.message.trim());
}

/** Each XPath's string value(s) in `xml` as SaxonJS's parser reads it. */
function read(xml: string, paths: Record<string, string>): Record<string, string[]> {
  const document = SaxonJS.XPath.evaluate('parse-xml($xml)', null, { params: { xml } });
  const out: Record<string, string[]> = {};
  for (const [key, path] of Object.entries(paths)) {
    out[key] = SaxonJS.XPath.evaluate(`${path} ! string()`, document, { namespaceContext: NS, resultForm: 'array' }) as string[];
  }
  return out;
}

const char = (codePoint: number) => String.fromCodePoint(codePoint);
/** Texts that look like markup: what a careless writer takes for references or tags. */
const MARKUP_LIKE = ['&amp;', '&lt;b&gt;', '&#65;', '&#x41;', '&#0;', '&quot;', '&apos;', '&nbsp;', '&', '<', '>', '"', "'", ']]>', '<!--', '<?x?>', '&amp;amp;'];
/** One unit of text XML 1.0 can carry: any allowed character, weighted towards the interesting ones. */
const xmlUnit = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...MARKUP_LIKE) },
  { weight: 2, arbitrary: fc.constantFrom('\t', '\n', '\r', '\r\n', ' ', '  ') },
  { weight: 3, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map(char) },
  { weight: 2, arbitrary: fc.integer({ min: 0xa0, max: 0xd7ff }).map(char) },
  { weight: 1, arbitrary: fc.integer({ min: 0xe000, max: 0xfffd }).map(char) },
  { weight: 1, arbitrary: fc.integer({ min: 0x10000, max: 0x10ffff }).map(char) },
);
/** One unit XML 1.0 cannot carry: a control character, U+FFFE/U+FFFF or half of a surrogate pair. */
const nonXmlUnit = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }).filter((c) => c !== 0x9 && c !== 0xa && c !== 0xd).map(char),
  fc.constantFrom('\uFFFE', '\uFFFF'),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
);
/** A stored text: never empty (an empty value leaves its element out), any XML-allowed character. */
const storedText = fc.array(xmlUnit, { minLength: 1, maxLength: 12 }).map((units) => units.join(''));
/** A text as an older row may hold it, with characters XML cannot carry among the others. */
const oldText = fc
  .array(fc.oneof({ weight: 3, arbitrary: xmlUnit }, { weight: 1, arbitrary: nonXmlUnit }), { minLength: 1, maxLength: 12 })
  .map((units) => units.join(''));

const base = toEInvoiceDocument(
  storedSources({
    seq: 21,
    vatTreatment: 'REVERSE_CHARGE',
    client: CLIENTS.de,
    lines: [{ description: 'Razvoj softvera', descriptionEn: 'Software development', quantityMilli: 1_000, priceCents: 10_000, vatRateBp: 0, kpd: '62.10.11' }],
  }),
  { operator: OPERATOR, creditedInvoice: null, pdf: PDF },
);

/** Where each free text of the document lands in the UBL. */
const PATHS = {
  note: '/*/cbc:Note',
  sellerName: '/*/cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName',
  sellerStreet: '/*/cac:AccountingSupplierParty/cac:Party/cac:PostalAddress/cbc:StreetName',
  operatorName: '/*/cac:AccountingSupplierParty/cac:SellerContact/cbc:Name',
  buyerName: '/*/cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName',
  buyerStreet: '/*/cac:AccountingCustomerParty/cac:Party/cac:PostalAddress/cbc:StreetName',
  buyerStreet2: '/*/cac:AccountingCustomerParty/cac:Party/cac:PostalAddress/cbc:AdditionalStreetName',
  buyerCity: '/*/cac:AccountingCustomerParty/cac:Party/cac:PostalAddress/cbc:CityName',
  buyerZip: '/*/cac:AccountingCustomerParty/cac:Party/cac:PostalAddress/cbc:PostalZone',
  buyerOtherId: '/*/cac:AccountingCustomerParty/cac:Party/cac:PartyIdentification/cbc:ID',
  exemptionReason: '/*/cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:TaxExemptionReason',
  lineName: '/*/cac:InvoiceLine/cac:Item/cbc:Name',
  lineDescription: '/*/cac:InvoiceLine/cac:Item/cbc:Description',
  attachmentName: '/*/cac:AdditionalDocumentReference/cac:Attachment/cbc:EmbeddedDocumentBinaryObject/@filename',
} as const;
type Texts = Record<keyof typeof PATHS, string>;

function withTexts(t: Texts): EInvoiceDocument {
  const attachment = base.attachment && { ...base.attachment, filename: t.attachmentName };
  return {
    ...base,
    note: t.note,
    exemptionReason: t.exemptionReason,
    attachment,
    seller: { ...base.seller, name: t.sellerName, address: base.seller.address && { ...base.seller.address, street: t.sellerStreet }, operator: { ...base.seller.operator, name: t.operatorName } },
    buyer: {
      ...base.buyer,
      name: t.buyerName,
      otherId: t.buyerOtherId,
      address: { ...base.buyer.address, street: t.buyerStreet, additionalStreet: t.buyerStreet2, city: t.buyerCity, zip: t.buyerZip },
    },
    lines: base.lines.map((l) => ({ ...l, name: t.lineName, description: t.lineDescription })),
  };
}

const texts = (text: fc.Arbitrary<string>) =>
  fc.record(Object.fromEntries(Object.keys(PATHS).map((key) => [key, text])) as Record<keyof typeof PATHS, fc.Arbitrary<string>>);

describe('stored text in the e-invoice', () => {
  it('reads back exactly what was stored, entity-like text and any XML character included', async () => {
    await fc.assert(
      fc.asyncProperty(texts(storedText), async (t) => {
        const xml = buildUbl(withTexts(t));
        expect(await libxml2Errors(xml)).toEqual([]);
        const back = read(xml, PATHS);
        for (const key of Object.keys(PATHS) as (keyof typeof PATHS)[]) {
          // the exemption reason is written once per VAT subtotal: one here
          expect(back[key], key).toEqual([t[key]]);
        }
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('writes the text of issue 27 as typed, not as markup', () => {
    const typed = 'AT&amp;T &lt;b&gt; &#65; &#0;';
    const xml = buildUbl(withTexts({ ...Object.fromEntries(Object.keys(PATHS).map((k) => [k, 'x'])), lineName: typed } as Texts));
    expect(xml).toContain('<cbc:Name>AT&amp;amp;T &amp;lt;b&amp;gt; &amp;#65; &amp;#0;</cbc:Name>');
    expect(read(xml, { lineName: PATHS.lineName }).lineName).toEqual([typed]);
  });

  it('replaces characters XML cannot carry, found in rows stored before, with U+FFFD and stays well-formed', async () => {
    await fc.assert(
      fc.asyncProperty(texts(oldText), async (t) => {
        const xml = buildUbl(withTexts(t));
        expect(await libxml2Errors(xml)).toEqual([]);
        const back = read(xml, PATHS);
        for (const key of Object.keys(PATHS) as (keyof typeof PATHS)[]) expect(back[key], key).toEqual([replaceNonXmlChars(t[key])]);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});

describe('the XML writer (src/xml.ts)', () => {
  it('round-trips any text and attribute value through libxml2 and SaxonJS', async () => {
    await fc.assert(
      fc.asyncProperty(oldText, oldText, async (text, value) => {
        const root = xmlDocument('urn:faktura:test', 'root');
        xmlAttribute(root, 'value', value);
        xmlText(root.ele('urn:faktura:test', 'text'), text);
        const xml = xmlString(root);
        expect(await libxml2Errors(xml)).toEqual([]);
        const back = read(xml, { text: '/*/*:text', value: '/*/@value' });
        expect(back).toEqual({ text: [replaceNonXmlChars(text)], value: [replaceNonXmlChars(value)] });
      }),
      { numRuns: 100 },
    );
  }, 120_000);
});

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { DOMParser } from '@xmldom/xmldom';
import { addWorkingDays, todayInZagreb } from '@faktura/shared';
import xpath from 'xpath';
import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import { type Harness, dataOf, errorsOf } from '../harness';
import { line, invoiceBody, useInvoiceWorld } from '../invoiceFixtures';
import { addressedTo, importFiles, sampleBytes, samples } from './inboxFixtures';

/**
 * Issue 46, "Imported by hand": UBL 2.1 Invoices and CreditNotes taken from files (one, several, a
 * zip), kept byte for byte, read back field by field, taken once, and anything hostile or broken
 * refused with its reason while nothing of it is kept.
 */
const world = useInvoiceWorld({ invoices: (w) => ({ sent: { body: invoiceBody(w.hr, [line(w.dev, 120, 3)]) } }) });
const OUR_OIB = '69814562369';

interface Answer {
  imported: number;
  duplicates: number;
  refused: number;
  results: { file: string; outcome: string; id: number | null; code: string | null; reason: string | null; flags: string[] }[];
}
interface Doc {
  id: number;
  number: string;
  documentType: string;
  typeCode: string;
  issueDate: string;
  dueDate: string | null;
  currency: string;
  supplierName: string;
  supplierOib: string | null;
  totalCents: number;
  vatCents: number;
  payableCents: number;
  state: string;
  fiscalStatus: string;
  fiscalDeadline: string;
  flags: string[];
  sha256: string;
  byteSize: number;
  retainedUntil: string;
  supplier: { name: string; oib: string | null; vatId: string | null; address: { city: string | null } };
  buyer: { name: string; oib: string | null };
  lines: { id: string; name: string; quantity: string; unitCode: string | null; netCents: number; vatRate: number | null; kpd: string | null }[];
  vatBreakdown: { category: string; rate: number | null; baseCents: number; vatCents: number }[];
  totals: { lineExtensionCents: number; taxExclusiveCents: number; prepaidCents: number };
  payment: { iban: string | null; paymentId: string | null; model: string | null; reference: string | null };
  billingReferences: { number: string; inboxId: number | null }[];
  attachments: { index: number; fileName: string | null; mimeCode: string; byteSize: number }[];
}

const list = async (h: Harness, token: string, query = '') =>
  (await h.request('GET', `/api/v1/inbox${query}`, { token })).json<{ data: Doc[]; page: { total: number }; filters: { key: string; facets: { value: string }[] }[] }>();
const detail = async (h: Harness, token: string, id: number) => {
  const res = await h.request('GET', `/api/v1/inbox/${id}`, { token });
  expect(res.statusCode).toBe(200);
  return dataOf<Doc>(res);
};
const keptCount = async (h: Harness) => {
  const rows = await h.db.selectFrom('received_document').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const files = await h.db.selectFrom('received_document_file').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows: Number(rows.n), files: Number(files.n) };
};

/** The XML read by XPath, apart from the reader: what the inbox must show. */
function expectedOf(bytes: Buffer) {
  const doc = new DOMParser().parseFromString(bytes.toString('utf8'), 'text/xml');
  const select = xpath.useNamespaces({
    cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
    cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  });
  const str = (path: string, node: unknown = doc) => (select(`string(${path})`, node as Node) as string).trim();
  const nodes = (path: string) => select(path, doc as unknown as Node) as Node[];
  const cents = (value: string) => (value === '' ? 0 : Math.round(Number(value) * 100));
  const currency = str('/*/cbc:DocumentCurrencyCode');
  const lineName = doc.documentElement?.localName === 'CreditNote' ? 'CreditNoteLine' : 'InvoiceLine';
  const quantityName = lineName === 'CreditNoteLine' ? 'CreditedQuantity' : 'InvoicedQuantity';
  return {
    number: str('/*/cbc:ID'),
    issueDate: str('/*/cbc:IssueDate'),
    currency,
    supplierName: str('/*/cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName') || str('/*/cac:AccountingSupplierParty/cac:Party/cac:PartyName/cbc:Name'),
    buyerName: str('/*/cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName') || str('/*/cac:AccountingCustomerParty/cac:Party/cac:PartyName/cbc:Name'),
    totalCents: cents(str('/*/cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount')),
    payableCents: cents(str('/*/cac:LegalMonetaryTotal/cbc:PayableAmount')),
    netCents: cents(str('/*/cac:LegalMonetaryTotal/cbc:TaxExclusiveAmount')),
    lineExtensionCents: cents(str('/*/cac:LegalMonetaryTotal/cbc:LineExtensionAmount')),
    prepaidCents: cents(str('/*/cac:LegalMonetaryTotal/cbc:PrepaidAmount')),
    vatCents: cents(str(`/*/cac:TaxTotal/cbc:TaxAmount[@currencyID="${currency}"]`)),
    iban: str('/*/cac:PaymentMeans/cac:PayeeFinancialAccount/cbc:ID').replace(/\s+/g, '') || null,
    paymentId: str('/*/cac:PaymentMeans/cbc:PaymentID') || null,
    lines: nodes(`/*/cac:${lineName}`).map((node) => ({
      id: str('cbc:ID', node),
      name: str('cac:Item/cbc:Name', node),
      quantity: str(`cbc:${quantityName}`, node),
      unitCode: str(`cbc:${quantityName}/@unitCode`, node) || null,
      netCents: cents(str('cbc:LineExtensionAmount', node)),
      kpd: str('cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode[@listID="CG"]', node) || null,
    })),
    vat: nodes(`/*/cac:TaxTotal[cbc:TaxAmount/@currencyID="${currency}"]/cac:TaxSubtotal`).map((node) => ({
      category: str('cac:TaxCategory/cbc:ID', node),
      baseCents: cents(str('cbc:TaxableAmount', node)),
      vatCents: cents(str('cbc:TaxAmount', node)),
    })),
  };
}

describe('importing the official sample e-invoices', () => {
  it('keeps every one byte for byte and shows each field as its XML states it', async () => {
    const { h, token } = world;
    const all = samples();
    expect(all.length).toBeGreaterThanOrEqual(20);
    const files = all.map(({ name, file }) => ({ name: name.replace('/', '-'), bytes: fs.readFileSync(file) }));
    const res = await importFiles(h, token, files);
    expect(res.statusCode).toBe(200);
    const answer = dataOf<Answer>(res);
    // the HR samples share numbers between two copies (hr/ and valid/): those are taken once
    expect(answer.refused).toBe(0);
    expect(answer.imported + answer.duplicates).toBe(files.length);
    for (const [index, result] of answer.results.entries()) {
      const file = files[index]!;
      expect(result.file).toBe(file.name);
      const doc = await detail(h, token, result.id!);
      const bytes = Buffer.from(file.bytes);
      const expected = expectedOf(bytes);
      expect({ file: file.name, number: doc.number, issueDate: doc.issueDate, currency: doc.currency }).toEqual({ file: file.name, number: expected.number, issueDate: expected.issueDate, currency: expected.currency });
      if (result.outcome === 'DUPLICATE') continue;
      expect(doc.supplierName).toBe(expected.supplierName);
      expect(doc.supplier.name).toBe(expected.supplierName);
      expect(doc.buyer.name).toBe(expected.buyerName);
      expect(doc.totalCents).toBe(expected.totalCents);
      expect(doc.payableCents).toBe(expected.payableCents);
      expect(doc.vatCents).toBe(expected.vatCents);
      expect(doc.totals.taxExclusiveCents).toBe(expected.netCents);
      expect(doc.totals.lineExtensionCents).toBe(expected.lineExtensionCents);
      expect(doc.totals.prepaidCents).toBe(expected.prepaidCents);
      expect(doc.payment.iban).toBe(expected.iban);
      expect(doc.payment.paymentId).toBe(expected.paymentId);
      expect(doc.lines.map(({ id, name, quantity, unitCode, netCents, kpd }) => ({ id, name, quantity, unitCode, netCents, kpd }))).toEqual(expected.lines);
      expect(doc.vatBreakdown.map(({ category, baseCents, vatCents }) => ({ category, baseCents, vatCents }))).toEqual(expected.vat);
      expect(doc.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(doc.byteSize).toBe(bytes.length);
      // kept as it came: the download is the file, byte for byte
      const xml = await h.request('GET', `/api/v1/inbox/${doc.id}/xml`, { token });
      expect(xml.statusCode).toBe(200);
      expect(xml.headers['content-type']).toMatch(/application\/xml/);
      expect(xml.rawPayload.equals(bytes)).toBe(true);
      // none of the samples is addressed to our OIB
      expect(doc.flags).toContain('otherRecipient');
    }
  });

  it('reads the HR CIUS details a Croatian supplier sends: OIBs, KPD codes, the HR00 model and reference', async () => {
    const { h, token } = world;
    const res = await importFiles(h, token, [{ name: 'pdv25.xml', bytes: addressedTo(sampleBytes('hr/eRacun_PDV25.xml'), OUR_OIB, 'HR-KPD-1') }]);
    const [result] = dataOf<Answer>(res).results;
    expect(result).toMatchObject({ outcome: 'IMPORTED', flags: [] });
    const doc = await detail(h, token, result!.id!);
    expect(doc).toMatchObject({ number: 'HR-KPD-1', documentType: 'INVOICE', typeCode: '380', supplierOib: '12345678901', state: 'RECEIVED', fiscalStatus: 'PENDING' });
    expect(doc.buyer.oib).toBe(OUR_OIB);
    expect(doc.lines.every((l) => /^\d{2}\.\d{2}\.\d{2}$/.test(l.kpd ?? ''))).toBe(true);
    expect(doc.supplier.address.city).toBe('ZAGREB');
    const today = todayInZagreb();
    expect(doc.fiscalDeadline).toBe(addWorkingDays(today, 5));
    expect(doc.retainedUntil).toBe(`${Number(doc.issueDate.slice(0, 4)) + 11}-12-31`);
    if (doc.payment.paymentId) expect(doc.payment.model).toMatch(/^HR\d{2}$/);
  });

  it('offers a PDF the supplier embedded as its own copy, and only that', async () => {
    const { h, token } = world;
    const list0 = await list(h, token, '?q=' + encodeURIComponent('TOSL108'));
    const id = list0.data[0]?.id ?? dataOf<Answer>(await importFiles(h, token, [{ name: 'ex2.xml', bytes: sampleBytes('en16931/ubl-tc434-example2.xml') }])).results[0]!.id!;
    const doc = await detail(h, token, id);
    const pdf = doc.attachments.find((a) => a.mimeCode === 'application/pdf');
    expect(pdf).toMatchObject({ fileName: 'test.pdf', byteSize: 'Testing Base64 encoding'.length });
    const res = await h.request('GET', `/api/v1/inbox/${id}/attachment/${pdf!.index}`, { token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('test.pdf');
    expect(res.body).toBe('Testing Base64 encoding');
    const other = doc.attachments.find((a) => a.mimeCode !== 'application/pdf');
    const missing = await h.request('GET', `/api/v1/inbox/${id}/attachment/${other ? other.index : 99}`, { token, lang: 'en' });
    expect(missing.statusCode).toBe(404);
    expect(errorsOf(missing)[0]).toMatchObject({ code: 'inboxAttachmentNotFound', reason: 'The received invoice has no embedded PDF at that position' });
  });
});

describe('taken once', () => {
  it('the same file again, or another copy of the same supplier number in the same year, is a duplicate and keeps nothing', async () => {
    const { h, token } = world;
    const bytes = addressedTo(sampleBytes('hr/eRacun_PDV13.xml'), OUR_OIB, 'DUP-2026-1');
    const first = dataOf<Answer>(await importFiles(h, token, [{ name: 'a.xml', bytes }]));
    expect(first.imported).toBe(1);
    const before = await keptCount(h);
    // the same bytes, and the same document re-serialised (another line end, another indentation)
    const reformatted = Buffer.from(bytes.toString('utf8').replace(/\n\t*/g, '\r\n  '), 'utf8');
    const again = await importFiles(h, token, [{ name: 'a.xml', bytes }, { name: 'b.xml', bytes: reformatted }], 'en');
    expect(again.statusCode).toBe(200);
    const answer = dataOf<Answer>(again);
    expect(answer).toMatchObject({ imported: 0, duplicates: 2, refused: 0 });
    expect(answer.results[0]).toMatchObject({ outcome: 'DUPLICATE', id: first.results[0]!.id, code: 'inboxDuplicate' });
    expect(answer.results[0]!.reason).toBe('E-invoice DUP-2026-1 from TVRTKA A d.o.o. has been received already');
    expect(await keptCount(h)).toEqual(before);
  });

  it('two imports of the same document at the same moment keep it once', async () => {
    const { h, token } = world;
    const bytes = addressedTo(sampleBytes('hr/eRacun_PDV5.xml'), OUR_OIB, 'RACE-1');
    const before = await keptCount(h);
    const answers = await Promise.all([1, 2, 3].map(() => importFiles(h, token, [{ name: 'race.xml', bytes }])));
    const outcomes = answers.map((a) => dataOf<Answer>(a).results[0]!.outcome).sort();
    expect(outcomes).toEqual(['DUPLICATE', 'DUPLICATE', 'IMPORTED']);
    expect(await keptCount(h)).toEqual({ rows: before.rows + 1, files: before.files + 1 });
  });
});

function zipOf(entries: { name: string; bytes: Buffer }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) zip.addBuffer(entry.bytes, entry.name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** The zip with every central-directory entry's uncompressed size set to `size` (a zip that lies). */
function withDeclaredSize(zip: Buffer, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let at = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at >= 0; at = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)) out.writeUInt32LE(size, at + 24);
  return out;
}

describe('several files and zips', () => {
  it('takes a zip of e-invoices with loose files beside it, each with its own outcome', async () => {
    const { h, token } = world;
    const zip = await zipOf([
      { name: 'z1.xml', bytes: addressedTo(sampleBytes('hr/eRacun_PDV0.xml'), OUR_OIB, 'ZIP-1') },
      { name: 'sub/z2.xml', bytes: addressedTo(sampleBytes('hr/eRacun_PDV0.xml'), OUR_OIB, 'ZIP-2') },
      { name: '__MACOSX/._z1.xml', bytes: Buffer.from('junk') },
      { name: 'notes.txt', bytes: Buffer.from('not an invoice') },
    ]);
    const res = await importFiles(h, token, [{ name: 'lipanj.zip', bytes: zip, type: 'application/zip' }, { name: 'loose.xml', bytes: addressedTo(sampleBytes('hr/eRacun_PDV0.xml'), OUR_OIB, 'ZIP-3') }]);
    expect(res.statusCode).toBe(200);
    const answer = dataOf<Answer>(res);
    expect(answer.results.map((r) => [r.file, r.outcome, r.code])).toEqual([
      ['lipanj.zip/z1.xml', 'IMPORTED', null],
      ['lipanj.zip/sub/z2.xml', 'IMPORTED', null],
      ['lipanj.zip/notes.txt', 'REFUSED', 'inboxNotXml'],
      ['loose.xml', 'IMPORTED', null],
    ]);
    expect(answer.results[2]!.reason).toMatch(/^Datoteka lipanj\.zip\/notes\.txt nije ispravan XML/);
  });

  it('says where a file stops being XML in the reader\'s own words, never the parser\'s English', async () => {
    const { h, token } = world;
    const broken = '<?xml version="1.0"?>\n<Invoice>\n  <a></b>\n</Invoice>';
    const hr = errorsOf(await importFiles(h, token, [{ name: 'krivi.xml', bytes: broken }]))[0]!;
    expect(hr.reason).toBe('Datoteka krivi.xml nije ispravan XML (greška u retku 3, stupcu 3)');
    const en = errorsOf(await importFiles(h, token, [{ name: 'bad.xml', bytes: broken }], 'en'))[0]!;
    expect(en.reason).toBe('File bad.xml is not well-formed XML (error at line 3, column 3)');
  });

  it('refuses a zip bomb whole, before one document of it is kept: too many entries, too much declared, an entry that lies about its size', async () => {
    const { h, token } = world;
    const good = addressedTo(sampleBytes('hr/eRacun_PDV0.xml'), OUR_OIB, 'BOMB-1');
    const before = await keptCount(h);
    const many = await zipOf(Array.from({ length: 2001 }, (_, i) => ({ name: `f${i}.xml`, bytes: Buffer.from('<a/>') })));
    const declared = withDeclaredSize(await zipOf([{ name: 'a.xml', bytes: good }, { name: 'b.xml', bytes: Buffer.alloc(1000) }]), 400 * 1024 * 1024);
    const lying = withDeclaredSize(await zipOf([{ name: 'a.xml', bytes: good }, { name: 'zeros.xml', bytes: Buffer.alloc(5 * 1024 * 1024) }]), 100);
    for (const [bytes, code] of [[many, 'inboxZipTooMany'], [declared, 'inboxZipTooLarge'], [lying, 'inboxZipTooLarge']] as const) {
      const res = await importFiles(h, token, [{ name: 'bomb.zip', bytes, type: 'application/zip' }], 'en');
      expect(res.statusCode).toBe(code === 'inboxZipTooMany' ? 400 : 413);
      expect(errorsOf(res)).toEqual([expect.objectContaining({ code, field: 'bomb.zip' })]);
    }
    expect(await keptCount(h)).toEqual(before);
  });
});

describe('refused with the reason, nothing kept', () => {
  const billionLaughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">&lol2;</Invoice>`;
  const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><cbc:ID xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">&xxe;</cbc:ID></Invoice>`;
  const sample = sampleBytes('hr/eRacun_PDV25.xml').toString('utf8');
  const cases: [string, string | Buffer, string, number][] = [
    ['not-xml.xml', 'Ovo nije XML, samo tekst.', 'inboxNotXml', 400],
    ['broken.xml', sample.slice(0, 2000), 'inboxNotXml', 400],
    ['laughs.xml', billionLaughs, 'inboxDoctype', 400],
    ['xxe.xml', xxe, 'inboxDoctype', 400],
    ['utf16.xml', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(sample, 'utf16le')]), 'inboxEncoding', 400],
    ['latin2.xml', Buffer.from(sample.replace('UTF-8', 'ISO-8859-2'), 'utf8'), 'inboxEncoding', 400],
    ['control.xml', sample.replace('TVRTKA A', 'TVRTKA\u0001A'), 'inboxXmlChar', 400],
    ['order.xml', '<?xml version="1.0"?><Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"/>', 'inboxNotUbl', 400],
    ['no-number.xml', sample.replace(/<cbc:ID>1-P1-1<\/cbc:ID>/, ''), 'inboxMissingField', 400],
    ['bad-amount.xml', sample.replace(/<cbc:PayableAmount currencyID="EUR">[^<]*</, '<cbc:PayableAmount currencyID="EUR">1,25<'), 'inboxBadAmount', 400],
    ['huge.xml', Buffer.concat([Buffer.from(sample), Buffer.alloc(21 * 1024 * 1024, 0x20)]), 'inboxTooLarge', 413],
  ];
  for (const [name, bytes, code, status] of cases) {
    it(`${name}: ${code}`, async () => {
      const { h, token } = world;
      const before = await keptCount(h);
      const res = await importFiles(h, token, [{ name, bytes }]);
      expect(res.statusCode).toBe(status);
      const [error] = errorsOf(res);
      expect(error).toMatchObject({ code, field: name });
      expect(error!.reason).toContain(name);
      expect(error!.reason).not.toMatch(/root:|\/etc\/passwd/);
      expect(await keptCount(h)).toEqual(before);
    });
  }

  it('says it in English for an English reader, and keeps the good files of a mixed batch', async () => {
    const { h, token } = world;
    const res = await importFiles(h, token, [{ name: 'x.txt', bytes: 'hello' }, { name: 'ok.xml', bytes: addressedTo(sampleBytes('hr/eRacun_PDV25.xml'), OUR_OIB, 'MIX-1') }], 'en');
    expect(res.statusCode).toBe(200);
    const answer = dataOf<Answer>(res);
    expect(answer).toMatchObject({ imported: 1, refused: 1 });
    expect(answer.results[0]!.reason).toMatch(/^File x\.txt is not well-formed XML/);
  });

  it('a request without files, or not multipart, is refused', async () => {
    const { h, token } = world;
    const json = await h.request('POST', '/api/v1/inbox/import', { token, body: { files: [] }, lang: 'en' });
    expect(json.statusCode).toBe(415);
    const empty = await importFiles(h, token, []);
    expect(empty.statusCode).toBe(400);
    expect(errorsOf(empty)[0]!.code).toBe('inboxNoFiles');
    const anonymous = await h.app.inject({ method: 'POST', url: '/api/v1/inbox/import', payload: 'x', headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('what is noticed about a document', () => {
  it('a credit note names its invoice when that one is here, and is flagged when it is not', async () => {
    const { h, token } = world;
    const odobrenje = (number: string, credited: string) =>
      Buffer.from(addressedTo(sampleBytes('hr/Odobrenje.xml'), OUR_OIB, number).toString('utf8').replace('<cbc:ID>1-1-1</cbc:ID>', `<cbc:ID>${credited}</cbc:ID>`), 'utf8');
    const credited = (await list(h, token, '?q=HR-KPD-1')).data[0]!;
    const answer = dataOf<Answer>(await importFiles(h, token, [{ name: 'lone.xml', bytes: odobrenje('CN-LONE', 'NOT-HERE-7') }, { name: 'linked.xml', bytes: odobrenje('CN-LINKED', 'HR-KPD-1') }]));
    expect(answer.results.map((r) => r.flags)).toEqual([['creditedNotInInbox'], []]);
    const lone = await detail(h, token, answer.results[0]!.id!);
    expect(lone).toMatchObject({ documentType: 'CREDIT_NOTE', typeCode: '381', billingReferences: [{ number: 'NOT-HERE-7', inboxId: null }] });
    const linked = await detail(h, token, answer.results[1]!.id!);
    expect(linked.billingReferences).toEqual([{ number: 'HR-KPD-1', issueDate: '2025-12-01', inboxId: credited.id }]);
  });

  it('a document addressed to another OIB is kept and flagged; one addressed to us is not', async () => {
    const { h, token } = world;
    const answer = dataOf<Answer>(
      await importFiles(h, token, [
        { name: 'ours.xml', bytes: addressedTo(sampleBytes('hr/eRacun_PDV25_Obracun_PDV_po_naplati.xml'), OUR_OIB, 'OURS-1') },
        { name: 'theirs.xml', bytes: addressedTo(sampleBytes('hr/eRacun_PDV25_Obracun_PDV_po_naplati.xml'), '11111111119', 'THEIRS-1') },
      ]),
    );
    expect(answer.results.map((r) => r.flags.includes('otherRecipient'))).toEqual([false, true]);
  });

  it('each kept document is in the audit trail with its SHA-256', async () => {
    const { h, token } = world;
    const bytes = addressedTo(sampleBytes('hr/eRacun_PDV25.xml'), OUR_OIB, 'AUDIT-1');
    const id = dataOf<Answer>(await importFiles(h, token, [{ name: 'audit.xml', bytes }])).results[0]!.id;
    const entries = await h.db.selectFrom('audit_log').selectAll().where('action', '=', 'inbox.received').execute();
    const entry = entries.map((e) => JSON.parse(String(e.details)) as { receivedId: number; sha256: string; number: string }).find((d) => d.receivedId === id);
    expect(entry).toMatchObject({ number: 'AUDIT-1', sha256: createHash('sha256').update(bytes).digest('hex') });
  });
});

describe('an invoice Faktura issued, received back', () => {
  it('reads as the invoice it was: number, client, lines, KPD and totals', async () => {
    const { h, token, invoices } = world;
    const ubl = await h.request('GET', `/api/v1/invoice/${invoices.sent.id}/ubl`, { token });
    expect(ubl.statusCode).toBe(200);
    const invoice = dataOf<{ invoiceNumber: string; lineItems: { description: string }[] }>(await h.request('GET', `/api/v1/invoice/${invoices.sent.id}`, { token }));
    const result = dataOf<Answer>(await importFiles(h, token, [{ name: 'own.xml', bytes: ubl.rawPayload }])).results[0]!;
    expect(result.outcome).toBe('IMPORTED');
    const doc = await detail(h, token, result.id!);
    expect(doc.number).toBe(invoice.invoiceNumber);
    expect(doc.supplierOib).toBe(OUR_OIB);
    expect(doc.lines.map((l) => l.name)).toEqual(invoice.lineItems.map((l) => l.description));
    expect(doc.lines[0]).toMatchObject({ netCents: 36000 });
    expect(Number(doc.lines[0]!.quantity)).toBe(3);
    expect(doc.lines[0]!.kpd).toMatch(/^\d{2}\.\d{2}\.\d{2}$/);
    expect(doc.totalCents).toBe(45000);
    expect(doc.payment.iban).toBe('HR6023600001101234567');
    expect(doc.payment.model).toMatch(/^HR\d{2}$/);
  });
});

describe('the list', () => {
  it('newest first, filtered by year, state, supplier and searched by number or supplier, paged', async () => {
    const { h, token } = world;
    const all = await list(h, token, '?pageSize=200');
    expect(all.page.total).toBe(all.data.length);
    const dates = all.data.map((d) => d.issueDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const years = all.filters.find((f) => f.key === 'year')!.facets.map((f) => f.value);
    expect(years.length).toBeGreaterThan(0);
    const year = years[years.length - 1]!;
    const ofYear = await list(h, token, `?year=${year}&pageSize=200`);
    expect(ofYear.data.length).toBeGreaterThan(0);
    expect(ofYear.data.every((d) => d.issueDate.startsWith(year))).toBe(true);
    const bySupplier = await list(h, token, '?supplier=12345678901&pageSize=200');
    expect(bySupplier.data.length).toBeGreaterThan(0);
    expect(bySupplier.data.every((d) => d.supplierOib === '12345678901')).toBe(true);
    const search = await list(h, token, `?q=${encodeURIComponent('zip-2')}`);
    expect(search.data.map((d) => d.number)).toEqual(['ZIP-2']);
    const byName = await list(h, token, `?q=${encodeURIComponent('tvrtka a')}&pageSize=200`);
    expect(byName.data.length).toBeGreaterThan(0);
    expect(byName.data.every((d) => d.supplierName.toLowerCase().includes('tvrtka a'))).toBe(true);
    const wildcard = await list(h, token, `?q=${encodeURIComponent('%')}`);
    expect(wildcard.data).toEqual([]);
    expect((await list(h, token, '?state=PAID')).data).toEqual([]);
    const page2 = await list(h, token, '?pageSize=5&page=2');
    expect(page2.data.map((d) => d.id)).toEqual(all.data.slice(5, 10).map((d) => d.id));
    const bad = await h.request('GET', '/api/v1/inbox?supplier=123', { token, lang: 'en' });
    expect(bad.statusCode).toBe(400);
    const missing = await h.request('GET', '/api/v1/inbox/999999', { token, lang: 'en' });
    expect(missing.statusCode).toBe(404);
    expect(errorsOf(missing)[0]!.reason).toBe('The received invoice does not exist');
  });
});

import { type Invoice, addDays, formatDate } from '@faktura/shared';
import { sampleClientInput } from '@faktura/shared/samples';
import { beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { loadValidators, validateEInvoice } from './einvoice/validate';
import { fiscalizeWithTestCertificate } from './fiscalization/selfFiscalizing';
import { dataOf, errorsOf } from './harness';
import { addressedTo, importFiles, sampleBytes } from './inbox/inboxFixtures';
import { daysAgo, invoiceBody, line, onDay, suppliedOn, today, useInvoiceWorld } from './invoiceFixtures';

/*
 * The accountant's export (issue 31 item 13): every issued invoice and credit note of a period, as a
 * CSV read back and summed here as a spreadsheet would, and as a zip whose PDFs and e-invoices are
 * the downloads' very bytes.
 */

const world = useInvoiceWorld({
  operatorOib: '24680135792',
  clients: {
    person: { ...sampleClientInput('domestic', { name: 'Marija Kovačević', email: 'marija@posta.example', pin: '69814562369', contracts: [] }), kind: 'CONSUMER' },
  },
});
// a private person's invoice is issued only while Faktura fiscalizes (decision 031); no outbox round runs here
beforeAll(() => fiscalizeWithTestCertificate(world.h, world.token), 120_000);
beforeAll(() => loadValidators(), 300_000);

const from = daysAgo(10);
const to = today;
const get = (query: string, lang = 'hr') => world.h.request('GET', `/api/v1/export${query}`, { token: world.token, lang });
const create = async (clientId: number, lines: unknown[], extra: Record<string, unknown> = {}) => {
  const res = await world.h.request('POST', '/api/v1/invoice', { token: world.token, body: invoiceBody(clientId, lines, { ...suppliedOn(today, 15), ...extra }) });
  if (res.statusCode !== 201) throw new Error(res.body);
  return dataOf<{ id: number; number: string }>(res);
};
const detail = async (id: number) => dataOf<Invoice>(await world.h.request('GET', `/api/v1/invoice/${id}`, { token: world.token }));

/** A CSV as a spreadsheet reads it: quoted cells, doubled quotes, CRLF rows. */
function parseCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      row.push(cell);
      cell = '';
    }
    else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}
/** `-1234,56` or `-1234.56` as cents, exactly. */
const cents = (text: string) => {
  const match = /^(-?)(\d+)[.,](\d{2})$/.exec(text);
  if (!match) throw new Error(`not an amount: ${text}`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
};

function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('GET /api/v1/export', () => {
  let domestic: { id: number; number: string };
  let note: { id: number; number: string };
  let dollars: { id: number; number: string };
  let consumer: { id: number; number: string };
  let issued: { id: number; number: string }[];

  beforeAll(async () => {
    const { w, clients, h, token } = world;
    // before the period: not in it
    await onDay(daysAgo(40), () => create(w.hr, [line(w.dev, 100)], suppliedOn(daysAgo(40), 15)));
    // 10 h of development at 25 %, a month of rent at 13 %
    domestic = await create(w.hr, [line(w.dev, 45, 10), line(w.rent, 800, 1, { vatRate: 13, unit: 'SINGLE' })]);
    const credited = await h.request('POST', `/api/v1/invoice/${domestic.id}/credit-note`, { token, body: { reason: 'Pogrešna količina' } });
    if (credited.statusCode !== 201) throw new Error(credited.body);
    note = dataOf<{ id: number; number: string }>(credited);
    dollars = await create(w.us, [line(w.usd, 1082.5, 1, { currency: 'USD' })], { eurFxRate: '1.0825' });
    consumer = await create(clients.person, [line(w.dev, 45, 2)]);
    await h.request('POST', `/api/v1/invoice/${dollars.id}/payment`, { token, body: { method: 'TRANSFER', date: today, amount: 500 } });
    // a draft: never exported
    await create(w.hr, [line(w.dev, 45, 1)], { draft: true });
    issued = [domestic, note, dollars, consumer];
  }, 120_000);

  it('writes a Croatian CSV (BOM, semicolons, decimal comma) whose rows sum to each document’s total', async () => {
    const res = await get(`?from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`filename="izvoz-${from}_${to}.csv"`);
    expect(res.body.startsWith('\uFEFFBroj;Vrsta;Datum izdavanja;')).toBe(true);
    const [header, ...rows] = parseCsv(res.body.slice(1), ';');
    const col = (name: string) => header!.indexOf(name);
    const numbers = [...new Set(rows.map((r) => r[col('Broj')]))];
    // issued documents only, by date of issue then as issued: no draft, nothing from before the period
    expect(numbers).toEqual(issued.map((d) => d.number));

    for (const doc of issued) {
      const stored = await detail(doc.id);
      const mine = rows.filter((r) => r[col('Broj')] === doc.number);
      // one row per VAT rate; the totals column sums to the document's total, base and VAT to its own
      expect(mine.length).toBe(new Set(stored.lineItems.map((l) => l.vatRate)).size);
      expect(mine.reduce((sum, r) => sum + cents(r[col('Ukupno')]!), 0)).toBe(stored.totalCents);
      expect(mine.reduce((sum, r) => sum + cents(r[col('Osnovica')]!), 0)).toBe(stored.subtotalCents);
      expect(mine.reduce((sum, r) => sum + cents(r[col('Iznos PDV-a')]!), 0)).toBe(stored.vatCents);
      expect(cents(mine[0]![col('Ukupno dokument')]!)).toBe(stored.totalCents);
      expect(mine.slice(1).every((r) => r[col('Ukupno dokument')] === '')).toBe(true);
    }

    const rowsOf = (number: string) => rows.filter((r) => r[col('Broj')] === number);
    const [first, second] = rowsOf(domestic.number);
    expect(first).toEqual(expect.arrayContaining(['račun', '25,00', '450,00', '112,50', '562,50', 'tuzemni promet', 'EUR', 'da']));
    expect(first![col('Datum izdavanja')]).toBe(formatDate(today, 'hr'));
    expect(second).toEqual(expect.arrayContaining(['13,00', '800,00', '104,00', '904,00']));
    expect(first![col('Kupac')]).toBe('Jadranski Softver d.o.o.');
    expect(first![col('Stanje plaćanja')]).toBe('plaćeno'); // settled by its credit note of the whole
    // the credit note is negative
    const noteRows = rowsOf(note.number);
    expect(noteRows[0]![col('Vrsta')]).toBe('odobrenje');
    expect(noteRows.every((r) => cents(r[col('Ukupno')]!) < 0)).toBe(true);
    expect(noteRows[0]![col('Stanje plaćanja')]).toBe('');
    // a dollar invoice: its rate and its euro amounts at that rate
    const [usd] = rowsOf(dollars.number);
    expect(usd![col('Valuta')]).toBe('USD');
    expect(usd![col('Tečaj (za 1 EUR)')]).toBe('1,0825');
    expect(cents(usd![col('Ukupno')]!)).toBe(108_250);
    expect(cents(usd![col('Ukupno (EUR)')]!)).toBe(100_000);
    expect(usd![col('Stanje plaćanja')]).toBe('djelomično plaćeno');
    expect(cents(usd![col('Plaćeno')]!)).toBe(50_000);
    expect(rowsOf(domestic.number)[0]![col('Ukupno (EUR)')]).toBe('');
    // a private person: no e-invoice
    expect(rowsOf(consumer.number)[0]![col('E-račun (XML)')]).toBe('ne – privatna osoba (samo PDF)');
  });

  it('writes an English CSV with commas and a decimal point when asked', async () => {
    const res = await get(`?from=${from}&to=${to}&lang=en`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`filename="export-${from}_${to}.csv"`);
    const [header, ...rows] = parseCsv(res.body.slice(1), ',');
    expect(header!.slice(0, 3)).toEqual(['Number', 'Kind', 'Date of issue']);
    const total = rows.filter((r) => r[0] === dollars.number).reduce((sum, r) => sum + cents(r[header!.indexOf('Total')]!), 0);
    expect(total).toBe(108_250);
    expect(rows.find((r) => r[0] === note.number)?.[1]).toBe('credit note');
  });

  it('zips the CSV, a README and each document’s PDF and e-invoice, the downloads’ very bytes; a private person’s PDF only', async () => {
    const res = await get(`?from=${from}&to=${to}&format=zip`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`filename="izvoz-${from}_${to}.zip"`);
    const files = await unzip(res.rawPayload);
    const year = today.slice(0, 4);
    const names = [...files.keys()];
    expect(names.slice(0, 2)).toEqual(['PROCITAJ-ME.txt', `izvoz-${from}_${to}.csv`]);
    // the CSV inside is the CSV of format=csv
    expect(files.get(`izvoz-${from}_${to}.csv`)?.toString('utf8')).toBe((await get(`?from=${from}&to=${to}`)).body);
    expect(files.get('PROCITAJ-ME.txt')?.toString('utf8')).toContain('Dokumenti privatnim osobama');

    for (const doc of issued) {
      const pdf = await world.h.request('GET', `/api/v1/invoice/${doc.id}/pdf`, { token: world.token, lang: 'hr' });
      const pdfName = /filename\*=UTF-8''([^;]+)/.exec(String(pdf.headers['content-disposition']))?.[1] ?? '';
      expect(files.get(`${year}/${decodeURIComponent(pdfName)}`)?.equals(pdf.rawPayload)).toBe(true);
      const xmlName = `${year}/${doc.number.replace(/\//g, '-')}.xml`;
      if (doc === consumer) {
        expect(files.has(xmlName)).toBe(false);
        continue;
      }
      const ubl = await world.h.request('GET', `/api/v1/invoice/${doc.id}/ubl`, { token: world.token, lang: 'hr' });
      expect(ubl.statusCode).toBe(200);
      expect(files.get(xmlName)?.toString('utf8')).toBe(ubl.body);
    }
    // nothing else: no draft, nothing from outside the period (received documents aside: below)
    expect(names.filter((n) => !n.startsWith('primljeni/') && !n.startsWith('knjiga-ura-')).length).toBe(2 + issued.length * 2 - 1);
    const xml = files.get(`${year}/${domestic.number.replace(/\//g, '-')}.xml`)?.toString('utf8') ?? '';
    expect(await validateEInvoice(xml)).toEqual({ xsd: [], en16931: [], hrCius: [] });
  }, 120_000);

  it('records the export in the audit trail', async () => {
    const entries = await world.h.db.selectFrom('audit_log').select(['action', 'details']).where('action', '=', 'documents.exported').execute();
    expect(entries.map((e) => JSON.parse(e.details) as unknown)).toContainEqual({ from, to, format: 'zip', language: 'hr' });
  });

  it('refuses a missing, malformed, reversed or too long period in the reader’s language, and does nothing else', async () => {
    const count = async () => (await world.h.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const before = Number(await count());
    const refused = async (query: string, lang = 'hr') => {
      const res = await get(query, lang);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/json');
      return errorsOf(res);
    };
    expect(await refused(`?to=${to}`)).toEqual([{ code: 'validation', field: 'from', reason: 'Ovo polje je obavezno' }]);
    expect(await refused(`?from=2026-13-01&to=${to}`)).toEqual([{ code: 'validation', field: 'from', reason: 'Datum mora biti u obliku GGGG-MM-DD' }]);
    expect(await refused(`?from=${to}&to=${addDays(to, -1)}`)).toEqual([
      { code: 'validation', field: 'to', reason: 'Datum „do” je prije datuma „od”: razdoblje mora završiti na dan početka ili kasnije' },
    ]);
    expect(await refused(`?from=${to}&to=${addDays(to, -1)}`, 'en')).toEqual([
      { code: 'validation', field: 'to', reason: 'The “to” date is before the “from” date: a period must end on or after the day it starts' },
    ]);
    expect(await refused('?from=2025-01-01&to=2026-01-02', 'en')).toEqual([
      { code: 'validation', field: 'to', reason: 'An export covers at most 366 days (one year): export a longer period in parts' },
    ]);
    expect(await refused(`?from=${from}&to=${to}&format=pdf`, 'en')).toEqual([{ code: 'validation', field: 'format', reason: 'The export format must be csv or zip' }]);
    expect((await get('?from=2024-01-01&to=2024-12-31')).statusCode).toBe(200); // a leap year is one year
    expect((await world.h.request('GET', `/api/v1/export?from=${from}&to=${to}`)).statusCode).toBe(401);
    // only the one good export above was recorded
    expect(Number(await count())).toBe(before + 1);
  });
});

describe('received documents in the accountant’s export (URA)', () => {
  const received: { id: number; number: string; kind: 'INVOICE' | 'CREDIT_NOTE' }[] = [];
  beforeAll(async () => {
    const files = [
      { name: 'pdv25.xml', bytes: addressedTo(sampleBytes('hr/eRacun_PDV25.xml'), '69814562369', 'URA-1'), kind: 'INVOICE' as const },
      // the same supplier's other sample, with two VAT groups (25 % and a non-taxable cost)
      { name: 'mjesoviti.xml', bytes: sampleBytes('hr/eRacun_PDV25_i_Neoporeziva_naknada_trosak.xml'), kind: 'INVOICE' as const },
      { name: 'odobrenje.xml', bytes: sampleBytes('hr/Odobrenje.xml'), kind: 'CREDIT_NOTE' as const },
    ];
    const answer = dataOf<{ results: { id: number; number: string; outcome: string }[] }>(await importFiles(world.h, world.token, files));
    expect(answer.results.map((r) => r.outcome)).toEqual(['IMPORTED', 'IMPORTED', 'IMPORTED']);
    answer.results.forEach((r, i) => received.push({ id: r.id, number: r.number, kind: files[i]!.kind }));
  }, 60_000);
  const doc = async (id: number) => dataOf<{ totalCents: number; vatBreakdown: { baseCents: number; vatCents: number; rate: number | null }[]; supplier: { name: string; oib: string } }>(
    await world.h.request('GET', `/api/v1/inbox/${id}`, { token: world.token }),
  );

  it('zips a Croatian URA book, one row per document and VAT rate numbered in order of receipt, credit notes negative, and each original byte for byte', async () => {
    const res = await get(`?from=${from}&to=${to}&format=zip`);
    expect(res.statusCode).toBe(200);
    const files = await unzip(res.rawPayload);
    const ura = files.get(`knjiga-ura-${from}_${to}.csv`)?.toString('utf8') ?? '';
    expect(ura.startsWith('\uFEFFRedni broj;Broj računa;Vrsta;Datum izdavanja;Datum primitka;Datum dospijeća;Dobavljač;OIB dobavljača;Adresa dobavljača;')).toBe(true);
    const [header, ...rows] = parseCsv(ura.slice(1), ';');
    const col = (name: string) => header!.indexOf(name);
    expect([...new Set(rows.map((r) => r[col('Broj računa')]))]).toEqual(received.map((r) => r.number));
    expect([...new Set(rows.map((r) => r[col('Redni broj')]))]).toEqual(['1', '2', '3']);
    for (const [index, one] of received.entries()) {
      const shown = await doc(one.id);
      const mine = rows.filter((r) => r[col('Redni broj')] === String(index + 1));
      const sign = one.kind === 'CREDIT_NOTE' ? -1 : 1;
      expect(mine.length).toBe(Math.max(shown.vatBreakdown.length, 1));
      expect(mine.map((r) => cents(r[col('Osnovica')]!))).toEqual(shown.vatBreakdown.map((g) => sign * g.baseCents));
      expect(mine.map((r) => cents(r[col('Iznos PDV-a')]!))).toEqual(shown.vatBreakdown.map((g) => sign * g.vatCents));
      expect(cents(mine[0]![col('Ukupno dokument')]!)).toBe(sign * shown.totalCents);
      expect(mine[0]![col('Dobavljač')]).toBe(shown.supplier.name);
      expect(mine[0]![col('OIB dobavljača')]).toBe(shown.supplier.oib);
      expect(mine[0]![col('Adresa dobavljača')]).not.toBe('');
      expect(mine[0]![col('Datum primitka')]).toBe(formatDate(today, 'hr'));
      expect(mine[0]![col('Stanje')]).toBe('zaprimljen');
      expect(mine[0]![col('Vrsta')]).toBe(one.kind === 'CREDIT_NOTE' ? 'odobrenje' : 'račun');
      expect(mine.slice(1).every((r) => r[col('Ukupno dokument')] === '' && r[col('Stanje')] === '')).toBe(true);
      // the original in primljeni/<year of issue>/, the very bytes the XML download gives
      const xml = await world.h.request('GET', `/api/v1/inbox/${one.id}/xml`, { token: world.token });
      const name = /filename="([^"]+)"/.exec(String(xml.headers['content-disposition']))?.[1] ?? '';
      const entry = [...files.keys()].find((n) => n.startsWith('primljeni/') && n.endsWith(`/${name}`));
      expect(entry, name).toBeDefined();
      expect(files.get(entry!)?.equals(xml.rawPayload)).toBe(true);
    }
    // a mixed document: 25 % and a non-taxable cost on their own rows
    expect(rows.filter((r) => r[col('Redni broj')] === '2').length).toBeGreaterThan(1);
    expect(rows.filter((r) => r[col('Redni broj')] === '3').every((r) => cents(r[col('Ukupno')]!) <= 0)).toBe(true);
    expect([...files.keys()].filter((n) => n.startsWith('primljeni/'))).toHaveLength(received.length);
    expect(files.get('PROCITAJ-ME.txt')?.toString('utf8')).toContain(`knjiga-ura-${from}_${to}.csv – knjiga ulaznih računa (URA)`);
  }, 120_000);

  it('writes the English book with commas and a decimal point, in received/', async () => {
    const files = await unzip((await get(`?from=${from}&to=${to}&format=zip`, 'en')).rawPayload);
    const ura = files.get(`purchase-book-${from}_${to}.csv`)?.toString('utf8') ?? '';
    const [header, ...rows] = parseCsv(ura.slice(1), ',');
    expect(header!.slice(0, 5)).toEqual(['No.', 'Invoice number', 'Kind', 'Date of issue', 'Date of receipt']);
    expect(rows.find((r) => r[1] === received[2]!.number)?.[2]).toBe('credit note');
    expect(rows.every((r) => /^-?\d+\.\d{2}$/.test(r[header!.indexOf('Base')]!))).toBe(true);
    expect([...files.keys()].filter((n) => n.startsWith('received/'))).toHaveLength(received.length);
  }, 120_000);

  it('leaves out what was received outside the period', async () => {
    const files = await unzip((await get(`?from=${daysAgo(40)}&to=${daysAgo(20)}&format=zip`)).rawPayload);
    const [, ...rows] = parseCsv((files.get(`knjiga-ura-${daysAgo(40)}_${daysAgo(20)}.csv`)?.toString('utf8') ?? '').slice(1), ';');
    expect(rows).toEqual([]);
    expect([...files.keys()].filter((n) => n.startsWith('primljeni/'))).toEqual([]);
  }, 60_000);
});

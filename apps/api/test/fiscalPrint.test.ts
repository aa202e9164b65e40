import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/time';
import { type Harness, dataOf } from './harness';
import { decodePng } from './decode';
import { invoiceBody, line, onDay, suppliedOn, useInvoiceWorld, type InvoiceWorld } from './invoiceFixtures';
import { fiscalizeWithTestCertificate } from './fiscalization/selfFiscalizing';
import { pdfText } from './pdfText';

/**
 * What a fiscalized invoice (RacunZahtjev, decision 031) prints: ZKI, JIR (or that it is still to
 * come), the time of issue, the operator and the QR code that links the Tax Administration's check
 * page; and what a draft that would be fiscalized says: "OVO NIJE FISKALIZIRANI RAČUN". Sending at issue
 * is another part's work: these tests give issued invoices their RACUN row in the database directly.
 */
let h: Harness;
let token: string;
let w: InvoiceWorld;
const world = useInvoiceWorld<'consumer' | 'foreignConsumer', never>({
  clients: {
    consumer: {
      name: 'Marko Marić', kind: 'CONSUMER', email: 'marko@example.hr', pin: null, phone: null, note: null, bankAccountNumber: null, contracts: [],
      address: { address1: 'Vukovarska 7', address2: null, city: 'Rijeka', zip: '51000', state: null, countryCode: 'HR' },
    },
    foreignConsumer: {
      name: 'Anna Schmidt', kind: 'CONSUMER', email: 'anna@example.de', pin: null, phone: null, note: null, bankAccountNumber: null, contracts: [],
      address: { address1: 'Lindenstraße 4', address2: null, city: 'München', zip: '80331', state: null, countryCode: 'DE' },
    },
  },
  operatorOib: '24680135792',
  ready: (ready) => ({ h, token, w } = ready),
});

// such invoices are issued only while Faktura fiscalizes (decision 031): with the test CA's certificate;
// no round of the outbox runs here, so nothing is sent
beforeAll(() => fiscalizeWithTestCertificate(h, token), 120_000);

type Fiscal = {
  issuedAt: string; operatorLabel: string; zki: string; jir: string | null; jirText: string;
  verificationUrl: string; qrUrl: string; qrSizeMm: number;
};
type View = { language: string; draft: boolean; fiscal?: Fiscal | null; notFiscalized?: string | null; labels: Record<string, string> };

const ZKI = 'e4d909c290d0fb1ca068ffaddf22cbd0';
const JIR = '6f1c2a7e-0b8d-4c1e-9f3a-5d2b7c8e9a10';

const create = async (body: unknown) => {
  const res = await h.request('POST', '/api/v1/invoice', { token, body });
  if (res.statusCode !== 201) throw new Error(res.body);
  return dataOf<{ id: number; number: string | null }>(res);
};
const view = async (id: number, lang?: string) => dataOf<View>(await h.request('GET', `/screen/v1/invoice/print/${id}${lang ? `?lang=${lang}` : ''}`, { token }));
const pdf = async (id: number, lang?: string) => (await h.request('GET', `/api/v1/invoice/${id}/pdf${lang ? `?lang=${lang}` : ''}`, { token })).rawPayload;

/** The row the issuing side writes for an invoice reported with RacunZahtjev (its wiring is another part's work). */
async function fiscalRow(invoiceId: number, status: 'FISCALIZED' | 'PENDING' | 'FAILED', jir: string | null, kind = 'RACUN') {
  const now = nowIso();
  await h.db.deleteFrom('fiscal_document').where('invoice_id', '=', invoiceId).execute();
  await h.db
    .insertInto('fiscal_document')
    .values({
      invoice_id: invoiceId, kind, status, attempts: 1, next_attempt_at: now, deadline: now.slice(0, 10),
      request_id: null, fiscalized_at: status === 'FISCALIZED' ? now : null, error_code: status === 'FAILED' ? 's004' : null,
      error_text: null, claimed_until: null, claimed_by: null, zki: kind === 'RACUN' ? ZKI : null, jir, created_at: now, updated_at: now,
    })
    .execute();
}

/**
 * The QR image's geometry, measured on its pixels: the finder pattern's top edge is 7 modules of
 * black, and the white before it is the quiet zone.
 */
function qrGeometry(png: Buffer): { modules: number; quietModules: number } {
  const image = PNG.sync.read(png);
  const dark = (x: number, y: number) => (image.data[(y * image.width + x) * 4] ?? 255) < 128;
  let top = 0;
  while (top < image.height && ![...Array(image.width).keys()].some((x) => dark(x, top))) top++;
  let left = 0;
  while (!dark(left, top)) left++;
  let run = 0;
  while (dark(left + run, top)) run++;
  const module = run / 7;
  return { modules: image.width / module - (2 * left) / module, quietModules: left / module };
}

/** The first page drawn by poppler at 200 dpi, as a phone's camera would see the paper. */
function firstPagePng(document: Buffer): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-qr-'));
  try {
    const file = path.join(dir, 'invoice.pdf');
    fs.writeFileSync(file, document);
    const run = spawnSync('pdftoppm', ['-png', '-r', '200', '-f', '1', '-l', '1', '-singlefile', file, path.join(dir, 'page')]);
    if (run.status !== 0) throw new Error(`pdftoppm failed: ${String(run.stderr)}`);
    return fs.readFileSync(path.join(dir, 'page.png'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The images of the first page with the size each is drawn at (poppler's `pdfimages -list`). */
function drawnImagesMm(document: Buffer): { width: number; height: number; widthMm: number }[] {
  const run = spawnSync('pdfimages', ['-list', '-f', '1', '-l', '1', '-'], { input: document });
  if (run.status !== 0) throw new Error(`pdfimages failed: ${String(run.stderr)}`);
  return String(run.stdout)
    .split('\n')
    .slice(2)
    .map((row) => row.trim().split(/\s+/))
    .filter((cells) => cells[2] === 'image')
    .map((cells) => ({ width: Number(cells[3]), height: Number(cells[4]), widthMm: (Number(cells[3]) / Number(cells[12])) * 25.4 }));
}

describe('a fiscalized invoice on paper (ZoF čl. 7, TS-F1)', () => {
  let fiscalized: { id: number; number: string | null };

  it('a consumer invoice paid by transfer carries its ZKI, JIR, time, operator and a QR code that decodes to the check page', async () => {
    // 2 March 2026 at 10:00 in Zagreb (09:00 UTC)
    fiscalized = await onDay('2026-03-02', () => create(invoiceBody(world.clients.consumer, [line(w.dev, 45, 2)], suppliedOn('2026-03-02', 8))));
    await fiscalRow(fiscalized.id, 'FISCALIZED', JIR);
    const url = `https://porezna.gov.hr/rn?jir=${JIR}&datv=20260302_1000&izn=11250`;

    const v = await view(fiscalized.id);
    expect(v.fiscal).toMatchObject({ issuedAt: '2. 3. 2026. 10:00', operatorLabel: 'Ana Operater', zki: ZKI, jir: JIR, jirText: JIR, verificationUrl: url });
    expect(v.notFiscalized).toBeNull();
    const qrPng = Buffer.from(v.fiscal?.qrUrl.split(',')[1] ?? '', 'base64');
    expect(decodePng(qrPng, 'QR_CODE')).toBe(url);
    // drawn at its size, the symbol is 2 × 2 cm with at least 4 modules (and 2 mm) of white all round
    const { modules, quietModules } = qrGeometry(qrPng);
    expect(quietModules).toBeGreaterThanOrEqual(4);
    const sizeMm = v.fiscal?.qrSizeMm ?? 0;
    expect((sizeMm * modules) / (modules + 2 * quietModules)).toBeCloseTo(20, 1);
    expect((sizeMm * quietModules) / (modules + 2 * quietModules)).toBeGreaterThanOrEqual(2);

    const document = await pdf(fiscalized.id);
    const text = pdfText(document);
    expect(text).toMatch(new RegExp(`ZKI\\s+${ZKI}`));
    expect(text).toMatch(new RegExp(`JIR\\s+${JIR}`));
    expect(text).toMatch(/Datum i vrijeme izdavanja\s+2\. 3\. 2026\. 10:00/);
    expect(text).toMatch(/Operater\s+Ana Operater/);
    expect(text).toMatch(/Način plaćanja\s+Transakcijski račun/);
    expect(text).not.toContain('OVO NIJE FISKALIZIRANI');
    // the page as printed: the QR code scans back to the link, beside the HUB-3 code the transfer needs
    expect(decodePng(firstPagePng(document), 'QR_CODE')).toBe(url);
    const qr = drawnImagesMm(document).find((image) => image.width === image.height);
    expect(qr?.widthMm).toBeCloseTo(v.fiscal?.qrSizeMm ?? 0, 0);
  });

  it('its two codes are grey without an alpha channel, and the same invoice is the same file however many are rendered at once', async () => {
    const document = await pdf(fiscalized.id);
    // pdfimages -list: type and colour of each image; an alpha channel would be an "smask" row
    const images = String(spawnSync('pdfimages', ['-list', '-'], { input: document }).stdout)
      .split('\n')
      .slice(2)
      .map((row) => row.trim().split(/\s+/))
      .filter((cells) => cells.length > 5)
      .map((cells) => `${cells[2]} ${cells[5]}`);
    expect(images).toEqual(['image gray', 'image gray']);
    // with an alpha channel pdfkit finished the two images asynchronously, in either order
    const renders = await Promise.all(Array.from({ length: 40 }, () => pdf(fiscalized.id)));
    expect(renders.filter((other) => !other.equals(document))).toHaveLength(0);
  });

  it('while the JIR is on its way the invoice says so, and the QR code links its ZKI', async () => {
    // on a fixed day and hour: the QR code holds the time of issue, so each run drew another code, and
    // ZXing, reading the whole page as a camera does, found none on some of them (seen twice in CI,
    // both databases). Now every run reads the same page.
    const { id } = await onDay('2026-03-03', () => create(invoiceBody(w.hr, [line(w.dev, 45, 3)], { paymentMethod: 'CASH', ...suppliedOn('2026-03-03', 8) })));
    await fiscalRow(id, 'PENDING', null);
    const v = await view(id);
    expect(v.fiscal).toMatchObject({ zki: ZKI, jir: null, jirText: 'naknadna dostava u tijeku' });
    const issuedAt = (await h.db.selectFrom('invoice').select('issued_at').where('id', '=', id).executeTakeFirstOrThrow()).issued_at ?? '';
    const at = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Zagreb', dateStyle: 'short', timeStyle: 'short' }).format(new Date(issuedAt));
    const url = `https://porezna.gov.hr/rn?zki=${ZKI}&datv=${at.replace(/-/g, '').replace(' ', '_').replace(':', '')}&izn=16875`;
    expect(v.fiscal?.verificationUrl).toBe(url);
    const document = await pdf(id);
    const text = pdfText(document);
    expect(text).toMatch(new RegExp(`ZKI\\s+${ZKI}`));
    expect(text).toMatch(/JIR\s+naknadna dostava u tijeku/);
    expect(text).toMatch(/Način plaćanja\s+Gotovina/);
    expect(decodePng(firstPagePng(document), 'QR_CODE')).toBe(url);

    // refused by the service: no JIR is coming by itself
    await fiscalRow(id, 'FAILED', null);
    expect((await view(id)).fiscal?.jirText).toBe('nije dodijeljen');

    // once the JIR came, the reprint carries it
    await fiscalRow(id, 'FISCALIZED', JIR);
    const reprint = await view(id);
    expect(reprint.fiscal?.verificationUrl).toBe(url.replace(`zki=${ZKI}`, `jir=${JIR}`));
    expect(pdfText(await pdf(id))).toMatch(new RegExp(`JIR\\s+${JIR}`));
  });

  it('in English for a client abroad, and a credit note links its negative amount', async () => {
    const { id } = await create(invoiceBody(world.clients.foreignConsumer, [line(w.dev, 100, 1)], { paymentMethod: 'CARD' }));
    await fiscalRow(id, 'PENDING', null);
    const en = await view(id, 'en');
    expect(en).toMatchObject({ language: 'en', fiscal: { jirText: 'late delivery in progress' } });
    const text = pdfText(await pdf(id, 'en'));
    expect(text).toMatch(/JIR\s+late delivery in progress/);
    expect(text).toMatch(/Payment method\s+Card/);
    expect(text).toMatch(/Operator\s+Ana Operater/);

    const note = dataOf<{ id: number }>(await h.request('POST', `/api/v1/invoice/${id}/credit-note`, { token, body: { reason: 'Povrat' } }));
    await fiscalRow(note.id, 'FISCALIZED', JIR);
    expect((await view(note.id, 'en')).fiscal?.verificationUrl).toMatch(/&izn=-12500$/);
  });

  it('an invoice without a RACUN row prints no fiscal block', async () => {
    const { id } = await create(invoiceBody(w.hr, [line(w.dev, 45)]));
    expect((await view(id)).fiscal).toBeNull();
    await fiscalRow(id, 'FISCALIZED', null, 'ERACUN');
    const v = await view(id);
    expect(v.fiscal).toBeNull();
    expect(v.notFiscalized).toBeNull();
    const text = pdfText(await pdf(id));
    expect(text).not.toContain('ZKI');
    expect(text).not.toContain('JIR');
    expect(text).not.toContain('FISKALIZIRANI');
  });
});

describe('a draft that would be fiscalized says it is not a fiscalized invoice (ZoF čl. 29)', () => {
  const draft = (clientId: number, paymentMethod: string) => create({ ...invoiceBody(clientId, [line(w.dev, 45)], { paymentMethod }), draft: true });

  it('to a private person by transfer, or to a business in cash or by card; not a transfer to a business', async () => {
    for (const [clientId, method] of [[world.clients.consumer, 'WIRE'], [w.hr, 'CASH'], [w.hr, 'CARD']] as const) {
      const { id } = await draft(clientId, method);
      const v = await view(id);
      expect(v, method).toMatchObject({ draft: true, fiscal: null, notFiscalized: 'OVO NIJE FISKALIZIRANI RAČUN' });
      const text = pdfText(await pdf(id));
      expect(text, method).toContain('OVO NIJE FISKALIZIRANI RAČUN');
      expect(text, method).not.toContain('ZKI');
    }
    const { id } = await draft(w.hr, 'WIRE');
    expect((await view(id)).notFiscalized).toBeNull();
    expect(pdfText(await pdf(id))).not.toContain('FISKALIZIRANI');
  });

  it('in English, beside the Croatian words the law asks for', async () => {
    const { id } = await draft(world.clients.foreignConsumer, 'WIRE');
    expect((await view(id, 'en')).notFiscalized).toBe('OVO NIJE FISKALIZIRANI RAČUN – THIS IS NOT A FISCALIZED INVOICE');
    const text = pdfText(await pdf(id, 'en')).replace(/\s+/g, ' ');
    expect(text).toContain('OVO NIJE FISKALIZIRANI RAČUN – THIS IS NOT A FISCALIZED INVOICE');
  });

  it("a draft reads its client's kind as it is today", async () => {
    const client = dataOf<{ id: number }>(
      await h.request('POST', '/api/v1/company', {
        token, body: { name: 'Ivo Ivić', email: 'ivo@example.hr', address: { address1: 'Ulica 1', city: 'Zadar', zip: '23000', countryCode: 'HR' } },
      }),
    );
    const { id } = await draft(client.id, 'WIRE');
    expect((await view(id)).notFiscalized).toBeNull();
    const update = await h.request('PUT', `/api/v1/company/${client.id}`, { token, body: { kind: 'CONSUMER', email: 'ivo@example.hr', pin: null } });
    expect(update.statusCode).toBe(200);
    expect((await view(id)).notFiscalized).toBe('OVO NIJE FISKALIZIRANI RAČUN');
  });
});

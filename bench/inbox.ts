/**
 * The inbox's rows of `npm run bench` (issue 46), ratios against baselines measured in the same run:
 * - I1: the inbox's first page at 10,000 received documents against the invoice list's first page
 *   at 10,000 invoices, the same server, sequential requests, interleaved (medians, ms);
 * - I2: importing 1,000 received e-invoices through `POST /api/v1/inbox/import` (in requests of 100
 *   files, each kept in its own transaction with its audit entry) against a bare XML parse of the
 *   same files with the reader's parser (@xmldom/xmldom), interleaved rounds on fresh numbers;
 * - I3: the dashboard's extra first read, `GET /api/v1/inbox/attention` (deadlines near or past,
 *   refusals, the last fetch) at 10,000 received documents, against the dashboard's own answer.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import type { Db } from '../apps/api/src/db/connection';
import { nowIso } from '../apps/api/src/db/time';
import type { BenchRow } from './table';

const SAMPLE = fs.readFileSync(path.resolve(import.meta.dirname, '../apps/api/test/inbox/samples/hr/eRacun_PDV25.xml'), 'utf8');
const withNumber = (number: string) => Buffer.from(SAMPLE.replace('<cbc:ID>1-P1-1</cbc:ID>', `<cbc:ID>${number}</cbc:ID>`), 'utf8');

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

async function importBatch(url: string, token: string, files: Buffer[], names: string[]): Promise<void> {
  const form = new FormData();
  files.forEach((bytes, i) => form.append('files', new Blob([new Uint8Array(bytes)], { type: 'application/xml' }), names[i]));
  const res = await fetch(`${url}/api/v1/inbox/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`import: ${res.status} ${text.slice(0, 300)}`);
  const answer = JSON.parse(text) as { data: { imported: number } };
  if (answer.data.imported !== files.length) throw new Error(`import: ${String(answer.data.imported)} of ${String(files.length)} kept`);
}

/** Received documents written in bulk as the import writes them (row and original), up to `count` in all. */
async function seedReceived(db: Db, count: number): Promise<void> {
  const have = Number((await db.selectFrom('received_document').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const template = await db.selectFrom('received_document').selectAll().orderBy('id').executeTakeFirstOrThrow();
  const { id: _id, ...row } = template;
  for (let start = have; start < count; start += 250) {
    const n = Math.min(250, count - start);
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < n; i++) {
        const number = `BULK-${String(start + i)}`;
        const bytes = withNumber(number);
        const day = `2026-${String(1 + ((start + i) % 12)).padStart(2, '0')}-${String(1 + ((start + i) % 28)).padStart(2, '0')}`;
        const { id } = await trx
          .insertInto('received_document')
          .values({ ...row, number, issue_date: day, search_text: `${number.toLowerCase()} ${row.supplier_name.toLowerCase()}`, sha256: createHash('sha256').update(bytes).digest('hex'), byte_size: bytes.length, received_at: nowIso() })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('received_document_file').values({ document_id: id, bytes }).execute();
      }
    });
  }
}

export async function measureInbox(
  api: { url: string; db: Db; token: () => string },
  options: { documents: number; imports: number; rounds: number; listRounds: number },
  log: (message: string) => void,
): Promise<Omit<BenchRow, 'database'>[]> {
  const rows: Omit<BenchRow, 'database'>[] = [];
  // I2: rounds of `imports` files each, on fresh numbers; the baseline parses the same bytes
  const importMs: number[] = [];
  const parseMs: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    const names = Array.from({ length: options.imports }, (_, i) => `R${String(round)}-${String(i)}`);
    const files = names.map(withNumber);
    const t0 = performance.now();
    for (const [i, doc] of files.entries()) {
      const parsed = new DOMParser().parseFromString(doc.toString('utf8'), 'application/xml');
      if (!parsed.documentElement) throw new Error(`not parsed: ${String(i)}`);
    }
    parseMs.push(performance.now() - t0);
    const t1 = performance.now();
    for (let i = 0; i < files.length; i += 100) await importBatch(api.url, api.token(), files.slice(i, i + 100), names.slice(i, i + 100).map((n) => `${n}.xml`));
    importMs.push(performance.now() - t1);
    log(`inbox import round ${String(round + 1)}: ${importMs.at(-1)!.toFixed(0)} ms vs parse ${parseMs.at(-1)!.toFixed(0)} ms`);
  }
  rows.push({
    id: 'I2',
    what: `import ${String(options.imports)} received e-invoices vs bare XML parse`,
    value: median(importMs),
    baseline: median(parseMs),
    unit: 'ms',
    direction: '<=',
    goal: 10,
    note: `I2: ${(median(importMs) / options.imports).toFixed(2)} ms per file kept (read, SHA-256, duplicate check, row, original, audit entry) vs ${(median(parseMs) / options.imports).toFixed(3)} ms per parse`,
  });

  // I1: the inbox at `documents` received documents against the invoice list
  await seedReceived(api.db, options.documents);
  const get = async (pathname: string) => {
    const t0 = performance.now();
    const res = await fetch(`${api.url}${pathname}`, { headers: { authorization: `Bearer ${api.token()}` } });
    if (res.status !== 200) throw new Error(`${pathname}: ${String(res.status)}`);
    await res.arrayBuffer();
    return performance.now() - t0;
  };
  /** Two reads of the same server, warmed up, then interleaved rounds: each one's times (ms). */
  const interleaved = async (measured: string, baseline: string): Promise<[number[], number[]]> => {
    for (let i = 0; i < 5; i++) {
      await get(measured);
      await get(baseline);
    }
    const values: number[] = [];
    const baselines: number[] = [];
    for (let r = 0; r < options.listRounds; r++) {
      baselines.push(await get(baseline));
      values.push(await get(measured));
    }
    return [values, baselines];
  };
  const [inbox, invoices] = await interleaved('/api/v1/inbox', '/api/v1/invoice/list');
  rows.push({
    id: 'I1',
    what: `inbox first page, ${String(options.documents)} received vs invoice list`,
    value: median(inbox),
    baseline: median(invoices),
    unit: 'ms',
    direction: '<=',
    goal: 1.5,
  });

  // I3: what the dashboard's extra first read (the received documents' deadlines and the last fetch)
  // costs against the dashboard's own answer, at `documents` received documents
  const [attention, dashboard] = await interleaved('/api/v1/inbox/attention', '/api/v1/dashboard');
  rows.push({
    id: 'I3',
    what: `dashboard's inbox attention read, ${String(options.documents)} received vs the dashboard`,
    value: median(attention),
    baseline: median(dashboard),
    unit: 'ms',
    direction: '<=',
    // it is asked beside the dashboard's own read, at the same time: never slower, so it never delays the first screen
    goal: 1,
  });
  return rows;
}

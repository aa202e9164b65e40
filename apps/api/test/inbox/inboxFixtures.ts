import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Harness } from '../harness';

/** The official sample e-invoices (Porezna uprava's HR CIUS examples, EN 16931's, the validated ones), copied into samples/. */
const SHARED = fileURLToPath(new URL('./samples/', import.meta.url));
export const SAMPLE_DIRS = ['hr', 'valid', 'en16931'].map((dir) => path.join(SHARED, dir));
export const samples = (): { name: string; file: string }[] =>
  SAMPLE_DIRS.flatMap((dir) => fs.readdirSync(dir).filter((f) => f.endsWith('.xml')).map((f) => ({ name: `${path.basename(dir)}/${f}`, file: path.join(dir, f) })));
export const sampleBytes = (relative: string) => fs.readFileSync(path.join(SHARED, relative));

export interface Upload {
  name: string;
  bytes: Buffer | Uint8Array | string;
  type?: string;
}

/** A multipart body as a browser's FormData sends it: one file part per upload. */
export async function multipart(files: Upload[], extra: Record<string, string> = {}): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(extra)) form.append(key, value);
  for (const file of files) form.append('files', new Blob([typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes)], { type: file.type ?? 'application/xml' }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type') ?? '' } };
}

/** POST /api/v1/inbox/import with these files. */
export async function importFiles(h: Harness, token: string, files: Upload[], lang = 'hr') {
  const { payload, headers } = await multipart(files);
  return h.app
    .inject({ method: 'POST', url: '/api/v1/inbox/import', payload, headers: { ...headers, authorization: `Bearer ${token}`, 'accept-language': lang } })
    .then((res) => res);
}

/** The sample with its buyer replaced by `oib` (as if it had been sent to us). */
export function addressedTo(xml: Buffer, oib: string, number?: string): Buffer {
  let text = xml.toString('utf8');
  text = text.replace(/(<cac:AccountingCustomerParty>[\s\S]*?<\/cac:AccountingCustomerParty>)/, (party) =>
    party.replace(/<cbc:EndpointID schemeID="9934">\d{11}</, `<cbc:EndpointID schemeID="9934">${oib}<`).replace(/<cbc:CompanyID>HR\d{11}</g, `<cbc:CompanyID>HR${oib}<`),
  );
  if (number) text = text.replace(/<cbc:ID>[^<]*<\/cbc:ID>/, `<cbc:ID>${number}</cbc:ID>`);
  return Buffer.from(text, 'utf8');
}

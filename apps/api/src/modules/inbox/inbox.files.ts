import yauzl from 'yauzl';
import type { ErrorCode } from '@faktura/shared';

/**
 * The files of an import, unpacked: an XML file as it is, a zip's entries one by one (issue 46).
 * Limits that keep a hostile upload from exhausting the server, each refused with its reason and
 * nothing of that file kept:
 * - one XML document: at most `MAX_XML_BYTES` (an e-invoice with its embedded PDF is a few MB);
 * - one uploaded file (XML or zip): at most `MAX_UPLOAD_BYTES`;
 * - a zip: at most `MAX_ZIP_ENTRIES` entries and `MAX_ZIP_UNPACKED_BYTES` unpacked in all, read from
 *   its central directory before anything is unpacked and checked again while unpacking (yauzl's
 *   `validateEntrySizes`: an entry that unpacks to more than it declared is an error), so a zip bomb
 *   is refused whole, before one document of it is kept. Zips inside zips are not opened.
 */
export const MAX_XML_BYTES = 20 * 1024 * 1024;
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
export const MAX_ZIP_ENTRIES = 2000;
export const MAX_ZIP_UNPACKED_BYTES = 500 * 1024 * 1024;
export const MAX_FILES = 2000;

export type Unpacked = { file: string; bytes: Buffer } | { file: string; refused: ErrorCode; params: Record<string, string> };

const mb = (bytes: number) => String(Math.round(bytes / 1024 / 1024));
const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;
const isEmptyZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x06054b50;

function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, decodeStrings: true }, (error, zip) => {
      if (error || !zip) reject(error ?? new Error('no archive'));
      else resolve(zip);
    });
  });
}

function entriesOf(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) {
        reject(error ?? new Error('no stream'));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_XML_BYTES) {
          stream.destroy(new Error(`the entry unpacks to more than ${mb(MAX_XML_BYTES)} MB`));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('end', () => resolve(Buffer.concat(chunks)));
      stream.on('error', reject);
    });
  });
}

/** What an entry of a zip is: a document to read, or something skipped without a word (folders, macOS's resource forks). */
const skipped = (name: string) => name.endsWith('/') || name.startsWith('__MACOSX/') || /(^|\/)\.DS_Store$/.test(name);

async function unzip(archive: string, bytes: Buffer): Promise<Unpacked[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(bytes);
  } catch (error) {
    return [{ file: archive, refused: 'inboxZipInvalid', params: { file: archive, detail: error instanceof Error ? error.message.slice(0, 200) : 'unreadable' } }];
  }
  try {
    if (zip.entryCount > MAX_ZIP_ENTRIES) return [{ file: archive, refused: 'inboxZipTooMany', params: { file: archive, limit: String(MAX_ZIP_ENTRIES) } }];
    let entries: yauzl.Entry[];
    try {
      entries = (await entriesOf(zip)).filter((e) => !skipped(e.fileName));
    } catch (error) {
      return [{ file: archive, refused: 'inboxZipInvalid', params: { file: archive, detail: error instanceof Error ? error.message.slice(0, 200) : 'unreadable' } }];
    }
    const declared = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
    if (declared > MAX_ZIP_UNPACKED_BYTES) return [{ file: archive, refused: 'inboxZipTooLarge', params: { file: archive, limit: mb(MAX_ZIP_UNPACKED_BYTES) } }];
    // unpack everything first: an entry that lies about its size refuses the archive whole
    const out: Unpacked[] = [];
    for (const entry of entries) {
      const file = `${archive}/${entry.fileName}`;
      if (entry.uncompressedSize > MAX_XML_BYTES) {
        out.push({ file, refused: 'inboxTooLarge', params: { file, limit: mb(MAX_XML_BYTES) } });
        continue;
      }
      try {
        const content = await readEntry(zip, entry);
        out.push(isZip(content) ? { file, refused: 'inboxNestedZip', params: { file } } : { file, bytes: content });
      } catch (error) {
        return [{ file: archive, refused: 'inboxZipTooLarge', params: { file: archive, limit: mb(MAX_ZIP_UNPACKED_BYTES), detail: error instanceof Error ? error.message : '' } }];
      }
    }
    return out;
  } finally {
    zip.close();
  }
}

/** One uploaded file: an XML document, or a zip of them. `truncated`: it went past the upload limit. */
export async function unpack(file: string, bytes: Buffer, truncated: boolean): Promise<Unpacked[]> {
  if (truncated) return [{ file, refused: 'inboxTooLarge', params: { file, limit: mb(isZip(bytes) ? MAX_UPLOAD_BYTES : MAX_XML_BYTES) } }];
  if (isZip(bytes) || isEmptyZip(bytes)) return unzip(file, bytes);
  if (bytes.length > MAX_XML_BYTES) return [{ file, refused: 'inboxTooLarge', params: { file, limit: mb(MAX_XML_BYTES) } }];
  return [{ file, bytes }];
}

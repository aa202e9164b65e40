import bwipjs from 'bwip-js/node';
import { LRUCache } from 'lru-cache';
import { PNG } from 'pngjs';
import { verificationQrPng } from '../../fiscalization';

type RenderOptions = Parameters<typeof bwipjs.toBuffer>[0];

/**
 * A barcode as an 8-bit grey PNG without an alpha channel: the same pixels (bwip-js draws black on an
 * opaque white background, but always writes RGBA), a fifth of the bytes. pdfkit embeds such a PNG as
 * it is; one with an alpha channel it inflates, splits and deflates again, asynchronously, on every
 * PDF, and two of them in one PDF (a payment code and a fiscalized invoice's QR code) finished in
 * either order and so wrote the PDF's objects in either order: the same issued invoice was then not
 * always the same file (the e-invoice's embedded PDF, the export's, the download's), and every PDF
 * paid for the round trip (a third of its time).
 */
export function opaqueGrey(png: Buffer): Buffer {
  return PNG.sync.write(PNG.sync.read(png), { colorType: 0, inputHasAlpha: true, bgColor: { red: 255, green: 255, blue: 255 } });
}

/** Symbology options (eclevel, columns, rowmult) are BWIPP's own and not in bwip-js's types. */
async function render(options: Record<string, unknown>): Promise<Buffer> {
  return opaqueGrey(await bwipjs.toBuffer(options as unknown as RenderOptions));
}

/**
 * Payment codes as PNG images: white background and a quiet zone all round, or scanners fail.
 * Rendered at a high scale so they stay sharp when printed on A4.
 */
export function renderPdf417(payload: string): Promise<Buffer> {
  // HUB-3A: PDF417, error-correction level 4, 9 data columns, rows 3 modules high
  return render({
    bcid: 'pdf417',
    text: payload,
    eclevel: 4,
    columns: 9,
    rowmult: 3,
    scale: 3,
    paddingwidth: 10,
    paddingheight: 10,
    backgroundcolor: 'FFFFFF',
  });
}

export function renderQr(payload: string): Promise<Buffer> {
  // EPC069-12: QR with error correction M
  return render({
    bcid: 'qrcode',
    text: payload,
    eclevel: 'M',
    scale: 6,
    paddingwidth: 4,
    paddingheight: 4,
    backgroundcolor: 'FFFFFF',
  });
}

export const toDataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/**
 * Rendered codes by their payload. The payload is everything the image is made of, so the same
 * payload always gives the same image; an issued invoice's payload never changes, so its code is
 * rendered once. Bounded: the least recently used image is dropped first (a few KiB each).
 */
const rendered = new LRUCache<string, Promise<Buffer>>({ max: 256 });

export function cachedCode(kind: 'HUB3' | 'EPC', payload: string): Promise<Buffer> {
  const key = `${kind}\n${payload}`;
  const known = rendered.get(key);
  if (known) return known;
  const png = kind === 'HUB3' ? renderPdf417(payload) : renderQr(payload);
  rendered.set(key, png);
  // a failed rendering is not kept
  png.catch(() => {
    if (rendered.peek(key) === png) rendered.delete(key);
  });
  return png;
}

/**
 * A fiscalized invoice's QR code (decision 031) by the link it holds, with the size it is drawn at;
 * cached as the payment codes are (the link changes only when the JIR arrives).
 */
const verificationQrs = new LRUCache<string, Promise<{ png: Buffer; sizeMm: number }>>({ max: 256 });

export function cachedVerificationQr(url: string): Promise<{ png: Buffer; sizeMm: number }> {
  const known = verificationQrs.get(url);
  if (known) return known;
  const qr = verificationQrPng(url).then((image) => ({ ...image, png: opaqueGrey(image.png) }));
  verificationQrs.set(url, qr);
  qr.catch(() => {
    if (verificationQrs.peek(url) === qr) verificationQrs.delete(url);
  });
  return qr;
}

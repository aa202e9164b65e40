import bwipjs from 'bwip-js/node';
import { LRUCache } from 'lru-cache';
import { verificationQrPng } from '../../fiscalization';

type RenderOptions = Parameters<typeof bwipjs.toBuffer>[0];

/** Symbology options (eclevel, columns, rowmult) are BWIPP's own and not in bwip-js's types. */
function render(options: Record<string, unknown>): Promise<Buffer> {
  return bwipjs.toBuffer(options as unknown as RenderOptions);
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
  const qr = verificationQrPng(url);
  verificationQrs.set(url, qr);
  qr.catch(() => {
    if (verificationQrs.peek(url) === qr) verificationQrs.delete(url);
  });
  return qr;
}

import bwipjs from 'bwip-js/node';
import { zagrebTime } from '../soap';

/**
 * The QR code every fiscalized invoice carries (TS-F1 2.7; ZoF čl. 7): a link to the Tax
 * Administration's check page with the JIR (or, while the invoice waits for one, its ZKI), the date
 * and time of issue (`YYYYMMDD_HHMM`, Croatian local time) and the total in cents without leading
 * zeros or separators (negative with `-`). QR model 2 of the smallest version, error correction at
 * least L, at least 2 × 2 cm with at least 2 mm of empty space all round, nothing drawn on it.
 * bwip-js draws it.
 */
export const QR_MIN_SIZE_MM = 20;
export const QR_MIN_QUIET_ZONE_MM = 2;
const CHECK_PAGE = 'https://porezna.gov.hr/rn';

export interface VerificationData {
  /** The JIR once the service gave one; otherwise the ZKI is linked. */
  jir: string | null;
  zki: string;
  issuedAt: Date;
  totalCents: number;
}

/** The link the QR code holds: `https://porezna.gov.hr/rn?jir=…&datv=20260302_0915&izn=12500`. */
export function verificationUrl(data: VerificationData): string {
  const t = zagrebTime(data.issuedAt);
  const id = data.jir ? `jir=${data.jir}` : `zki=${data.zki}`;
  const cents = String(data.totalCents);
  if (!Number.isSafeInteger(data.totalCents) || cents.length > 10) throw new Error('the QR code carries at most 10 characters of amount');
  return `${CHECK_PAGE}?${id}&datv=${t.year}${t.month}${t.day}_${t.hour}${t.minute}&izn=${cents}`;
}

/** bwip-js's units per QR module at scale 1. */
const UNITS_PER_MODULE = 2;
const options = (url: string) => ({ bcid: 'qrcode', text: url, eclevel: 'L', backgroundcolor: 'FFFFFF' });

/** How many modules wide the symbol is, and the quiet zone (in modules) that gives at least 2 mm at 2 cm. */
function geometry(url: string): { modules: number; quiet: number } {
  const bare = bwipjs.toSVG({ ...options(url), scale: 1 });
  const units = Number(/viewBox="0 0 (\d+) /.exec(bare)?.[1]);
  if (!units) throw new Error('bwip-js drew no QR code');
  const modules = units / UNITS_PER_MODULE;
  // ISO/IEC 18004 asks for four modules; more when four would be under 2 mm at 2 cm
  return { modules, quiet: Math.max(4, Math.ceil((QR_MIN_QUIET_ZONE_MM * modules) / QR_MIN_SIZE_MM)) };
}

export interface QrImage {
  /** The edge of the whole image, quiet zone included, at which the symbol itself is 2 cm. */
  sizeMm: number;
}

/** The QR code as SVG whose width and height are in millimetres (the symbol 2 cm, the quiet zone included). */
export function verificationQrSvg(url: string): QrImage & { svg: string } {
  const { modules, quiet } = geometry(url);
  const sizeMm = (QR_MIN_SIZE_MM * (modules + 2 * quiet)) / modules;
  const padding = quiet * UNITS_PER_MODULE;
  const svg = bwipjs
    .toSVG({ ...options(url), scale: 1, paddingwidth: padding, paddingheight: padding })
    .replace('<svg ', `<svg width="${sizeMm.toFixed(2)}mm" height="${sizeMm.toFixed(2)}mm" `);
  return { svg, sizeMm };
}

/** The QR code as a PNG (8 pixels a module, white quiet zone), to be placed `sizeMm` wide. */
export async function verificationQrPng(url: string): Promise<QrImage & { png: Buffer }> {
  const { modules, quiet } = geometry(url);
  // bwip-js's PNG padding is in pixels at scale 1, before scaling: one module is 2 of them at scale 1
  const png = await bwipjs.toBuffer({ ...options(url), scale: 4, paddingwidth: quiet * UNITS_PER_MODULE, paddingheight: quiet * UNITS_PER_MODULE });
  return { png, sizeMm: (QR_MIN_SIZE_MM * (modules + 2 * quiet)) / modules };
}

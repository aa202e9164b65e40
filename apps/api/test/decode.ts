import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { PNG } from 'pngjs';

/**
 * Decodes a barcode PNG with ZXing (a decoder no one here wrote), as a phone's banking app would.
 */
export function decodePng(png: Buffer, format: 'PDF_417' | 'QR_CODE'): string {
  const image = PNG.sync.read(png);
  const luminance = new Uint8ClampedArray(image.width * image.height);
  for (let i = 0; i < luminance.length; i++) {
    const r = image.data[i * 4] ?? 255;
    const g = image.data[i * 4 + 1] ?? 255;
    const b = image.data[i * 4 + 2] ?? 255;
    luminance[i] = Math.round((r + 2 * g + b) / 4);
  }
  const source = new RGBLuminanceSource(luminance, image.width, image.height);
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat[format]]],
    [DecodeHintType.TRY_HARDER, true],
    [DecodeHintType.CHARACTER_SET, 'UTF-8'],
  ]);
  return reader.decode(new BinaryBitmap(new HybridBinarizer(source)), hints).getText();
}

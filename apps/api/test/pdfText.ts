import { spawnSync } from 'node:child_process';

/** The text of a PDF as poppler's pdftotext lays it out (what a reader of the printout sees). */
export function pdfText(pdf: Buffer): string {
  const result = spawnSync('pdftotext', ['-layout', '-', '-'], { input: pdf });
  if (result.status !== 0) throw new Error(`pdftotext failed: ${String(result.stderr)}`);
  return result.stdout.toString('utf8');
}

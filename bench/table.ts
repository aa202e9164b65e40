/**
 * One row of the benchmark table and the printer every part of the benchmark uses (`bench/run.ts`
 * for the API rows, `bench/web.ts` for the web bundle rows), so they all read the same way:
 * the figure, what it is compared with (measured in the same run), the ratio and the goal.
 */
export interface BenchRow {
  /** The issue's id of the figure: P1..P5, S1..S4. */
  id: string;
  /** What was measured, in a few words (the database is added by the printer when given). */
  what: string;
  /** The database the figure was measured on, or undefined when it does not depend on one. */
  database?: 'sqlite' | 'postgres' | undefined;
  value: number;
  baseline: number;
  /** Unit of `value` and `baseline` (ms, req/s, KiB, MiB, inv/s ...). */
  unit: string;
  /** `>=`: the ratio value/baseline must be at least `goal`; `<=`: at most. */
  direction: '>=' | '<=';
  goal: number;
  /** Extra facts printed after the table (gaps, errors, sample counts). */
  note?: string | undefined;
}

export const ratioOf = (row: Pick<BenchRow, 'value' | 'baseline'>): number =>
  row.baseline === 0 ? Number.POSITIVE_INFINITY : row.value / row.baseline;

export const isMet = (row: BenchRow): boolean =>
  row.direction === '>=' ? ratioOf(row) >= row.goal : ratioOf(row) <= row.goal;

function figure(value: number, unit: string): string {
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${unit}`;
}

function ratioText(ratio: number): string {
  if (!Number.isFinite(ratio)) return '∞';
  return `${ratio >= 10 ? ratio.toFixed(1) : ratio >= 0.1 ? ratio.toFixed(2) : ratio.toFixed(3)}x`;
}

/** The table as text: id, what, value, baseline, ratio, goal, met?; notes below it. */
export function formatTable(rows: readonly BenchRow[]): string {
  const header = ['id', 'what', 'value', 'baseline', 'ratio', 'goal', 'met?'];
  const body = rows.map((row) => [
    row.id,
    row.database ? `${row.what} [${row.database}]` : row.what,
    figure(row.value, row.unit),
    figure(row.baseline, row.unit),
    ratioText(ratioOf(row)),
    `${row.direction === '>=' ? '≥' : '≤'} ${row.goal}x`,
    isMet(row) ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]?.length ?? 0)));
  const numeric = new Set([2, 3, 4]);
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (numeric.has(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0))).join(' | ')} |`;
  const out = [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)];
  const notes = rows.filter((row) => row.note).map((row) => `${row.id}${row.database ? ` [${row.database}]` : ''}: ${row.note}`);
  if (notes.length > 0) out.push('', ...notes);
  return out.join('\n');
}

export function printTable(rows: readonly BenchRow[]): void {
  console.log(formatTable(rows));
}

/**
 * JOPPD label: the last two digits of the year followed by the day of the year padded to three
 * digits (1 January 2026 -> "26001", 31 December 2024 -> "24366").
 */
export function dayOfYear(isoDate: string): number {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const start = Date.UTC(year, 0, 1);
  return Math.round((Date.UTC(year, month - 1, day) - start) / 86_400_000) + 1;
}

export function joppdLabel(isoDate: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) throw new Error(`not an ISO date: ${isoDate}`);
  const year = Number(isoDate.slice(0, 4));
  return `${String(year % 100).padStart(2, '0')}${String(dayOfYear(isoDate)).padStart(3, '0')}`;
}

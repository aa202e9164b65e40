import { isReportMonth, previousMonth, todayInZagreb } from '@faktura/shared';

/** The month a report shows: `?month=YYYY-MM` when valid, else the month before this one (the one due). */
export function reportMonth(params: URLSearchParams, today = todayInZagreb()): string {
  const asked = params.get('month');
  return asked && isReportMonth(asked) ? asked : previousMonth(today.slice(0, 7));
}

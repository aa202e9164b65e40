import { type Language, isReportMonth, previousMonth, todayInZagreb } from '@faktura/shared';

/** The month a report shows: `?month=YYYY-MM` when valid, else the month before this one (the one due). */
export function reportMonth(params: URLSearchParams, today = todayInZagreb()): string {
  const asked = params.get('month');
  return asked && isReportMonth(asked) ? asked : previousMonth(today.slice(0, 7));
}

const monthNames = new Map<Language, Intl.DateTimeFormat>();
/** "studeni 2026." / "November 2026": the month picker's buttons as a screen reader says them. */
export function monthName(date: string, language: Language): string {
  let format = monthNames.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'hr' ? 'hr-HR' : 'en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    monthNames.set(language, format);
  }
  return format.format(new Date(`${date.slice(0, 10)}T00:00:00Z`));
}

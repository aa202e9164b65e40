import { type Language, localeOf } from '@faktura/shared';

/** A month's name standing alone ("siječanj", "January"). */
export function monthName(month: number, language: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, month - 1, 1)));
}

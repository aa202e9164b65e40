import { timeInZagreb, todayInZagreb } from '../domain/dates';
import type { Language } from '../i18n/types';

/** The Intl locale of each language: numbers and month names. */
export const localeOf = (language: Language) => (language === 'hr' ? 'hr-HR' : 'en-GB');

// Made on first use: building an Intl formatter loads its locale's data, which a Croatian screen never needs.
let english: Intl.DateTimeFormat | undefined;

/**
 * An ISO day as people of the language write it, on screens and on paper alike: Croatian
 * `2. 3. 2026.` (Intl's hr-HR writes "02. 03. 2026."; Croatian orthography, Pravopis, writes the
 * ordinal day and month without leading zeros), English `2 Mar 2026`. Read from the string itself,
 * so no time zone can move it a day.
 */
export function formatDate(iso: string, language: Language): string {
  const [year = '', month = '', day = ''] = iso.slice(0, 10).split('-');
  if (language === 'hr') return `${Number(day)}. ${Number(month)}. ${year}.`;
  english ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return english.format(new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))));
}

/**
 * A day and a time of day (`HH:mm` or `HH:mm:ss`, Croatian time) as people read them, the day as
 * `formatDate` writes it: `26. 11. 2026. 17:49` / `26 Nov 2026, 17:49`.
 */
export function formatDayTime(day: string, time: string, language: Language): string {
  const clock = time.slice(0, 5);
  return language === 'hr' ? `${formatDate(day, 'hr')} ${clock}` : `${formatDate(day, 'en')}, ${clock}`;
}

/**
 * A moment (an ISO timestamp) as people read it, in Croatian time (Europe/Zagreb), wherever they
 * are: `26. 11. 2026. 17:49` / `26 Nov 2026, 17:49`. The one date-and-time format of the screens.
 */
export function formatDateTime(iso: string, language: Language): string {
  const moment = new Date(iso);
  return formatDayTime(todayInZagreb(moment), timeInZagreb(moment), language);
}

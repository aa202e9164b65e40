import { croatianHolidaysOn, type Language } from '@faktura/shared';

/**
 * How a date picker shows its day (a dayjs format), as every date on screen is written (the shared
 * `formatDate`): "2. 3. 2026." / "2 Mar 2026". Only what is shown: the picker's value, and the form's,
 * stays the ISO day `yyyy-mm-dd` (Mantine's `valueFormat` formats the display alone).
 */
export function dateInputFormat(language: Language): string {
  return language === 'hr' ? 'D. M. YYYY.' : 'D MMM YYYY';
}

/**
 * What a picker's day says when it is a Croatian public holiday (issue 31): its name as the day's
 * title and accessible description ("Blagdan: Božić"), and a subtle mark (the holiday's number in red, no
 * fill). `t` names the holidays in the UI language; a day that is none gets nothing.
 */
export function holidayDayProps(t: (key: string, options?: Record<string, unknown>) => string) {
  return (date: string) => {
    const day = date.slice(0, 10);
    const names = croatianHolidaysOn(day);
    if (names.length === 0) return {};
    const title = t('app.calendar.holiday', { name: names.map((name) => t(`app.calendar.holidays.${name}`)).join(', ') });
    // the title is the day button's accessible description; its name stays the calendar's own ("1 studenoga 2026")
    return { title, 'data-holiday': true, style: { color: 'var(--mantine-color-red-7)' } };
  };
}

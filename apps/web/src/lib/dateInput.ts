import type { Language } from '@faktura/shared';

/**
 * How a date picker shows its day (a dayjs format), as every date on screen is written (the shared
 * `formatDate`): "2. 3. 2026." / "2 Mar 2026". Only what is shown: the picker's value, and the form's,
 * stays the ISO day `yyyy-mm-dd` (Mantine's `valueFormat` formats the display alone).
 */
export function dateInputFormat(language: Language): string {
  return language === 'hr' ? 'D. M. YYYY.' : 'D MMM YYYY';
}

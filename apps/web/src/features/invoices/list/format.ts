import { parseIsoDate, type Language } from '@faktura/shared';

const locale = (language: Language) => (language === 'hr' ? 'hr-HR' : 'en-GB');

/**
 * An ISO day for people: "2. 3. 2026." in Croatian (written without leading zeros, which Intl's
 * "02. 03. 2026." adds), "2 Mar 2026" in English, formatted in UTC because the day is parsed as UTC
 * midnight; a time zone west of UTC would otherwise show the day before.
 */
export function formatDay(iso: string, language: Language): string {
  if (language === 'hr') {
    const [year, month, day] = iso.split('-');
    return `${Number(day)}. ${Number(month)}. ${year}.`;
  }
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(parseIsoDate(iso));
}

/** A month's short name (1 = January): "sij" / "Jan". */
export function monthName(month: number, language: Language): string {
  return new Intl.DateTimeFormat(locale(language), { month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, month - 1, 1)),
  );
}

/** Euro amounts for a chart axis, where full cents would crowd the labels: "13 tis. €" / "€13K". */
export function compactEuro(amount: number, language: Language): string {
  return new Intl.NumberFormat(locale(language), {
    style: 'currency',
    currency: 'EUR',
    notation: 'compact',
  }).format(amount);
}

import { formatDate, formatMoney, localeOf as locale, type Language } from '@faktura/shared';

/** An ISO day for people, as print writes it too: "2. 3. 2026." / "2 Mar 2026" (the shared formatter). */
export function formatDay(iso: string, language: Language): string {
  return formatDate(iso, language);
}

/**
 * An invoice's total as the language on screen writes it, from its cents and currency (the shared
 * formatter; issue 11): "1.435,56 €" / "€1,435.56". Answers carry `amountFormatted` for other
 * clients, always in Croatian; the screens write their own, so a language switch needs no refetch.
 */
export function formatAmount(row: { totalCents: number; currencyCode: string }, language: Language): string {
  return formatMoney(row.totalCents, row.currencyCode, language);
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
